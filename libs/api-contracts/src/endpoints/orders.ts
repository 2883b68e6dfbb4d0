// console-spec §7 order calls answered so far (the dashboard's counts).
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const ORDER_BASE = '/v1/store/eshop/order';

/** console-spec §4 shipping-order status: 1 to ship, 2 and 3 shipped, 4 completed, 5 withdrawn, 6 refunded. */
export const SHIPPING_ORDER_STATUSES = [1, 2, 3, 4, 5, 6] as const;

// A custom check rather than z.number(): its message reaches the merchant as written, whatever was sent.
const seconds = (name: string) =>
  z.custom<number>((value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0, { message: `${name} must be whole seconds` }).meta({
    type: 'integer',
    minimum: 0,
    description: 'integer seconds',
  });

/** Optional creation-time window in integer seconds, both ends inclusive (our design: the spec leaves the body open). */
export const orderCountBiz = z
  .object({ startTime: seconds('startTime').optional(), endTime: seconds('endTime').optional() })
  .refine((v) => v.startTime === undefined || v.endTime === undefined || v.endTime >= v.startTime, 'end cannot be less than start');

export type OrderCountQuery = z.output<typeof orderCountBiz>;

export const orderEndpoints = {
  /** One entry per shipping-order status, zero when the store has none. */
  queryStoreOrderCount: defineEndpoint({
    path: `${ORDER_BASE}/queryStoreOrderCount`,
    access: 'user',
    summary: "The store's orders per shipping status",
    biz: orderCountBiz,
    data: z.strictObject({
      total: z.number().int().min(0),
      counts: z.array(z.strictObject({ status: z.number().int(), count: z.number().int().min(0) })),
    }),
  }),
} as const;
