// Broadcast messages (im-client-spec §3 "Broadcast message", §7 broadcastMsg; issue 32 §7): im-core
// reports each broadcast once (live or by sync). The frame keeps those the merchant has not dismissed
// in the chat store's key-value table, so a reload does not lose an announcement nobody read yet.
import type { ImBroadcastMsg, Store } from '@merchant/im-core';

export const PENDING_BROADCASTS_KEY = 'frame:pendingBroadcasts';
/** At most this many announcements wait to be read (the oldest go first; our bound). */
export const MAX_PENDING_BROADCASTS = 20;

/** One announcement as the banner shows it: its text is shown as plain text, never as HTML. */
export interface Broadcast {
  id: string;
  /** Milliseconds since the epoch. */
  time: number;
  body: string;
}

export type Unsubscribe = () => void;

export interface BroadcastsPort {
  /** The announcements not dismissed yet, oldest first. */
  list(): Promise<Broadcast[]>;
  dismiss(id: string): Promise<void>;
  onChange(listener: () => void): Unsubscribe;
}

const isBroadcast = (value: unknown): value is Broadcast =>
  typeof value === 'object' && value !== null && typeof (value as Broadcast).id === 'string' && typeof (value as Broadcast).body === 'string' && typeof (value as Broadcast).time === 'number';

export interface BroadcastSource {
  on(event: 'broadcastMsgs', listener: (broadcasts: ImBroadcastMsg[]) => void): () => void;
}

export class StoreBroadcastsPort implements BroadcastsPort {
  private readonly listeners = new Set<() => void>();
  /** Reads and writes one after another, so two quick changes never lose each other. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: Pick<Store, 'getValue' | 'setValue'>,
    source: BroadcastSource,
  ) {
    source.on('broadcastMsgs', (broadcasts) => void this.add(broadcasts));
  }

  list(): Promise<Broadcast[]> {
    return this.queue(() => this.read());
  }

  dismiss(id: string): Promise<void> {
    return this.queue(async () => {
      const pending = await this.read();
      await this.store.setValue(PENDING_BROADCASTS_KEY, pending.filter((broadcast) => broadcast.id !== id));
      this.changed();
    });
  }

  /** Settles once the announcements received so far are stored (tests). */
  settled(): Promise<void> {
    return this.queue(async () => undefined);
  }

  onChange(listener: () => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private add(incoming: readonly ImBroadcastMsg[]): Promise<void> {
    const fresh = incoming.filter((b) => typeof b.body === 'string' && b.body.trim() !== '').map((b) => ({ id: b.broadcastId, time: b.time, body: b.body as string }));
    if (fresh.length === 0) return Promise.resolve();
    return this.queue(async () => {
      const pending = await this.read();
      const known = new Set(pending.map((b) => b.id));
      const next = [...pending, ...fresh.filter((b) => !known.has(b.id))].sort((a, b) => a.time - b.time).slice(-MAX_PENDING_BROADCASTS);
      await this.store.setValue(PENDING_BROADCASTS_KEY, next);
      this.changed();
    }).catch((error: unknown) => console.warn('could not keep a broadcast', error));
  }

  private async read(): Promise<Broadcast[]> {
    const value = await this.store.getValue(PENDING_BROADCASTS_KEY);
    return Array.isArray(value) ? value.filter(isBroadcast) : [];
  }

  private queue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
