import { userRoute, type StoreRoute } from '../../http/route';
import { orderCountBiz } from './orders.schemas';
import type { OrdersService } from './orders.service';

export const ORDER_BASE = '/v1/store/eshop/order';

/** console-spec §7 order calls answered so far (the dashboard's counts). */
export function ordersRoutes(orders: OrdersService): StoreRoute[] {
  return [userRoute(`${ORDER_BASE}/queryStoreOrderCount`, orderCountBiz, (biz, caller) => orders.countStoreOrders(caller, biz))];
}
