import { sql } from 'kysely';
import type { MessageRecordValue } from '../../protocol';
import { parameterError } from '../errors';
import { MESSAGE_COLUMNS, Scene, messageFromRow, type StoredMessage } from '../msg/message';
import { validatePageLimit } from '../msg/checks';
import { visibleTo } from '../msg/visibility';
import { insertGroupMessage, NOTIFICATION_TYPE_CODE, validateGroupSend, type NewGroupMessage, type ValidGroupSend } from '../team/group-message';
import type { TeamHistoryQuery } from '../team/team-msg-service';
import { parseTeamId, teamError } from '../team/team-model';
import { asImDb, SUPER_TEAM_ROAMING_LIMIT, superTeamConversation, type SuperTeamDb } from './super-team-model';
import { notRecalledInSuperTeam } from './super-team-recall';

/**
 * Appends a message to the team's stream inside the caller's transaction: the team row's lock gives
 * it the next number, one im_message row holds it and one stream row indexes it. Nothing is written
 * per member (docs/im-super-teams.md). Undefined when the sender already stored this idClient.
 */
export async function appendToStream(trx: SuperTeamDb, input: NewGroupMessage): Promise<{ message: StoredMessage; seq: number } | undefined> {
  const row = await insertGroupMessage(asImDb(trx), Scene.SUPER_TEAM, superTeamConversation(input.teamId), input);
  if (!row) return undefined;
  const head = await trx
    .updateTable('im_super_team')
    .set((eb) => ({ msg_seq: eb('msg_seq', '+', 1) }))
    .where('team_id', '=', input.teamId)
    .returning('msg_seq')
    .executeTakeFirstOrThrow();
  const seq = Number(head.msg_seq);
  await trx.insertInto('im_super_team_msg').values({ team_id: input.teamId, seq, id_server: Number(row.id_server) }).execute();
  return { message: messageFromRow(row), seq };
}

/** The §3/§5 message rules im-core runs before sending, for scene superTeam (group-message.ts); a super team has no forced-push list. */
export function validateSuperTeamSend(input: MessageRecordValue | undefined): ValidGroupSend {
  return validateGroupSend(input, Scene.SUPER_TEAM).valid;
}

/** A team history query less the keyword: a super team's history has no search. */
export type SuperTeamHistoryQuery = Omit<TeamHistoryQuery, 'keyword'>;

/** getSuperTeamHistoryMsgs: a valid member reads the stream from its join on (804 otherwise), paged like team history. */
export async function superTeamHistory(db: SuperTeamDb, viewer: string, query: SuperTeamHistoryQuery): Promise<StoredMessage[]> {
  const teamId = parseTeamId(query.to);
  const limit = validatePageLimit(query.limit);
  const { beginTime = 0, endTime = 0, reverse = false } = query;
  if (!Number.isInteger(beginTime) || !Number.isInteger(endTime) || beginTime < 0 || endTime < 0 || (endTime > 0 && beginTime > endTime)) {
    throw parameterError('beginTime must not be after endTime');
  }
  const types = query.msgTypes ?? [];
  if (!Array.isArray(types) || types.length > 20 || types.some((t) => !Number.isInteger(t) || t < 0 || t > 1000)) throw parameterError('msgTypes must be at most 20 message type codes');
  const team = await db.selectFrom('im_super_team').select('valid').where('team_id', '=', teamId).executeTakeFirst();
  if (!team) throw teamError.missing(teamId);
  const member = await db.selectFrom('im_super_team_member').select(['valid', 'join_seq']).where('team_id', '=', teamId).where('accid', '=', viewer).executeTakeFirst();
  if (member?.valid !== true) throw teamError.notMember();
  let q = db
    .selectFrom('im_super_team_msg as s')
    .innerJoin('im_message', 'im_message.id_server', 's.id_server')
    .select(MESSAGE_COLUMNS.map((c) => `im_message.${c}` as const))
    .where('s.team_id', '=', teamId)
    .where('s.seq', '>', Number(member.join_seq))
    .where(visibleTo(viewer))
    .where(notRecalledInSuperTeam());
  if (types.length > 0) q = q.where('im_message.msg_type', 'in', types);
  if (beginTime > 0) q = q.where('im_message.time', '>=', beginTime);
  if (endTime > 0) q = q.where('im_message.time', '<=', endTime);
  if (query.lastMsgId) {
    const anchor = Number(query.lastMsgId);
    if (!Number.isSafeInteger(anchor) || anchor < 0) throw parameterError('lastMsgId must be a server message id');
    const at = await db.selectFrom('im_super_team_msg').select('seq').where('team_id', '=', teamId).where('id_server', '=', anchor).executeTakeFirst();
    if (at) q = q.where('s.seq', reverse ? '>' : '<', Number(at.seq));
  }
  const rows = await q.orderBy('s.seq', reverse ? 'asc' : 'desc').limit(limit).execute();
  return rows.map(messageFromRow);
}

/** One super team as a member's sync sees it: the newest messages after its read position, and its session. */
export interface SuperTeamSyncEntry {
  teamId: string;
  /** Newest first reversed: oldest first, at most SUPER_TEAM_ROAMING_LIMIT. */
  messages: StoredMessage[];
  hasMore: boolean;
  unread: number;
  ackTime: number;
  lastMsg: StoredMessage | undefined;
}

/**
 * Roaming and sessions of the account's valid super teams, read from each stream after the
 * member's read position (docs/im-super-teams.md "Sync"): a member's cost is its teams, not the
 * teams' traffic, and no send wrote anything for it. Recalled messages are left out of the roaming,
 * the unread count and lastMsg (docs/im-super-teams.md "Recall").
 */
export async function superTeamSync(db: SuperTeamDb, account: string): Promise<SuperTeamSyncEntry[]> {
  const memberships = await db
    .selectFrom('im_super_team_member as m')
    .innerJoin('im_super_team as t', 't.team_id', 'm.team_id')
    .select(['m.team_id', 'm.join_seq', 'm.ack_seq', 'm.ack_time', 't.msg_seq'])
    .where('m.accid', '=', account)
    .where('m.valid', '=', true)
    .where('t.valid', '=', true)
    .execute();
  const entries: SuperTeamSyncEntry[] = [];
  for (const m of memberships) {
    const teamId = Number(m.team_id);
    const from = Math.max(Number(m.join_seq), Number(m.ack_seq));
    if (Number(m.msg_seq) <= Number(m.join_seq)) continue;
    const rows = await db
      .selectFrom('im_super_team_msg as s')
      .innerJoin('im_message', 'im_message.id_server', 's.id_server')
      .select(MESSAGE_COLUMNS.map((c) => `im_message.${c}` as const))
      .where('s.team_id', '=', teamId)
      .where('s.seq', '>', from)
      .where(notRecalledInSuperTeam())
      .orderBy('s.seq', 'desc')
      .limit(SUPER_TEAM_ROAMING_LIMIT + 1)
      .execute();
    const messages = rows.slice(0, SUPER_TEAM_ROAMING_LIMIT).map(messageFromRow).reverse();
    const { rows: counted } = await sql<{ n: string }>`
      select count(*) as n from im_super_team_msg s join im_message m on m.id_server = s.id_server
      where s.team_id = ${teamId} and s.seq > ${from} and m.sender <> ${account} and m.msg_type <> ${NOTIFICATION_TYPE_CODE}
        and not exists (select 1 from im_super_team_recall r where r.id_server = s.id_server)
    `.execute(db);
    // The newest message the member still sees: recalled ones are left out (§4 delete rules).
    let lastMsg = messages.at(-1);
    if (!lastMsg) {
      const last = await db
        .selectFrom('im_super_team_msg as s')
        .innerJoin('im_message', 'im_message.id_server', 's.id_server')
        .select(MESSAGE_COLUMNS.map((c) => `im_message.${c}` as const))
        .where('s.team_id', '=', teamId)
        .where('s.seq', '>', Number(m.join_seq))
        .where(notRecalledInSuperTeam())
        .orderBy('s.seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      lastMsg = last ? messageFromRow(last) : undefined;
    }
    entries.push({ teamId: String(teamId), messages, hasMore: rows.length > SUPER_TEAM_ROAMING_LIMIT, unread: Number(counted[0]?.n ?? 0), ackTime: Number(m.ack_time), lastMsg });
  }
  return entries;
}

/**
 * markSessionAck of `superTeam-<id>`: the member's read position moves to the last message at or
 * before `ackTime` (default: the stream head); it never moves back. Undefined when not a member.
 */
export async function markSuperTeamRead(db: SuperTeamDb, account: string, teamIdInput: unknown, ackTime?: number): Promise<{ ack: number } | undefined> {
  const teamId = parseTeamId(teamIdInput);
  if (ackTime !== undefined && (!Number.isSafeInteger(ackTime) || ackTime < 0)) throw parameterError('timetag must be a time in ms');
  return db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('im_super_team_member').select(['ack_seq', 'ack_time', 'valid']).where('team_id', '=', teamId).where('accid', '=', account).forUpdate().executeTakeFirst();
    if (!member?.valid) return undefined;
    let q = trx
      .selectFrom('im_super_team_msg as s')
      .innerJoin('im_message', 'im_message.id_server', 's.id_server')
      .select(['s.seq', 'im_message.time'])
      .where('s.team_id', '=', teamId);
    if (ackTime !== undefined) q = q.where('im_message.time', '<=', ackTime);
    const last = await q.orderBy('s.seq', 'desc').limit(1).executeTakeFirst();
    const seq = last ? Number(last.seq) : 0;
    if (seq <= Number(member.ack_seq)) return { ack: Number(member.ack_time) };
    const time = Number(last?.time ?? 0);
    await trx.updateTable('im_super_team_member').set({ ack_seq: seq, ack_time: time }).where('team_id', '=', teamId).where('accid', '=', account).execute();
    return { ack: time };
  });
}
