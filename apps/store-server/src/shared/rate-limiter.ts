import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../db/schema';
import type { Clock } from './clock';

export interface RateLimit {
  /** Names the counter, e.g. 'login-failure'. */
  bucket: string;
  max: number;
  windowSeconds: number;
}

/**
 * Sliding-window counters kept in the database, so every instance sees the same counts
 * (no in-memory state a second instance would need).
 */
/** Events older than this are never counted by any limit, so they are pruned. */
const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 1000;

export class RateLimiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Kysely<StoreDatabase>,
    private readonly clock: Clock,
  ) {}

  /** How many events the subject had inside the window. */
  async count(limit: RateLimit, subject: string): Promise<number> {
    const since = new Date(this.clock.now().getTime() - limit.windowSeconds * 1000);
    const row = await this.db
      .selectFrom('store_rate_event')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('bucket', '=', limit.bucket)
      .where('subject', '=', subject)
      .where('occurred_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Seconds until the oldest counted event leaves the window (0 when under the limit). */
  async retryAfterSeconds(limit: RateLimit, subject: string): Promise<number> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - limit.windowSeconds * 1000);
    const rows = await this.db
      .selectFrom('store_rate_event')
      .select('occurred_at')
      .where('bucket', '=', limit.bucket)
      .where('subject', '=', subject)
      .where('occurred_at', '>', since)
      .orderBy('occurred_at', 'desc')
      .limit(limit.max)
      .execute();
    if (rows.length < limit.max) return 0;
    const oldest = rows[rows.length - 1].occurred_at;
    return Math.max(1, Math.ceil((oldest.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000));
  }

  async record(limit: RateLimit, subject: string): Promise<void> {
    const now = this.clock.now();
    await this.db.insertInto('store_rate_event').values({ bucket: limit.bucket, subject, occurred_at: now }).execute();
    if (now.getTime() - this.lastPrune >= PRUNE_INTERVAL_MS) {
      this.lastPrune = now.getTime();
      await this.db.deleteFrom('store_rate_event').where('occurred_at', '<', new Date(now.getTime() - EVENT_RETENTION_MS)).execute();
    }
  }

  /**
   * Records an event if the subject is under every limit, atomically across instances
   * (a transaction-scoped advisory lock per bucket and subject). Returns the seconds to wait
   * when refused, or 0 when recorded.
   */
  async tryConsume(limits: readonly RateLimit[], subject: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const scoped = new RateLimiter(trx, this.clock);
      await sql`select pg_advisory_xact_lock(hashtext(${limits.map((l) => l.bucket).join(',') + '|' + subject}))`.execute(trx);
      for (const limit of limits) {
        const wait = await scoped.retryAfterSeconds(limit, subject);
        if (wait > 0) return wait;
      }
      for (const limit of limits) await scoped.record(limit, subject);
      return 0;
    });
  }

  /**
   * Like tryConsume for several subjects at once (e.g. a check code's number and its store): an event is
   * recorded for every subject only when each is under its limits, so a refusal on one counts against none.
   * Locks are taken in a fixed order, so two callers naming the same subjects cannot deadlock.
   */
  async tryConsumeEach(entries: ReadonlyArray<{ limits: readonly RateLimit[]; subject: string }>): Promise<number> {
    const keyed = entries
      .map((entry) => ({ ...entry, key: entry.limits.map((l) => l.bucket).join(',') + '|' + entry.subject }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return this.db.transaction().execute(async (trx) => {
      const scoped = new RateLimiter(trx, this.clock);
      for (const entry of keyed) await sql`select pg_advisory_xact_lock(hashtext(${entry.key}))`.execute(trx);
      let wait = 0;
      for (const entry of keyed) {
        for (const limit of entry.limits) wait = Math.max(wait, await scoped.retryAfterSeconds(limit, entry.subject));
      }
      if (wait > 0) return wait;
      for (const entry of keyed) for (const limit of entry.limits) await scoped.record(limit, entry.subject);
      return 0;
    });
  }

  /** Forgets every subject's events of a bucket (test hooks: open the send windows). */
  async clearBucket(limit: RateLimit): Promise<void> {
    await this.db.deleteFrom('store_rate_event').where('bucket', '=', limit.bucket).execute();
  }

  /** Forgets a subject's events, e.g. failed sign-ins after a successful one. */
  async clear(limit: RateLimit, subject: string): Promise<void> {
    await this.db.deleteFrom('store_rate_event').where('bucket', '=', limit.bucket).where('subject', '=', subject).execute();
  }
}
