import { sql, type RawBuilder } from 'kysely';
import { ResponseCode } from '../../protocol';
import { ImServerError } from '../errors';
import { MESSAGE_COLUMNS, messageFromRow, type StoredMessage } from '../msg/message';
import type { SuperTeamDb } from './super-team-model';

/** Super team recalls one sync carries at most; the rest come with the next sync (the timetag says where it stopped). */
export const SUPER_TEAM_RECALL_PAGE = 1000;

/** A recalled super team message as every member sees it (the msgDeleted / syncDeleteSuperTeamMsgs record). */
export interface SuperTeamRecall {
  message: StoredMessage;
  opeAccount: string;
  time: number;
  ps: string;
  attach: string;
}

/** SQL: the im_message row is not a recalled super team message (roaming, history, sessions of super teams). */
export function notRecalledInSuperTeam(): RawBuilder<boolean> {
  return sql<boolean>`not exists (select 1 from im_super_team_recall sr where sr.id_server = im_message.id_server)`;
}

/**
 * Where a super team message is in its team's stream, and whether `account` is in its conversation:
 * its sender, or a valid member who joined before it (the members whose roaming and history hold it).
 * Undefined when the message is not in the stream.
 */
export async function superTeamMessagePlace(db: SuperTeamDb, message: StoredMessage, account: string): Promise<{ teamId: number; msgSeq: number; inConversation: boolean } | undefined> {
  const teamId = Number(message.to);
  if (!Number.isSafeInteger(teamId)) return undefined;
  const place = await db.selectFrom('im_super_team_msg').select('seq').where('team_id', '=', teamId).where('id_server', '=', Number(message.idServer)).executeTakeFirst();
  if (!place) return undefined;
  const msgSeq = Number(place.seq);
  if (message.from === account) return { teamId, msgSeq, inConversation: true };
  const member = await db.selectFrom('im_super_team_member').select(['valid', 'join_seq']).where('team_id', '=', teamId).where('accid', '=', account).executeTakeFirst();
  return { teamId, msgSeq, inConversation: member?.valid === true && Number(member.join_seq) < msgSeq };
}

/**
 * Stores the recall of a super team message: one row, whatever the team's size. Its number is the
 * next of the server's super team recall stream, taken under a lock on the table held to commit, so
 * the numbers commit in order (a sync that read number n has every recall below n). 404 when the
 * message was already recalled. Returns that number and the team's member-list version (the push
 * audience is the members as of it).
 */
export async function storeSuperTeamRecall(
  db: SuperTeamDb,
  place: { teamId: number; msgSeq: number },
  recall: SuperTeamRecall,
): Promise<{ seq: number; memberSeq: number }> {
  return db.transaction().execute(async (trx) => {
    // Writers wait for each other; readers (sync) do not wait for the lock.
    await sql`lock table im_super_team_recall in share row exclusive mode`.execute(trx);
    const idServer = Number(recall.message.idServer);
    const already = await trx.selectFrom('im_super_team_recall').select('seq').where('id_server', '=', idServer).executeTakeFirst();
    if (already) throw new ImServerError(ResponseCode.NOT_FOUND, 'message already recalled');
    const head = await trx.selectFrom('im_super_team_recall').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirst();
    const seq = Number(head?.max ?? 0) + 1;
    await trx
      .insertInto('im_super_team_recall')
      .values({ seq, team_id: place.teamId, id_server: idServer, msg_seq: place.msgSeq, ope_account: recall.opeAccount, recalled_at: recall.time, ps: recall.ps, attach: recall.attach })
      .execute();
    const team = await trx.selectFrom('im_super_team').select('member_seq').where('team_id', '=', place.teamId).executeTakeFirst();
    return { seq, memberSeq: Number(team?.member_seq ?? 0) };
  });
}

/**
 * The recalls a sync owes `account` from the `deleteSuperTeamMsg` timetag on: those of its valid
 * super teams numbered above it, of messages after the member's join (the ones it could hold),
 * oldest first, at most `limit`. `timetag` is where the stream was read to: the last one returned
 * when the page is full, else the head. A timetag above the head (a reset database) counts as 0.
 */
export async function superTeamRecallsSince(
  db: SuperTeamDb,
  account: string,
  afterSeq: number | undefined,
  limit = SUPER_TEAM_RECALL_PAGE,
): Promise<{ recalls: SuperTeamRecall[]; timetag: number }> {
  const newest = await db.selectFrom('im_super_team_recall').select((eb) => eb.fn.max('seq').as('max')).executeTakeFirst();
  const head = Number(newest?.max ?? 0);
  const after = typeof afterSeq === 'number' && Number.isSafeInteger(afterSeq) && afterSeq > 0 && afterSeq <= head ? afterSeq : 0;
  if (after === head) return { recalls: [], timetag: head };
  const rows = await db
    .selectFrom('im_super_team_recall as r')
    .innerJoin('im_super_team_member as m', (j) => j.onRef('m.team_id', '=', 'r.team_id').on('m.accid', '=', account))
    .innerJoin('im_message', 'im_message.id_server', 'r.id_server')
    .select(MESSAGE_COLUMNS.map((c) => `im_message.${c}` as const))
    .select(['r.seq', 'r.ope_account', 'r.recalled_at', 'r.ps', 'r.attach'])
    .where('m.valid', '=', true)
    .whereRef('r.msg_seq', '>', 'm.join_seq')
    .where('r.seq', '>', after)
    .where('r.seq', '<=', head)
    .orderBy('r.seq')
    .limit(limit)
    .execute();
  const recalls = rows.map((r) => ({ message: messageFromRow(r), opeAccount: r.ope_account, time: Number(r.recalled_at), ps: r.ps, attach: r.attach }));
  return { recalls, timetag: rows.length >= limit ? Number(rows[rows.length - 1].seq) : head };
}
