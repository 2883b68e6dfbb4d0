// Issue 27 §6, service-provider delivery (console-spec §2 /shop/serviceProviderDelivery +detail, open, sign,
// closeserve; docs/merchant-centre.md "Service-provider delivery"). The store picks a provider from the
// platform's list and opens the service; it signs the provider's agreement (the text it was shown, by version;
// time and account recorded); the service runs until the store closes it, or the provider or the platform's
// operator suspends it. The states and who may move them: ../provider-delivery-machine.ts. Times are seconds.
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { PROVIDER_CONTRACT_MACHINE, type ProviderContractEvent, type ProviderContractState } from '../provider-delivery-machine';
import { rule } from '../rules';
import { STORE_CODES } from '../store-codes';

export const PROVIDER_DELIVERY_BASE = '/v1/store/eshop/store/providerDelivery';

export const PROVIDER_DELIVERY_LIMITS = { reasonMax: 200 } as const;

const id = () => z.number().int().positive();
const state = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) satisfies z.ZodType<ProviderContractState>;

/** A delivery service provider of the platform's list. */
export const deliveryProvider = z.strictObject({
  providerId: z.number().int().positive(),
  name: z.string(),
  /** Where it delivers, as the provider describes it. */
  serviceArea: z.string(),
  /** Its charges, as the provider describes them (the agreement says the same). */
  feeNote: z.string(),
  contactPhone: z.string(),
  /** The agreement the store signs now: its title and version. */
  agreementTitle: z.string(),
  agreementVersion: z.string(),
});

/** One step of a contract's history: who (actor, and the account for the store's own steps), when, why. */
export const providerContractStep = z.strictObject({
  event: z.enum(['open', 'sign', 'suspend', 'resume', 'close']),
  actor: z.enum(['merchant', 'provider', 'platform']),
  /** The store account that took the step (merchant steps), else null. */
  userName: z.string().nullable(),
  time: z.number().int(),
  reason: z.string().nullable(),
});

export const providerContract = z.strictObject({
  contractId: z.number().int().positive(),
  providerId: z.number().int().positive(),
  providerName: z.string(),
  state,
  agreementTitle: z.string(),
  /** The version of the agreement copied at opening: the text the store is shown and signs. */
  agreementVersion: z.string(),
  openTime: z.number().int(),
  openedBy: z.string(),
  /** Set once signed: when and by which account of the store. */
  signTime: z.number().int().nullable(),
  signedBy: z.string().nullable(),
  /** The last suspension while suspended: by whom and why; null otherwise. */
  suspendedBy: z.enum(['provider', 'platform']).nullable(),
  suspendReason: z.string().nullable(),
  closeTime: z.number().int().nullable(),
  closedBy: z.string().nullable(),
  closeReason: z.string().nullable(),
});

export const providerContractDetail = z.strictObject({
  contract: providerContract,
  provider: deliveryProvider,
  /** The agreement text as copied at opening (plain text, paragraphs separated by blank lines), in both languages. */
  agreementText: z.strictObject({ 'zh-CN': z.string(), 'en-US': z.string() }),
  steps: z.array(providerContractStep),
});

const contractIdBiz = z.object({ contractId: id() });
const errors = [STORE_CODES.notFound, STORE_CODES.notAllowedInCurrentState] as const;
const call = endpointsUnder(PROVIDER_DELIVERY_BASE);

/** What the store may do to a contract in `state` (the machine's merchant events), for the console's buttons. */
export const merchantProviderContractEvents = (contractState: number): ProviderContractEvent[] => PROVIDER_CONTRACT_MACHINE.eventsFrom(contractState, 'merchant');

export const providerDeliveryEndpoints = {
  providerList: call('providers', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: "The platform's delivery service providers a store may open the service with",
    biz: z.object({}),
    data: z.array(deliveryProvider),
  }),
  contractList: call('list', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: "The store's provider delivery contracts, newest first, by state",
    biz: z.object({ ...pageQueryShape, state: state.optional() }),
    data: pageResult(providerContract),
  }),
  contractDetail: call('detail', {
    access: 'user',
    permission: PERMISSIONS.shopView,
    summary: 'A contract with its provider, the agreement text it copied and its history',
    biz: contractIdBiz,
    data: providerContractDetail,
    errors,
  }),
  openContract: call('open', {
    access: 'user',
    permission: PERMISSIONS.providerDeliveryManage,
    summary: 'Open the service with a provider: a contract awaiting the signature (one contract not closed per store)',
    biz: z.object({ providerId: id() }),
    data: providerContractDetail,
    errors,
  }),
  signContract: call('sign', {
    access: 'user',
    permission: PERMISSIONS.providerDeliveryManage,
    summary: 'Sign the agreement shown (its version) and start the service; the time and the account are recorded',
    biz: z.object({
      contractId: id(),
      agreementVersion: z.string().trim().min(1).max(40),
      accepted: z.boolean().refine((value) => value, rule('required')),
    }),
    data: providerContractDetail,
    errors,
  }),
  closeContract: call('close', {
    access: 'user',
    permission: PERMISSIONS.providerDeliveryManage,
    summary: 'Close the service (an unsigned, running or suspended contract); final',
    biz: z.object({ contractId: id(), reason: z.string().trim().max(PROVIDER_DELIVERY_LIMITS.reasonMax).optional() }),
    data: providerContractDetail,
    errors,
  }),
};
