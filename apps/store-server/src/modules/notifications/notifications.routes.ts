// The ticket call (envelope) and the Server-Sent Events stream it opens (plain GET), decision 0006.
import {
  notificationEndpoints,
  STORE_CODES,
  STORE_EVENT_STREAM_PATH,
  type SupportedLanguage,
} from '@merchant/api-contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerLanguage, contractRoute, type StoreRoute } from '../../http/route';
import type { EventStreamTickets, TicketRefusal } from './event-stream-tickets';
import type { StoreEventHub, StoreStreamEvent } from './store-event-hub';

export interface EventStreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream and lets the console see a dead one. */
  heartbeatMs: number;
  /**
   * A stream ends after this long; the console opens a new one with a new ticket, so a signed-out
   * or demoted user stops receiving within this time.
   */
  maxStreamMs: number;
  /** What the browser waits before reconnecting on its own (the SSE `retry:` field). */
  retryMs: number;
}

export const DEFAULT_EVENT_STREAM_OPTIONS: EventStreamOptions = { heartbeatMs: 15_000, maxStreamMs: 10 * 60_000, retryMs: 3_000 };

const REFUSALS: Record<TicketRefusal, Record<SupportedLanguage, string>> = {
  malformed: { 'zh-CN': '事件流票据无效', 'en-US': 'event stream ticket is invalid' },
  badSignature: { 'zh-CN': '事件流票据无效', 'en-US': 'event stream ticket is invalid' },
  expired: { 'zh-CN': '事件流票据已过期', 'en-US': 'event stream ticket has expired' },
  used: { 'zh-CN': '事件流票据已使用', 'en-US': 'event stream ticket was already used' },
};

/** One SSE message; `data` is one JSON line, so no line of it can start a field. */
export function formatStreamEvent(event: StoreStreamEvent): string {
  return `id: ${event.id}\nevent: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

const queryText = (request: FastifyRequest, name: string): string | undefined => {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

export function eventStreamTicketRoute(tickets: EventStreamTickets): StoreRoute {
  return contractRoute(notificationEndpoints.createEventStreamTicket, async (_input, caller) => ({
    ...tickets.issue(caller.storeId, caller.userId),
    streamPath: STORE_EVENT_STREAM_PATH,
  }));
}

export function storeEventStreamRoute(tickets: EventStreamTickets, hub: StoreEventHub, options: EventStreamOptions): StoreRoute {
  return {
    path: STORE_EVENT_STREAM_PATH,
    register(app) {
      const openStreams = new Set<() => void>();
      // An open stream would keep the server from closing.
      app.addHook('preClose', async () => {
        for (const end of [...openStreams]) end();
      });
      app.get(STORE_EVENT_STREAM_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
        const check = await tickets.redeem(queryText(request, 'ticket'));
        if (!check.ok) {
          return reply.code(401).send({ code: STORE_CODES.tokenInvalid, msg: REFUSALS[check.reason][callerLanguage(request)], data: null });
        }
        const { storeId } = check.claims;
        // The browser's own reconnect sends the header; the console's reconnect with a new ticket, the query.
        const header = request.headers['last-event-id'];
        const lastEventId = (typeof header === 'string' ? header : undefined) ?? queryText(request, 'lastEventId');

        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          // CORS and other headers set by the hooks (the stream bypasses fastify's send).
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        raw.write(`retry: ${options.retryMs}\n: connected\n\n`);
        // Listen before reading the replay, so an event stored meanwhile is not lost; one that is in both is sent once.
        let held: StoreStreamEvent[] | null = [];
        const sent = new Set<string>();
        const send = (event: StoreStreamEvent) => {
          if (ended || sent.has(event.id)) return;
          sent.add(event.id);
          raw.write(formatStreamEvent(event));
        };
        const unsubscribe = hub.subscribe(storeId, (event) => (held ? held.push(event) : send(event)));
        const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), options.heartbeatMs);
        const lifetime = setTimeout(() => end(), options.maxStreamMs);
        heartbeat.unref();
        lifetime.unref();
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          unsubscribe();
          openStreams.delete(end);
          raw.end();
        };
        openStreams.add(end);
        request.raw.on('close', end);
        try {
          for (const missed of await hub.eventsAfter(storeId, lastEventId)) send(missed);
        } finally {
          const live = held;
          held = null;
          for (const event of live) send(event);
        }
      });
    },
  };
}
