import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { allocateSeq } from './sequence';

/** Sync data kinds the server keeps a change number for (im-client-spec §3 "Sync timetags per data kind"). */
export const TimetagKind = {
  MY_INFO: 'myInfo',
  SESSION_ACK: 'sessionAck',
  DONNOP: 'donnop',
  /** Ours: the multi-port push setting (updatePushConfig); not a client timetag, read against the sync cursor. */
  PUSH_CONFIG: 'pushConfig',
} as const;
export type TimetagKindValue = (typeof TimetagKind)[keyof typeof TimetagKind];

/**
 * Records that `kind` changed for `account`: the kind's timetag becomes the account's next sync
 * sequence number, so the next sync with an older timetag includes it. Run it inside the
 * transaction of the change; returns the number.
 */
export async function bumpTimetag(trx: Kysely<ImDatabase>, account: string, kind: TimetagKindValue): Promise<number> {
  const seq = await allocateSeq(trx, account);
  await recordTimetag(trx, account, kind, seq);
  return seq;
}

/** Stores `seq` (already allocated in this transaction) as the kind's timetag. */
export async function recordTimetag(trx: Kysely<ImDatabase>, account: string, kind: TimetagKindValue, seq: number): Promise<void> {
  await trx
    .insertInto('im_timetag')
    .values({ accid: account, kind, value: seq })
    .onConflict((oc) => oc.columns(['accid', 'kind']).doUpdateSet({ value: seq }))
    .execute();
}

export async function readTimetags(db: Kysely<ImDatabase>, account: string): Promise<Partial<Record<TimetagKindValue, number>>> {
  const rows = await db.selectFrom('im_timetag').select(['kind', 'value']).where('accid', '=', account).execute();
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.value)]));
}

/**
 * im_timetag kind of the account's delivered mark: the largest cursor any of its devices has synced
 * from. A sync's cursor says that device committed every change up to it, so a message numbered at
 * or below the mark is on some device of the account (a roaming message, §4); one above it is on
 * none yet (an offline message). docs/im-sync.md "Sync options".
 */
export const DELIVERED_KIND = 'delivered';

/** Raises the account's delivered mark to `cursor` (never lowers it) and returns the mark. */
export async function markDelivered(db: Kysely<ImDatabase>, account: string, cursor: number): Promise<number> {
  const row = await db
    .insertInto('im_timetag')
    .values({ accid: account, kind: DELIVERED_KIND, value: cursor })
    .onConflict((oc) => oc.columns(['accid', 'kind']).doUpdateSet({ value: sql<number>`greatest(im_timetag.value, excluded.value)` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
