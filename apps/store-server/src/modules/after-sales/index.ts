import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { buyerAfterSalesRoutes } from './after-sales.buyer';
import { AfterSalesRepository } from './after-sales.repository';
import { afterSalesRoutes } from './after-sales.routes';
import { AfterSalesService } from './after-sales.service';

export { BUYER_AFTER_SALES_PATHS } from './after-sales.buyer';
/** The after-sales lists' definitions, for exports of the same filtered lists (modules/exports). */
export { complaintList, evaluationList, refundList } from './after-sales.lists';

/** The after-sales module (docs/orders.md): refunds and their ledger, complaints (disputes) and reviews. */
export function afterSalesModule(deps: { db: Kysely<StoreDatabase>; clock: Clock; buyerKey?: string }): { routes: StoreRoute[]; service: AfterSalesService } {
  const service = new AfterSalesService(new AfterSalesRepository(deps.db), deps.clock);
  return { routes: [...afterSalesRoutes(service), ...buyerAfterSalesRoutes(service, deps.buyerKey)], service };
}
