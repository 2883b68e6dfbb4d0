import { sql } from 'kysely';
import { normalizeSendRecord, sendMessageProblem, type MessageRecordValue } from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import { MESSAGE_TYPE_CODES } from '../msg/limits';
import { MESSAGE_COLUMNS, Scene, TIP_TYPE_CODE, messageFromRow, type StoredMessage } from '../msg/message';
import { storedAttach, validatePageLimit } from '../msg/message-service';
import { HistoryService } from '../history/history-service';
import { NOTIFICATION_TYPE_CODE } from '../team/team-fanout';
import { parseTeamId, teamError } from '../team/team-model';
import { SUPER_TEAM_ROAMING_LIMIT, superTeamConversation, type SuperTeamDb } from './super-team-model';

/** A message going into a super team's stream (a chat message or a type-5 team event notification). */
export interface NewStreamMessage {
  teamId: number;
  sender: string;
  idClient: string;
  type: number;
  subType: number;
  text: string;
  attach: string;
  custom: string;
  fromNick: string;
  fromClientType: number;
  fromDeviceId: string;
  time: number;
}

/**
 * Appends a message to the team's stream inside the caller's transaction: the team row's lock gives
 * it the next number, one im_message row holds it and one stream row indexes it. Nothing is written
 * per member (docs/im-super-teams.md). Undefined when the sender already stored this idClient.
 */
export async function appendToStream(trx: SuperTeamDb, input: NewStreamMessage): Promise<{ message: StoredMessage; seq: number } | undefined> {
  const row = await trx
    .insertInto('im_message')
    .values({
      id_client: input.idClient,
      sender: input.sender,
      receiver: String(input.teamId),
      scene: Scene.SUPER_TEAM,
      conversation: superTeamConversation(input.teamId),
      msg_type: input.type,
      sub_type: input.subType,
      text: input.text,
      attach: input.attach,
      custom: input.custom,
      from_nick: input.fromNick,
      from_client_type: input.fromClientType,
      from_device_id: input.fromDeviceId,
      time: input.time,
      // Super team messages reach members through the team's stream, never through the p2p cursor columns.
      sender_seq: 0,
      receiver_seq: 0,
    })
    .onConflict((oc) => oc.columns(['sender', 'id_client']).doNothing())
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirst();
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

export interface ValidSuperTeamSend {
  idClient: string;
  to: string;
  type: number;
  subType: number;
  text: string;
  attach: string;
  custom: string;
}

/** The §3/§5 message rules im-core runs before sending (the same functions), for scene superTeam. */
export function validateSuperTeamSend(input: MessageRecordValue | undefined): ValidSuperTeamSend {
  if (typeof input !== 'object' || input === null) throw parameterError('msg is required');
  const record = normalizeSendRecord({ ...input, scene: input.scene ?? Scene.SUPER_TEAM, type: input.type ?? 0 });
  if (record.scene !== Scene.SUPER_TEAM) throw parameterError('scene must be superTeam');
  const problem = sendMessageProblem(record);
  if (problem) throw new ImServerError(problem.code, problem.message);
  const type = record.type as number;
  if (!MESSAGE_TYPE_CODES.has(type) || type === NOTIFICATION_TYPE_CODE) throw parameterError(`cannot send message of type ${type}`);
  return {
    idClient: record.idClient as string,
    to: String(record.to ?? ''),
    type,
    subType: record.subType ?? 0,
    text: type === TIP_TYPE_CODE ? (record.tip ?? '') : (record.text ?? ''),
    attach: storedAttach(record, type),
    custom: record.custom ?? '',
  };
}

export interface SuperTeamHistoryQuery {
  to?: string;
  beginTime?: number;
  endTime?: number;
  lastMsgId?: string;
  limit?: number;
  reverse?: boolean;
  msgTypes?: number[];
}

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
    .where(HistoryService.visibleTo(viewer));
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
 * teams' traffic, and no send wrote anything for it.
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
      .orderBy('s.seq', 'desc')
      .limit(SUPER_TEAM_ROAMING_LIMIT + 1)
      .execute();
    const messages = rows.slice(0, SUPER_TEAM_ROAMING_LIMIT).map(messageFromRow).reverse();
    const { rows: counted } = await sql<{ n: string }>`
      select count(*) as n from im_super_team_msg s join im_message m on m.id_server = s.id_server
      where s.team_id = ${teamId} and s.seq > ${from} and m.sender <> ${account} and m.msg_type <> ${NOTIFICATION_TYPE_CODE}
    `.execute(db);
    let lastMsg = messages.at(-1);
    if (!lastMsg) {
      const last = await db
        .selectFrom('im_super_team_msg as s')
        .innerJoin('im_message', 'im_message.id_server', 's.id_server')
        .select(MESSAGE_COLUMNS.map((c) => `im_message.${c}` as const))
        .where('s.team_id', '=', teamId)
        .where('s.seq', '=', Number(m.msg_seq))
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
