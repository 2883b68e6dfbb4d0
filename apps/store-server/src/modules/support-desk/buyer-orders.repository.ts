import type { Kysely } from 'kysely';
import { BUYER_ORDER_ITEMS_SHOWN, SHIPPING_ORDER_STATUSES } from '@merchant/api-contracts';
import type { StoreDatabase } from '../../db/schema';

/**
 * The customer's orders with one store (issue 32 support desk). Reads the orders module's tables (store_order,
 * store_order_item) by the buyer's IM account, always with the store: index store_order_buyer_idx (migration 0047).
 * Only orders with a shipping status (paid, 1–6): an unpaid or closed one is not yet an order the merchant handles.
 */
export class BuyerOrdersRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async newest(storeId: number, buyerAccid: string, limit: number) {
    const orders = await this.db
      .selectFrom('store_order')
      .select(['id', 'order_no', 'status', 'amount_cents', 'created_at'])
      .where('store_id', '=', storeId)
      .where('buyer_accid', '=', buyerAccid)
      .where('status', 'in', [...SHIPPING_ORDER_STATUSES])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    if (orders.length === 0) return [];
    const items = await this.db
      .selectFrom('store_order_item')
      .select(['order_id', 'goods_id', 'title', 'quantity', 'id'])
      .where('store_id', '=', storeId)
      .where(
        'order_id',
        'in',
        orders.map((order) => order.id),
      )
      .orderBy('order_id')
      .orderBy('id')
      .execute();
    return orders.map((order) => {
      const own = items.filter((item) => item.order_id === order.id);
      return {
        ...order,
        itemCount: own.reduce((sum, item) => sum + item.quantity, 0),
        items: own.slice(0, BUYER_ORDER_ITEMS_SHOWN),
      };
    });
  }
}
