import { couponEndpoints as api, describeValidationError } from '@merchant/api-contracts';
import type { z } from 'zod';
import { keyedRoute, type KeyedHandler } from '../../http/keyed-route';
import { contractRoute, type StoreRoute } from '../../http/route';
import { batchIssueSchema, claimSchema } from './coupons.buyer';
import type { CouponsService } from './coupons.service';

/** Issue 28 §4 coupon templates (contracts: @merchant/api-contracts endpoints/coupons). */
export function couponRoutes(coupons: CouponsService): StoreRoute[] {
  return [
    contractRoute(api.couponList, (biz, caller) => coupons.list(caller, biz)),
    contractRoute(api.addCoupon, (biz, caller) => coupons.add(caller, biz)),
    contractRoute(api.couponDetails, (biz, caller) => coupons.details(caller, biz.templateId)),
    contractRoute(api.editCoupon, (biz, caller) => coupons.edit(caller, biz)),
    contractRoute(api.stopCoupon, (biz, caller) => coupons.stop(caller, biz.templateId)),
    contractRoute(api.deleteCoupon, (biz, caller) => coupons.delete(caller, biz.templateId)),
    contractRoute(api.couponReceiveList, (biz, caller) => coupons.receiveList(caller, biz)),
    contractRoute(api.couponDryRun, (biz, caller) => coupons.dryRun(caller, biz)),
  ];
}

export const BUYER_COUPONS_PATH = '/buyer/coupons';
const BUYER_KEY_HEADER = 'x-buyer-key';

/** Parses the body with one schema: a refusal is the first broken rule, in English (a machine reads it). */
function parsed<S extends z.ZodType>(schema: S, input: Record<string, unknown>, run: (value: z.output<S>) => Promise<unknown>): ReturnType<KeyedHandler> {
  const result = schema.safeParse(input);
  if (!result.success) return { ok: false, message: describeValidationError(result.error, input) };
  return { ok: true, run: () => run(result.data) };
}

/**
 * The buyer side of coupons (docs/marketing.md "Coupons"): plain JSON with `x-buyer-key`, like the orders
 * area's buyer routes; absent when no buyer key is configured. A buyer claims one coupon; a batch issue
 * hands one coupon to each listed buyer, all or none.
 */
export function buyerCouponRoutes(coupons: CouponsService, buyerKey: string | undefined): StoreRoute[] {
  if (!buyerKey) return [];
  const options = { header: BUYER_KEY_HEADER, key: buyerKey, keyRequired: 'buyer key required' };
  const route = (path: string, handler: KeyedHandler) => keyedRoute(`${BUYER_COUPONS_PATH}${path}`, options, handler);
  return [
    route('/claim', (_params, body) =>
      parsed(claimSchema, body, async (input) => (await coupons.claim(input.storeId, input.templateId, [{ buyerAccid: input.buyerAccid, buyerPhone: input.buyerPhone }]))[0]),
    ),
    route('/issue', (_params, body) => parsed(batchIssueSchema, body, async (input) => ({ coupons: await coupons.claim(input.storeId, input.templateId, input.buyers) }))),
  ];
}
