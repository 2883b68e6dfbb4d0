// Real-time store events for the open console (issue 11 "Real-time new orders"; decision 0006).
// An EventSource cannot send the secure-transport envelope, so the console first asks, over the
// envelope, for a short-lived single-use ticket bound to its store, then opens the stream with it.
import { z } from 'zod';
import { defineEndpoint, emptyBiz } from '../endpoint';
import { PERMISSIONS } from '../permissions';

/** The Server-Sent Events stream (plain GET, `?ticket=`), outside the envelope. */
export const STORE_EVENT_STREAM_PATH = '/v1/store/notifications/events';
/** A ticket opens one stream within this many seconds of being issued (our choice, decision 0006). */
export const EVENT_STREAM_TICKET_TTL_SECONDS = 30;
/** The SSE event name of a paid order. */
export const ORDER_PAID_STREAM_EVENT = 'orderPaid';

/** The `data` of an `orderPaid` event: what the console's new-order notice shows and links to. */
export const orderPaidStreamData = z.strictObject({
  orderId: z.number().int().positive(),
  amountCents: z.number().int().nonnegative(),
  /** Integer seconds. */
  paidAt: z.number().int().nonnegative(),
});
export type OrderPaidStreamData = z.infer<typeof orderPaidStreamData>;

export const notificationEndpoints = {
  /** A ticket for one EventSource connection to STORE_EVENT_STREAM_PATH, for the caller's store only. */
  createEventStreamTicket: defineEndpoint({
    path: '/v1/store/notifications/createEventStreamTicket',
    access: 'user',
    permission: PERMISSIONS.orderView,
    summary: "A single-use ticket that opens the store's event stream",
    biz: emptyBiz,
    data: z.strictObject({
      ticket: z.string().min(1).max(512),
      /** Integer seconds; the ticket is refused after it. */
      expiresAt: z.number().int().positive(),
      streamPath: z.literal(STORE_EVENT_STREAM_PATH),
    }),
  }),
} as const;
