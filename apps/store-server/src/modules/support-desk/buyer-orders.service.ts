import { BUYER_ORDERS_LIMIT, type EndpointAnswer, type OrderStatus, type supportDeskEndpoints } from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import type { BuyerOrdersRepository } from './buyer-orders.repository';

type Answer = EndpointAnswer<(typeof supportDeskEndpoints)['buyerOrders']>;

/** The customer's newest orders with the caller's store, for the chat's orders panel (docs/im-frame.md "Support desk"). */
export class BuyerOrdersService {
  constructor(private readonly repository: BuyerOrdersRepository) {}

  async newest(caller: Caller, buyerAccid: string): Promise<Answer> {
    const rows = await this.repository.newest(caller.storeId, buyerAccid, BUYER_ORDERS_LIMIT);
    return {
      storeId: caller.storeId,
      list: rows.map((row) => ({
        orderId: row.id,
        orderNo: row.order_no ?? String(row.id),
        status: row.status as OrderStatus,
        amountCents: Number(row.amount_cents),
        createTime: Number(row.created_at),
        itemCount: row.itemCount,
        items: row.items.map((item) => ({ goodsId: item.goods_id, title: item.title, quantity: item.quantity })),
      })),
    };
  }
}
