import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { MessageTypeCode, ResponseCode, type MessageRecordValue } from '../../protocol';
import type { AntispamService } from '../antispam/antispam-service';
import { ImServerError, parameterError } from '../errors';
import { validatePageLimit } from '../msg/checks';
import { visibleTo } from '../msg/visibility';
import { TeamReceiptService } from './team-receipts';
import { MESSAGE_COLUMNS, Scene, messageFromRow, type StoredMessage } from '../msg/message';
import type { TeamActor } from './team-change';
import { queueTeamFanout, settleAccountFanouts, storeTeamMessage, TeamFanoutWorker, type TeamFanoutOptions, teamConversation, teamSessionId } from './team-fanout';
import { threadColumnsFor } from '../extend/threads';
import { groupMessageFromSend, NOTIFICATION_TYPE_CODE, validateGroupSend, type ValidGroupSend } from './group-message';
import { bumpTimetag, TimetagKind } from '../sync/timetags';
import { MemberType, MuteType, parseTeamId, teamError } from './team-model';

export interface TeamMessageSent {
  message: StoredMessage;
  /** The valid members the message went to (the sender included). */
  recipients: string[];
  /** The recipients of its forced-push list (§8 811): their copies carry isForcePush. */
  forcePush: string[];
  /** This idClient was already stored for the sender: nothing was written or delivered again. */
  duplicate: boolean;
}

/**
 * Team messages (sendTeamMsg): members only (804), not while muted (812: the member, or the team
 * with muteType normal for normal members and all for everyone). Stored once, with the list of
 * valid members it goes to, in one short transaction; after the answer and the push each of them
 * gets it in its sync stream and its `team-<id>` session under its own next sync number (the fan-out
 * of team-fanout.ts, durable: a sync or a team change finishes a queued one first).
 */
export class TeamMessageService {
  /** Team read receipts (team-receipts.ts). */
  readonly receipts: TeamReceiptService;

  /** Writes the members' rows of sent messages after their push (team-fanout.ts). */
  readonly fanout: TeamFanoutWorker;

  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly nextTime: () => number,
    fanout: TeamFanoutOptions = {},
    /** The anti-spam filter every team text passes before it is stored (domain/antispam); absent: none. */
    private readonly antispam?: Pick<AntispamService, 'judge'>,
  ) {
    this.receipts = new TeamReceiptService(db);
    this.fanout = new TeamFanoutWorker(db, fanout);
  }

  /** Writes the rows of the account's team messages still queued (before a read of its sessions). */
  settleFor(account: string): Promise<void> {
    return settleAccountFanouts(this.db, account);
  }

  async send(actor: TeamActor, input: MessageRecordValue | undefined): Promise<TeamMessageSent> {
    const valid = validateTeamSend(input);
    const teamId = parseTeamId(valid.to);
    // The client's anti-spam rule, run again here as for p2p texts (domain/msg/message-service.ts).
    const verdict = this.antispam && valid.type === MessageTypeCode.text ? await this.antispam.judge(valid.text) : undefined;
    if (verdict) valid.text = verdict.text;
    const existing = await this.db
      .selectFrom('im_message')
      .select(MESSAGE_COLUMNS)
      .where('sender', '=', actor.account)
      .where('id_client', '=', valid.idClient)
      .executeTakeFirst();
    if (existing) {
      if (existing.scene !== Scene.TEAM || existing.receiver !== String(teamId)) throw parameterError('idClient was already used for another message');
      return { message: messageFromRow(existing), recipients: [], forcePush: [], duplicate: true };
    }
    return this.db.transaction().execute(async (trx) => {
      // A share lock: messages of one team do not wait for each other; a member change waits for them.
      const team = await trx.selectFrom('im_team').select(['valid', 'mute_type']).where('team_id', '=', teamId).forShare().executeTakeFirst();
      if (!team || !team.valid) throw teamError.missing(teamId);
      const members = await trx
        .selectFrom('im_team_member')
        .select(['accid', 'type', 'mute'])
        .where('team_id', '=', teamId)
        .where('valid', '=', true)
        .execute();
      const me = members.find((m) => m.accid === actor.account);
      if (!me) throw teamError.notMember();
      if (me.mute) throw teamError.muted('you are muted in this team');
      if (team.mute_type === MuteType.all || (team.mute_type === MuteType.normal && me.type === MemberType.normal)) throw teamError.muted('this team is muted');
      // A reply's target must be a message of this team the sender can see (domain/extend/threads.ts).
      const thread = await threadColumnsFor(trx, actor.account, teamConversation(teamId), input);
      const recipients = members.map((m) => m.accid);
      // The forced-push list names members only (its length was checked with the message rules: 811).
      const notMembers = valid.forcePushAccounts.filter((account) => !recipients.includes(account));
      if (notMembers.length > 0) throw parameterError(`forcePushAccounts: not in the team: ${notMembers.join(', ')}`);
      // The message and the list of members it goes to; their inbox, session and sequence rows are
      // written after the answer and the push (team-fanout.ts, docs/im-server-writes.md "Team messages").
      const message = await storeTeamMessage(trx, { ...groupMessageFromSend(actor, teamId, valid, this.nextTime()), thread, yidunAntiSpamRes: verdict?.yidunAntiSpamRes }, new Map());
      if (!message) throw new ImServerError(ResponseCode.DUPLICATE_OPERATION, 'the same idClient is being sent from another port');
      await queueTeamFanout(trx, message, teamId, recipients, true);
      if (input?.needMsgReceipt === true) {
        await sql`insert into im_team_receipt_msg (id_server, team_id, sender) values (${Number(message.idServer)}, ${teamId}, ${actor.account})`.execute(trx);
      }
      return { message, recipients, forcePush: [...new Set(valid.forcePushAccounts)], duplicate: false };
    });
  }
}

/**
 * markSessionAck for a `team-<id>` session: the member's read position moves to `ackTime` (default:
 * the newest message it got; an older ack than stored changes nothing) and unread is recounted from
 * the team messages it got after the ack that others sent (notifications do not count, as on
 * delivery). Numbered like a p2p ack (the sessionAck timetag and the session row), so the member's
 * other devices get it by sync. Undefined when the member has no such session.
 */
export async function markTeamSessionRead(db: Kysely<ImDatabase>, account: string, teamIdInput: unknown, ackTime?: number): Promise<{ ack: number; unread: number } | undefined> {
  const teamId = parseTeamId(teamIdInput);
  if (ackTime !== undefined && (!Number.isSafeInteger(ackTime) || ackTime < 0)) throw parameterError('ack time must be a time');
  const sessionId = teamSessionId(teamId);
  await settleAccountFanouts(db, account);
  return db.transaction().execute(async (trx) => {
    const session = await trx.selectFrom('im_session').select('ack_time').where('accid', '=', account).where('session_id', '=', sessionId).forUpdate().executeTakeFirst();
    if (!session) return undefined;
    const got = (q: Kysely<ImDatabase>) =>
      q.selectFrom('im_team_inbox as i').innerJoin('im_message as m', 'm.id_server', 'i.id_server').where('i.accid', '=', account).where('m.receiver', '=', String(teamId)).where('m.scene', '=', Scene.TEAM);
    const newest = await got(trx).select(sql<number | null>`max(m.time)`.as('newest')).executeTakeFirst();
    const ack = Math.max(Number(session.ack_time), ackTime ?? Number(newest?.newest ?? 0));
    const unread = await got(trx)
      .select(sql<number>`count(*)::int`.as('count'))
      .where('m.sender', '<>', account)
      .where('m.msg_type', '<>', NOTIFICATION_TYPE_CODE)
      .where('m.time', '>', ack)
      .executeTakeFirstOrThrow();
    const seq = await bumpTimetag(trx, account, TimetagKind.SESSION_ACK);
    await trx.updateTable('im_session').set({ ack_time: ack, unread: Number(unread.count), seq }).where('accid', '=', account).where('session_id', '=', sessionId).execute();
    return { ack, unread: Number(unread.count) };
  });
}

export interface TeamHistoryQuery {
  to?: string;
  beginTime?: number;
  endTime?: number;
  lastMsgId?: string;
  limit?: number;
  reverse?: boolean;
  msgTypes?: number[];
  keyword?: string;
}

/** Longest search keyword (as searchHistoryMsgs). */
const MAX_KEYWORD = 100;

/**
 * A page of a team's history for a valid member (804 otherwise; 803 for no team): newest first
 * unless reverse, beginTime ≤ time ≤ endTime, paged by lastMsgId; less what the viewer deleted for
 * self. With `search`, a keyword (case-insensitive, in the text) or message types are required.
 */
export async function teamHistory(db: Kysely<ImDatabase>, viewer: string, query: TeamHistoryQuery, search: boolean): Promise<StoredMessage[]> {
  const teamId = parseTeamId(query.to);
  const limit = validatePageLimit(query.limit);
  const { beginTime = 0, endTime = 0, reverse = false } = query;
  if (beginTime < 0 || endTime < 0 || (endTime > 0 && beginTime > endTime)) throw parameterError('beginTime must not be after endTime');
  const keyword = query.keyword ?? '';
  if (keyword.length > MAX_KEYWORD) throw parameterError('keyword too long');
  const types = query.msgTypes ?? [];
  // Type codes are small integers (§3); anything else would only fail in the database.
  if (!Array.isArray(types) || types.length > 20 || types.some((t) => !Number.isInteger(t) || t < 0 || t > 1000)) throw parameterError('msgTypes must be at most 20 message type codes');
  if (search && keyword === '' && types.length === 0) throw parameterError('search needs a keyword or message types');
  const team = await db.selectFrom('im_team').select('valid').where('team_id', '=', teamId).executeTakeFirst();
  if (!team) throw teamError.missing(teamId);
  const member = await db.selectFrom('im_team_member').select('valid').where('team_id', '=', teamId).where('accid', '=', viewer).executeTakeFirst();
  if (member?.valid !== true) throw teamError.notMember();
  let q = db.selectFrom('im_message').select(MESSAGE_COLUMNS).where('conversation', '=', teamConversation(teamId)).where(visibleTo(viewer));
  if (types.length > 0) q = q.where('msg_type', 'in', types);
  if (keyword !== '') q = q.where(sql<boolean>`strpos(lower(text), ${keyword.toLowerCase()}) > 0`);
  if (beginTime > 0) q = q.where('time', '>=', beginTime);
  if (endTime > 0) q = q.where('time', '<=', endTime);
  if (query.lastMsgId) {
    const anchor = Number(query.lastMsgId);
    if (!Number.isSafeInteger(anchor) || anchor < 0) throw parameterError('lastMsgId must be a server message id');
    q = q.where('id_server', reverse ? '>' : '<', anchor);
  }
  const direction = reverse ? 'asc' : 'desc';
  const rows = await q.orderBy('time', direction).orderBy('id_server', direction).limit(limit).execute();
  return rows.map(messageFromRow);
}

interface ValidTeamSend extends ValidGroupSend {
  /** The members whose copies carry isForcePush (§8 811); super teams have no forced-push list. */
  forcePushAccounts: string[];
}

/** The §3/§5 message rules im-core runs before sending, for scene team (group-message.ts), and the forced-push list. */
function validateTeamSend(input: MessageRecordValue | undefined): ValidTeamSend {
  const { valid, record } = validateGroupSend(input, Scene.TEAM);
  return { ...valid, forcePushAccounts: record.forcePushAccounts ?? [] };
}
