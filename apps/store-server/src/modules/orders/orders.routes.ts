import { orderEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { OrdersService } from './orders.service';

/** console-spec §7 order calls answered so far (the dashboard's counts; contracts: endpoints/orders). */
export function ordersRoutes(orders: OrdersService): StoreRoute[] {
  return [contractRoute(api.queryStoreOrderCount, (biz, caller) => orders.countStoreOrders(caller, biz))];
}
