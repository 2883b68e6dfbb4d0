import { z } from 'zod';

/** console-spec §4 shipping-order status: 1 to ship, 2 and 3 shipped, 4 completed, 5 withdrawn, 6 refunded. */
export const SHIPPING_ORDER_STATUSES = [1, 2, 3, 4, 5, 6] as const;

// A custom check rather than z.number(): its message reaches the merchant as written, whatever was sent.
const seconds = (name: string) =>
  z.custom<number>((value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0, { message: `${name} must be whole seconds` });

/** Optional creation-time window in integer seconds, both ends inclusive (our design: the spec leaves the body open). */
export const orderCountBiz = z
  .object({ startTime: seconds('startTime').optional(), endTime: seconds('endTime').optional() })
  .refine((v) => v.startTime === undefined || v.endTime === undefined || v.endTime >= v.startTime, 'end cannot be less than start');

export type OrderCountQuery = z.output<typeof orderCountBiz>;
