// One event stream per browser and store, not per tab (decision 0006): browsers allow about six
// HTTP/1.1 connections per origin, and each open stream holds one, so six console tabs would leave
// none for the console's calls. The tab holding a Web Lock opens the stream and passes each event to
// the other tabs over a BroadcastChannel; when it closes, the lock passes to a waiting tab, which
// opens the stream in turn. Without Web Locks or BroadcastChannel, each tab opens its own.
import { orderPaidStreamData, type OrderPaidStreamData } from '@merchant/api-contracts';
import type { StoreEventStream } from './storeEventStream';

/** What is used of `navigator.locks`. */
export interface TabLocks {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

/** What is used of a BroadcastChannel. */
export interface TabChannel {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

export interface SharedStoreEventsOptions {
  /** Tabs share a stream only with tabs of the same store (tabs may be signed in to different stores). */
  storeKey: string;
  /** Opens this tab's own stream; called in the leading tab only. */
  connect(onOrderPaid: (order: OrderPaidStreamData) => void): StoreEventStream;
  onOrderPaid(order: OrderPaidStreamData): void;
  locks?: TabLocks | null;
  createChannel?: ((name: string) => TabChannel) | null;
}

export function shareStoreEventStream(options: SharedStoreEventsOptions): StoreEventStream {
  const { locks, createChannel } = options;
  if (!locks || !createChannel) return options.connect(options.onOrderPaid);
  const name = `merchant-console-store-events:${options.storeKey}`;
  const channel = createChannel(name);
  channel.onmessage = (event) => {
    const order = orderPaidStreamData.safeParse(event.data);
    if (order.success) options.onOrderPaid(order.data);
  };
  const abort = new AbortController();
  let stopLeading: (() => void) | null = null;
  let closed = false;
  locks
    .request(name, { signal: abort.signal }, () => {
      if (closed) return Promise.resolve();
      return new Promise<void>((release) => {
        const stream = options.connect((order) => {
          options.onOrderPaid(order);
          channel.postMessage(order);
        });
        stopLeading = () => {
          stream.close();
          release();
        };
      });
    })
    .catch(() => undefined); // aborted while waiting: this tab closed before leading
  return {
    close() {
      if (closed) return;
      closed = true;
      if (stopLeading) stopLeading();
      else abort.abort();
      channel.close();
    },
  };
}
