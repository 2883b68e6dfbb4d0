// Issue 32 "a merchant's support desk" (docs/im-frame.md "Support desk"): the customer's recent orders with the
// signed-in store, shown beside the conversation. An order knows its buyer's IM account (store_order.buyer_accid,
// the detail's "chat with buyer" account), so the frame's peer account finds them. The frame asks through the
// console (frame → console `buyerOrdersRequest`); only the store's own orders are ever answered.
import { z } from 'zod';
import { endpointsUnder } from '../endpoint';
import { IM_ACCOUNT_PATTERN } from '../frame-protocol';
import type { OrderStatus } from '../order-machines';
import { PERMISSIONS } from '../permissions';
import { BUYER_ORDER_ITEMS_SHOWN, BUYER_ORDERS_LIMIT } from '../support-desk';

export const SUPPORT_DESK_BASE = '/v1/store/im/desk';

const orderStatusValue = z.number().int() as unknown as z.ZodType<OrderStatus>;

export const buyerOrder = z.strictObject({
  orderId: z.number().int().positive(),
  orderNo: z.string(),
  status: orderStatusValue,
  /** What the buyer paid, integer cents. */
  amountCents: z.number().int(),
  /** Integer seconds. */
  createTime: z.number().int(),
  itemCount: z.number().int(),
  /** The first items (at most 3): what a goods card names. */
  items: z.array(z.strictObject({ goodsId: z.number().int().positive(), title: z.string(), quantity: z.number().int() })).max(BUYER_ORDER_ITEMS_SHOWN),
});
export type BuyerOrder = z.output<typeof buyerOrder>;

const call = endpointsUnder(SUPPORT_DESK_BASE);

export const supportDeskEndpoints = {
  buyerOrders: call('buyerOrders', {
    access: 'user',
    permission: PERMISSIONS.orderView,
    summary: "The customer's newest orders with the signed-in store (at most 10), by their IM account",
    biz: z.object({ buyerAccid: z.string().trim().regex(IM_ACCOUNT_PATTERN) }),
    data: z.strictObject({ storeId: z.number().int().positive(), list: z.array(buyerOrder).max(BUYER_ORDERS_LIMIT) }),
  }),
};
