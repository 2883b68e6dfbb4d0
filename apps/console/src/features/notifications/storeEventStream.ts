// The console's end of the new-order channel (decision 0006): ask for a single-use ticket over the
// envelope, open an EventSource with it, and on any error close it and start again with a fresh
// ticket after a growing, jittered delay. The browser's own reconnect cannot work here (the ticket
// in the URL is used up), so this owns reconnection; the last event id travels in the query so the
// server replays what was missed.
import { ORDER_PAID_STREAM_EVENT, orderPaidStreamData, type OrderPaidStreamData } from '@merchant/api-contracts';

/** What is used of the browser's EventSource (a test passes a fake). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data?: unknown; lastEventId?: string }) => void): void;
  onopen: (() => void) | null;
  onerror: (() => void) | null;
  close(): void;
}

export interface StreamTicket {
  ticket: string;
  streamPath: string;
}

export interface ReconnectPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
}

/** First retry after about 1 s, doubling to at most 30 s: a restarted server is not stampeded. */
export const DEFAULT_RECONNECT_POLICY: ReconnectPolicy = { initialDelayMs: 1_000, maxDelayMs: 30_000 };

export type StreamStopReason = 'closed' | 'refused';

export interface StoreEventStreamOptions {
  apiBase: string;
  fetchTicket(): Promise<StreamTicket>;
  onOrderPaid(order: OrderPaidStreamData): void;
  /** The ticket call was refused for good (no permission): nothing more is tried. */
  isFinalRefusal?(error: unknown): boolean;
  onStop?(reason: StreamStopReason): void;
  createEventSource?: (url: string) => EventSourceLike;
  reconnect?: ReconnectPolicy;
  /** 0 ≤ random < 1; jitter spreads many consoles' reconnects. */
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface StoreEventStream {
  close(): void;
}

/** The delay before reconnect attempt `attempt` (0-based): exponential, capped, half of it jittered. */
export function reconnectDelayMs(policy: ReconnectPolicy, attempt: number, random: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

export function streamUrl(apiBase: string, ticket: StreamTicket, lastEventId: string | null): string {
  const url = new URL(ticket.streamPath, apiBase.endsWith('/') ? apiBase : `${apiBase}/`);
  url.searchParams.set('ticket', ticket.ticket);
  if (lastEventId) url.searchParams.set('lastEventId', lastEventId);
  return url.toString();
}

export function connectStoreEventStream(options: StoreEventStreamOptions): StoreEventStream {
  const policy = options.reconnect ?? DEFAULT_RECONNECT_POLICY;
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const createEventSource = options.createEventSource ?? ((url: string) => new EventSource(url) as unknown as EventSourceLike);
  let source: EventSourceLike | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let lastEventId: string | null = null;
  let stopped = false;

  const stop = (reason: StreamStopReason) => {
    if (stopped) return;
    stopped = true;
    source?.close();
    source = null;
    if (timer !== null) clearTimer(timer);
    timer = null;
    options.onStop?.(reason);
  };

  const retryLater = () => {
    if (stopped) return;
    const delay = reconnectDelayMs(policy, attempt, random());
    attempt += 1;
    timer = setTimer(() => {
      timer = null;
      void open();
    }, delay);
  };

  const open = async () => {
    let ticket: StreamTicket;
    try {
      ticket = await options.fetchTicket();
    } catch (error) {
      if (options.isFinalRefusal?.(error)) stop('refused');
      else retryLater();
      return;
    }
    if (stopped) return;
    const current = createEventSource(streamUrl(options.apiBase, ticket, lastEventId));
    source = current;
    current.onopen = () => {
      attempt = 0;
    };
    current.onerror = () => {
      // Closed here: the browser's retry would present the used ticket again.
      current.close();
      if (source === current) source = null;
      retryLater();
    };
    current.addEventListener(ORDER_PAID_STREAM_EVENT, (event) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const order = orderPaidStreamData.safeParse(parsed);
      if (order.success) options.onOrderPaid(order.data);
    });
  };

  void open();
  return { close: () => stop('closed') };
}
