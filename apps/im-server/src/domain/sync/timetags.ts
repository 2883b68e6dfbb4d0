import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';

/** Sync data kinds the server keeps a change time for (im-client-spec §3 "Sync timetags per data kind"). */
export const TimetagKind = {
  MY_INFO: 'myInfo',
  SESSION_ACK: 'sessionAck',
} as const;
export type TimetagKindValue = (typeof TimetagKind)[keyof typeof TimetagKind];

/** Records that `kind` changed for `account` now, so the next sync with an older timetag includes it. */
export async function bumpTimetag(db: Kysely<ImDatabase>, account: string, kind: TimetagKindValue, now = Date.now()): Promise<void> {
  await db
    .insertInto('im_timetag')
    .values({ accid: account, kind, value: now })
    .onConflict((oc) => oc.columns(['accid', 'kind']).doUpdateSet({ value: now }))
    .execute();
}

export async function readTimetags(db: Kysely<ImDatabase>, account: string): Promise<Partial<Record<TimetagKindValue, number>>> {
  const rows = await db.selectFrom('im_timetag').select(['kind', 'value']).where('accid', '=', account).execute();
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.value)]));
}
