// Fans the store's events out to its open streams, and keeps the last few per store so a console
// that reconnects with Last-Event-ID gets what it missed (decision 0006). In-process: the order
// events are emitted by this process (modules/orders/order-events.ts); several instances need a
// shared bus first (decision 0006, "More than one instance").
import { randomBytes } from 'node:crypto';
import type { OrderPaidStreamData } from '@merchant/api-contracts';

export interface StoreStreamEvent {
  /** `<boot>-<sequence>`: ordered within one process life. */
  id: string;
  name: string;
  data: OrderPaidStreamData;
}

type StreamListener = (event: StoreStreamEvent) => void;

/** How many recent events per store are kept for replay (a reconnect is seconds, not hours). */
export const REPLAY_EVENTS_PER_STORE = 100;

export class StoreEventHub {
  /** Distinguishes this process's ids from an earlier life's: those cannot be replayed. */
  private readonly boot = randomBytes(4).toString('hex');
  private sequence = 0;
  private readonly listeners = new Map<number, Set<StreamListener>>();
  private readonly recent = new Map<number, StoreStreamEvent[]>();

  publish(storeId: number, name: string, data: OrderPaidStreamData): StoreStreamEvent {
    this.sequence += 1;
    const event: StoreStreamEvent = { id: `${this.boot}-${this.sequence}`, name, data };
    const kept = this.recent.get(storeId) ?? [];
    kept.push(event);
    if (kept.length > REPLAY_EVENTS_PER_STORE) kept.splice(0, kept.length - REPLAY_EVENTS_PER_STORE);
    this.recent.set(storeId, kept);
    for (const listener of [...(this.listeners.get(storeId) ?? [])]) listener(event);
    return event;
  }

  subscribe(storeId: number, listener: StreamListener): () => void {
    const set = this.listeners.get(storeId) ?? new Set<StreamListener>();
    set.add(listener);
    this.listeners.set(storeId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(storeId);
    };
  }

  /**
   * The store's events after `lastEventId`; none when the id is from another process life or
   * already forgotten (the console then refreshes its lists instead of trusting a gap).
   */
  eventsAfter(storeId: number, lastEventId: string | undefined): StoreStreamEvent[] {
    if (!lastEventId) return [];
    const [boot, sequenceText] = lastEventId.split('-');
    const sequence = Number(sequenceText);
    if (boot !== this.boot || !Number.isInteger(sequence)) return [];
    return (this.recent.get(storeId) ?? []).filter((event) => Number(event.id.split('-')[1]) > sequence);
  }

  openStreams(storeId: number): number {
    return this.listeners.get(storeId)?.size ?? 0;
  }
}
