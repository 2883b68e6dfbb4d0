// The provider delivery module (issue 27 §6, docs/merchant-centre.md "Service-provider delivery"): the store's
// calls and the operator's suspend/resume route for the composition root.
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { ProviderDeliveryRepository } from './provider-delivery.repository';
import { providerDeliveryOperatorRoutes, providerDeliveryRoutes } from './provider-delivery.routes';
import { ProviderDeliveryService } from './provider-delivery.service';

export {
  OPERATOR_PROVIDER_CONTRACTS_PATH_PREFIX,
  PROVIDER_CONTRACT_OPERATOR_ACTIONS,
  providerContractOperatorCommandSchema,
  type ProviderContractOperatorCommand,
} from './provider-delivery.routes';
export type { ProviderContractOperatorView } from './provider-delivery.service';

export function providerDeliveryModule(deps: { db: Kysely<StoreDatabase>; clock: Clock; operatorKey?: string }): { routes: StoreRoute[] } {
  const service = new ProviderDeliveryService(new ProviderDeliveryRepository(deps.db), deps.clock);
  return { routes: [...providerDeliveryRoutes(service), ...providerDeliveryOperatorRoutes(service, deps.operatorKey)] };
}
