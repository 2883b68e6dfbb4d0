import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { startPeriodicSweep } from '../periodic-sweep';

/**
 * Removes rows that can no longer be answered (docs/im-extend.md "Expiry sweep"):
 * - events past their validity and subscriptions past their subscribe time (im_event, im_event_sub):
 *   they are already left out of every answer and push;
 * - signalling channels expired for more than SIGNAL_SWEEP_GRACE_MS, with their members and
 *   invitations. During the grace a late join, invite or accept still gets 9102 "closed or expired";
 *   after it, 10404 "no such channel". A closed channel keeps its expire_time, so it goes the same way.
 * Each statement deletes at most `batch` rows, so one run never holds long locks.
 */

/** How long an expired signalling channel is kept for its 9102 answer (ours). */
export const SIGNAL_SWEEP_GRACE_MS = 60 * 60 * 1000;
/** Rows per delete statement. */
export const EXPIRY_SWEEP_BATCH = 500;

export interface ExpirySweepCounts {
  events: number;
  subscriptions: number;
  channels: number;
}

export async function sweepExpiredRows(db: Kysely<ImDatabase>, now: number, batch = EXPIRY_SWEEP_BATCH): Promise<ExpirySweepCounts> {
  const events = await sql`
    delete from im_event where (accid, type) in (select accid, type from im_event where expires_at <= ${now} limit ${batch}) returning 1
  `.execute(db);
  const subscriptions = await sql`
    delete from im_event_sub where (subscriber, type, target) in (select subscriber, type, target from im_event_sub where expires_at <= ${now} limit ${batch}) returning 1
  `.execute(db);
  const channels = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ channel_id: string }>`
      select channel_id from im_signal_channel where expire_time <= ${now - SIGNAL_SWEEP_GRACE_MS} limit ${batch} for update skip locked
    `.execute(trx);
    const ids = rows.map((r) => r.channel_id);
    if (ids.length === 0) return 0;
    // The signalling tables are typed inside signal-service.ts, not in ImDatabase.
    await sql`delete from im_signal_member where channel_id = any(${ids}::text[])`.execute(trx);
    await sql`delete from im_signal_invite where channel_id = any(${ids}::text[])`.execute(trx);
    await sql`delete from im_signal_channel where channel_id = any(${ids}::text[])`.execute(trx);
    return ids.length;
  });
  return { events: events.rows.length, subscriptions: subscriptions.rows.length, channels };
}

/**
 * Runs sweepExpiredRows at start and every `intervalMs`, one run at a time, as many statements as it
 * takes while a batch comes back full (like the upload sweeper). stop() clears the timer and waits
 * for a run in flight, so the database is not closed under it.
 */
export function startExpirySweeper(
  db: Kysely<ImDatabase>,
  now: () => number,
  intervalMs: number,
  log: { error(details: object, message: string): void },
): () => Promise<void> {
  return startPeriodicSweep(
    'expiry sweep',
    async () => {
      const counts = await sweepExpiredRows(db, now());
      return Math.max(counts.events, counts.subscriptions, counts.channels) >= EXPIRY_SWEEP_BATCH;
    },
    intervalMs,
    log,
  );
}
