import { ORDER_PAID_STREAM_EVENT } from '@merchant/api-contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { RateLimiter } from '../../shared/rate-limiter';
import type { OrderEvents } from '../orders';
import { EventStreamTickets } from './event-stream-tickets';
import { DEFAULT_EVENT_STREAM_OPTIONS, eventStreamTicketRoute, storeEventStreamRoute, type EventStreamOptions } from './notifications.routes';
import { StoreEventHub } from './store-event-hub';

export { formatStreamEvent, DEFAULT_EVENT_STREAM_OPTIONS, type EventStreamOptions } from './notifications.routes';

export interface NotificationsDependencies {
  db: Kysely<StoreDatabase>;
  clock: Clock;
  orderEvents: OrderEvents;
  /** The server secret the stream tickets' own key is derived from. */
  ticketSecret: string;
  stream?: Partial<EventStreamOptions>;
  /** PostgreSQL's URL: events reach the streams of every instance on it (LISTEN/NOTIFY). Absent: this process only (PGlite). */
  listenUrl?: string;
}

/**
 * Pushes store events (new paid orders) to the store's open consoles over Server-Sent Events,
 * opened with a single-use ticket (docs/decisions/0006-new-order-channel.md).
 */
export function notificationsModule(deps: NotificationsDependencies): { routes: StoreRoute[]; hub: StoreEventHub } {
  let log: FastifyBaseLogger | undefined;
  const hub = new StoreEventHub({ db: deps.db, listenUrl: deps.listenUrl, log: { error: (details, message) => log?.error(details, message), warn: (details, message) => log?.warn(details, message) } });
  const tickets = new EventStreamTickets(deps.ticketSecret, deps.clock, new RateLimiter(deps.db, deps.clock));
  deps.orderEvents.onPaid((event) => {
    hub
      .publish(event.storeId, ORDER_PAID_STREAM_EVENT, { orderId: event.orderId, amountCents: event.amountCents, paidAt: event.paidAt })
      .catch((error: unknown) => log?.error({ err: error, orderId: event.orderId }, 'store event not published'));
  });
  const options = { ...DEFAULT_EVENT_STREAM_OPTIONS, ...deps.stream };
  const lifecycle: StoreRoute = {
    path: '(store event LISTEN connection)',
    register(app) {
      log = app.log;
      app.addHook('onReady', () => hub.start());
      app.addHook('onClose', () => hub.stop());
    },
  };
  return { routes: [eventStreamTicketRoute(tickets), storeEventStreamRoute(tickets, hub, options), lifecycle], hub };
}
