// The coupons module (issue 28 §4): its routes for the composition root, and use and return of a coupon for
// the orders area's placement and refunds (docs/marketing.md "Coupons").
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { CouponsRepository } from './coupons.repository';
import { buyerCouponRoutes, couponRoutes } from './coupons.routes';
import { CouponsService } from './coupons.service';

export { BUYER_COUPONS_PATH } from './coupons.routes';
export { COUPON_OPERATIONS, ClaimRefused, CouponsService, pricingRuleOf, type ClaimedCoupon, type CouponRecipient } from './coupons.service';

/** What other modules call: use a coupon in an order, give an order's coupons back on a whole-order refund. */
export type CouponsFacade = Pick<CouponsService, 'use' | 'returnForOrder'>;

/**
 * What the store still runs in coupons at `now` (for closing the shop): templates open to claims, and claimed
 * coupons their buyers may still use. The coupons module's own definitions of both (coupons.repository.ts).
 */
export function couponOpenCounts(db: Kysely<StoreDatabase>, storeId: number, now: Date): Promise<{ runningTemplates: number; usableCoupons: number }> {
  return new CouponsRepository(db).openCounts(storeId, now);
}

/** Wires the coupon calls; the buyer's keyed routes only with `buyerKey`. */
export function couponsModule(deps: { db: Kysely<StoreDatabase>; clock: Clock; buyerKey?: string }): { routes: StoreRoute[]; facade: CouponsFacade; service: CouponsService } {
  const service = new CouponsService(new CouponsRepository(deps.db), deps.clock);
  return { routes: [...couponRoutes(service), ...buyerCouponRoutes(service, deps.buyerKey)], facade: service, service };
}
