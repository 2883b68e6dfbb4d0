import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { allocateSeq } from './sequence';

/** Sync data kinds the server keeps a change number for (im-client-spec §3 "Sync timetags per data kind"). */
export const TimetagKind = {
  MY_INFO: 'myInfo',
  SESSION_ACK: 'sessionAck',
  DONNOP: 'donnop',
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
