// Fans the store's events out to the open streams of every store-server instance, and replays a reconnecting
// console's missed events after its Last-Event-ID (decision 0006). The events live in the database
// (`store_stream_event`, migration 0045), so a console connected to instance A receives an order paid through
// instance B, and replays whatever instance wrote them (docs/operations.md "Running more than one instance").
//
// On PostgreSQL each instance holds one LISTEN connection: an event is written, then announced with NOTIFY,
// and every instance (the writer included) sends it to its own streams for that store. On the embedded PGlite
// only one process can open the database, so the writer delivers to its own streams directly.
import type { OrderPaidStreamData } from '@merchant/api-contracts';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { StoreDatabase } from '../../db/schema';

export interface StoreStreamEvent {
  /** The row's id: ordered across instances, so any instance can replay after it. */
  id: string;
  name: string;
  data: OrderPaidStreamData;
}

type StreamListener = (event: StoreStreamEvent) => void;

/** How many recent events per store a reconnect gets at most (a reconnect is seconds, not hours). */
export const REPLAY_EVENTS_PER_STORE = 100;
/** Events older than this are deleted: the console reconnects within 30 s, and its lists show older orders. */
export const REPLAY_WINDOW_SECONDS = 3600;
/** The NOTIFY channel (per database; store-server's tables sit in their own schema of it). */
export const STORE_EVENT_CHANNEL = 'store_stream_event';
/** Reconnect pause of the LISTEN connection after it broke. */
const LISTEN_RETRY_MS = 1000;

interface Announced extends StoreStreamEvent {
  storeId: number;
}

export interface StoreEventHubOptions {
  db: Kysely<StoreDatabase>;
  /** PostgreSQL: the LISTEN connection's URL. Absent (PGlite, one process): events go to this process's streams only. */
  listenUrl?: string;
  log?: { error(details: object, message: string): void; warn(details: object, message: string): void };
}

export class StoreEventHub {
  private readonly listeners = new Map<number, Set<StreamListener>>();
  private listener: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private published = 0;

  constructor(private readonly options: StoreEventHubOptions) {}

  /** Opens the LISTEN connection (PostgreSQL); resolves once this instance hears announcements. */
  async start(): Promise<void> {
    if (!this.options.listenUrl || this.stopped) return;
    const client = new pg.Client({ connectionString: this.options.listenUrl });
    client.on('notification', (message) => {
      if (message.channel === STORE_EVENT_CHANNEL && message.payload) this.deliverAnnounced(message.payload);
    });
    // A broken LISTEN connection is opened again; events announced meanwhile reach these streams only by replay.
    const reopen = (error?: unknown) => {
      if (this.listener !== client || this.stopped) return;
      this.listener = null;
      this.options.log?.warn({ err: error }, 'store event LISTEN connection lost; reopening');
      client.end().catch(() => undefined);
      this.retry = setTimeout(() => void this.start().catch((e: unknown) => reopen(e)), LISTEN_RETRY_MS);
      this.retry.unref();
    };
    client.on('error', reopen);
    client.on('end', () => reopen());
    this.listener = client;
    try {
      await client.connect();
      await client.query(`listen ${STORE_EVENT_CHANNEL}`);
    } catch (error) {
      reopen(error);
      throw error;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }

  /** Stores the event, then has every instance send it to the store's open streams. */
  async publish(storeId: number, name: string, data: OrderPaidStreamData): Promise<StoreStreamEvent> {
    const { db } = this.options;
    const row = await db
      .insertInto('store_stream_event')
      .values({ store_id: storeId, name, data: JSON.stringify(data) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event: StoreStreamEvent = { id: String(row.id), name, data };
    if (this.options.listenUrl) {
      const announced: Announced = { ...event, storeId };
      await sql`select pg_notify(${STORE_EVENT_CHANNEL}, ${JSON.stringify(announced)})`.execute(db);
    } else {
      this.deliver(storeId, event);
    }
    // Now and then, not on every event: the old rows are few and the delete is cheap.
    if (this.published++ % 50 === 0) {
      await db.deleteFrom('store_stream_event').where('created_at', '<', sql<Date>`now() - make_interval(secs => ${REPLAY_WINDOW_SECONDS})`).execute();
    }
    return event;
  }

  private deliverAnnounced(payload: string): void {
    let announced: Announced;
    try {
      announced = JSON.parse(payload) as Announced;
    } catch (error) {
      this.options.log?.error({ err: error }, 'unreadable store event announcement');
      return;
    }
    if (!Number.isInteger(announced.storeId) || typeof announced.id !== 'string') return;
    this.deliver(announced.storeId, { id: announced.id, name: announced.name, data: announced.data });
  }

  private deliver(storeId: number, event: StoreStreamEvent): void {
    for (const listener of [...(this.listeners.get(storeId) ?? [])]) listener(event);
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
   * The store's events after `lastEventId`, oldest first; none when the id is not one of ours (an id of the
   * in-memory hub before migration 0045) — the console then refreshes its lists instead of trusting a gap.
   */
  async eventsAfter(storeId: number, lastEventId: string | undefined): Promise<StoreStreamEvent[]> {
    if (!lastEventId || !/^\d{1,18}$/.test(lastEventId)) return [];
    const rows = await this.options.db
      .selectFrom('store_stream_event')
      .select(['id', 'name', 'data'])
      .where('store_id', '=', storeId)
      .where('id', '>', lastEventId as never)
      .orderBy('id', 'desc')
      .limit(REPLAY_EVENTS_PER_STORE)
      .execute();
    return rows.reverse().map((row) => ({ id: String(row.id), name: row.name, data: row.data as OrderPaidStreamData }));
  }

  openStreams(storeId: number): number {
    return this.listeners.get(storeId)?.size ?? 0;
  }
}
