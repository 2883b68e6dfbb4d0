import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { buyerAfterSalesRoutes } from './after-sales.buyer';
import { AfterSalesRepository } from './after-sales.repository';
import { platformAfterSalesRoutes } from './after-sales.platform';
import { afterSalesRoutes } from './after-sales.routes';
import { AfterSalesService, type OrderCouponReturn } from './after-sales.service';

export { BUYER_AFTER_SALES_PATHS } from './after-sales.buyer';
export { END_COMPLAINT_PATH } from './after-sales.platform';
/** A refund the system decides (a failed group-buy team), on the caller's transaction, once per idempotency key. */
export { refundOrderBySystem, type SystemRefundInput, type SystemRefundOutcome } from './after-sales.system-refund';
/** The after-sales lists' definitions, for exports of the same filtered lists (modules/exports). */
export { complaintList, evaluationList, refundList } from './after-sales.lists';

/**
 * The after-sales module (docs/orders.md): refunds and their ledger, complaints (disputes) and reviews; the
 * buyer's keyed routes with `buyerKey`, the platform's complaint ruling with `operatorKey`.
 */
export function afterSalesModule(deps: { db: Kysely<StoreDatabase>; clock: Clock; buyerKey?: string; operatorKey?: string; coupons?: OrderCouponReturn }): {
  routes: StoreRoute[];
  service: AfterSalesService;
} {
  const service = new AfterSalesService(new AfterSalesRepository(deps.db), deps.clock, deps.coupons);
  return { routes: [...afterSalesRoutes(service), ...buyerAfterSalesRoutes(service, deps.buyerKey), ...platformAfterSalesRoutes(service, deps.operatorKey)], service };
}
