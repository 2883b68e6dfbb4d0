import { describeValidationError, flashSaleEndpoints as api } from '@merchant/api-contracts';
import { keyedRoute } from '../../http/keyed-route';
import { callerLanguage, contractRoute, type StoreRoute } from '../../http/route';
import { buySchema } from './flash-sales.buyer';
import type { FlashSalesService } from './flash-sales.service';

/** Issue 28 §3 time-limited sales (contracts: @merchant/api-contracts endpoints/flash-sales). */
export function flashSaleRoutes(sales: FlashSalesService): StoreRoute[] {
  return [
    contractRoute(api.flashSaleList, (biz, caller) => sales.list(caller, biz)),
    contractRoute(api.addFlashSale, (biz, caller) => sales.add(caller, biz)),
    contractRoute(api.editFlashSale, (biz, caller) => sales.edit(caller, biz)),
    contractRoute(api.flashSaleDetails, (biz, caller, ctx) => sales.details(caller, biz.saleId, callerLanguage(ctx.request))),
    contractRoute(api.stopFlashSale, (biz, caller) => sales.stop(caller, biz.saleId)),
    contractRoute(api.flashSaleOrders, (biz, caller) => sales.orderList(caller, biz)),
  ];
}

export const BUYER_FLASH_SALES_PATH = '/buyer/flash-sales';
const BUYER_KEY_HEADER = 'x-buyer-key';

/**
 * The buyer side of time-limited sales: plain JSON with `x-buyer-key`, like the orders area's buyer routes; absent
 * when no buyer key is configured. The buyer pays the order through POST /buyer/orders/pay.
 */
export function buyerFlashSaleRoutes(sales: FlashSalesService, buyerKey: string | undefined): StoreRoute[] {
  if (!buyerKey) return [];
  const options = { header: BUYER_KEY_HEADER, key: buyerKey, keyRequired: 'buyer key required' };
  return [
    keyedRoute(`${BUYER_FLASH_SALES_PATH}/buy`, options, (_params, body) => {
      const result = buySchema.safeParse(body);
      if (!result.success) return { ok: false, message: describeValidationError(result.error, body) };
      return { ok: true, run: () => sales.buy(result.data) };
    }),
  ];
}
