import { describeValidationError, providerDeliveryEndpoints as api } from '@merchant/api-contracts';
import { z } from 'zod';
import { keyedRoute } from '../../http/keyed-route';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { ProviderDeliveryService } from './provider-delivery.service';

/** Issue 27 §6 provider delivery (contracts: @merchant/api-contracts endpoints/provider-delivery). */
export function providerDeliveryRoutes(service: ProviderDeliveryService): StoreRoute[] {
  return [
    contractRoute(api.providerList, () => service.providers()),
    contractRoute(api.contractList, (biz, caller) => service.list(caller, biz)),
    contractRoute(api.contractDetail, (biz, caller) => service.detail(caller, biz.contractId)),
    contractRoute(api.openContract, (biz, caller) => service.open(caller, biz.providerId)),
    contractRoute(api.signContract, (biz, caller) => service.sign(caller, biz)),
    contractRoute(api.closeContract, (biz, caller) => service.close(caller, biz)),
  ];
}

export const OPERATOR_PROVIDER_CONTRACTS_PATH_PREFIX = '/operator/provider-contracts';
/** The operator's commands: the platform suspends or resumes; the provider's own suspension is relayed by the platform. */
export const PROVIDER_CONTRACT_OPERATOR_ACTIONS = ['suspend', 'resume', 'provider-suspend'] as const;

export const providerContractOperatorCommandSchema = z
  .object({
    action: z.enum(PROVIDER_CONTRACT_OPERATOR_ACTIONS),
    contractId: z.coerce.number().int().positive(),
    reason: z.string().trim().min(1).max(200).optional(),
  })
  .refine((command) => command.action === 'resume' || command.reason !== undefined, { message: 'a suspension needs --reason', path: ['reason'] });
export type ProviderContractOperatorCommand = z.output<typeof providerContractOperatorCommandSchema>;

/**
 * POST /operator/provider-contracts/:contractId/suspend|resume|provider-suspend with `x-operator-key` (plain JSON,
 * like the other operator routes in modules/operator); absent without an operator key.
 */
export function providerDeliveryOperatorRoutes(service: ProviderDeliveryService, operatorKey: string | undefined): StoreRoute[] {
  if (!operatorKey) return [];
  const path = `${OPERATOR_PROVIDER_CONTRACTS_PATH_PREFIX}/:contractId/:action`;
  return [
    keyedRoute(path, { header: 'x-operator-key', key: operatorKey, keyRequired: 'operator key required' }, (params, body) => {
      const input = { action: params.action, contractId: params.contractId, reason: body.reason };
      const parsed = providerContractOperatorCommandSchema.safeParse(input);
      if (!parsed.success) return { ok: false, message: describeValidationError(parsed.error, input) };
      const { action, contractId, reason } = parsed.data;
      return {
        ok: true,
        run: () =>
          action === 'resume'
            ? service.operatorStep(contractId, 'resume', 'platform', null)
            : service.operatorStep(contractId, 'suspend', action === 'provider-suspend' ? 'provider' : 'platform', reason ?? null),
      };
    }),
  ];
}
