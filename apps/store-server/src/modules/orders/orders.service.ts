import type { Caller } from '../../http/route';
import type { OrdersRepository } from './orders.repository';
import { SHIPPING_ORDER_STATUSES, type OrderCountQuery } from './orders.schemas';

export interface StoreOrderCount {
  total: number;
  /** One entry per shipping-order status of console-spec §4, zero when the store has none. */
  counts: Array<{ status: number; count: number }>;
}

export class OrdersService {
  constructor(private readonly orders: OrdersRepository) {}

  /** queryStoreOrderCount: the caller's orders per status, counted from real rows. */
  async countStoreOrders(caller: Caller, window: OrderCountQuery): Promise<StoreOrderCount> {
    const found = new Map((await this.orders.countByStatus(caller.storeId, window)).map((row) => [row.status, row.count]));
    const counts = SHIPPING_ORDER_STATUSES.map((status) => ({ status, count: found.get(status) ?? 0 }));
    return { total: counts.reduce((sum, entry) => sum + entry.count, 0), counts };
  }
}
