import { supportDeskEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { BuyerOrdersService } from './buyer-orders.service';

/** Issue 32 support desk (contracts: @merchant/api-contracts endpoints/support-desk). */
export function supportDeskRoutes(buyerOrders: BuyerOrdersService): StoreRoute[] {
  return [contractRoute(api.buyerOrders, (biz, caller) => buyerOrders.newest(caller, biz.buyerAccid))];
}
