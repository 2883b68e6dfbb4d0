import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { ImServerError, parameterError } from '../errors';
import { FTS_DEFAULT_MSG_LIMIT, FTS_MSG_TYPE_CODES, ResponseCode, SceneCode, ftsSearchProblem, type FtsSearchBody } from '../../protocol';
import { MESSAGE_COLUMNS, Scene, conversationKey, messageFromRow, p2pSessionId, type HistoryQuery, type StoredMessage } from '../msg/message';
import { MAX_TEXT_LENGTH } from '../msg/limits';
import { validateAccount, validatePageLimit } from '../msg/checks';
import { visibleTo } from '../msg/visibility';
import { targetOfSessionId } from '../session/session-service';
import { allocateSeq } from '../sync/sequence';
import { settleAccountFanouts, teamConversation, teamSessionId } from '../team/team-fanout';

/** im-client-spec §5 "batch self-delete 1 to 100 messages". */
export const MAX_DELETE_SELF_BATCH = 100;
/** Keyword length bound for search (as a text body, §5 ps ≤ 5000). */
export const MAX_SEARCH_KEYWORD = MAX_TEXT_LENGTH;

/** Which message a delete request names: the server id, or the sender and the client id. */
export interface MessageRef {
  idServer?: string;
  idClient?: string;
  from?: string;
}

export interface DeletedForSelf {
  message: StoredMessage;
  /** When it was deleted (epoch ms). */
  time: number;
  custom: string;
}

export interface HistoryClear {
  sessionId: string;
  /** Messages at or before this time are gone from the owner's history. */
  time: number;
  ext: string;
}

export interface SearchQuery {
  keyword?: string;
  /** Sessions to search (p2p-<account>); none = all of the caller's sessions. */
  sessionIds?: readonly string[];
  /** Single session by peer account (historyQuery `to`). */
  to?: string;
  msgTypes?: readonly number[];
  beginTime?: number;
  endTime?: number;
  lastMsgId?: string;
  limit?: number;
}

/** A msgFtsSearch body (the command table's field names), checked by ftsSearchProblem. */
export type FtsQuery = FtsSearchBody;

/**
 * History per account (issue 10 §2): delete for self and clear server history hide messages from
 * one account's history, search and sync only; the peer keeps them. Each change takes the account's
 * sync number in its transaction (docs/im-sync.md) so the account's other devices sync it.
 */
export class HistoryService {
  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly now: () => number = Date.now,
  ) {}


  /**
   * Deletes 1–100 messages of the account's sessions for the account only: p2p messages it sent or
   * received, and messages of the teams it is a valid member of (sent by anyone; the rule msgFtsSearch
   * uses, memberTeamConversations). Any batch outside 1–100 is 414 and any other message (another
   * pair's, a team the account left or never joined) is 404: nothing changes. Each session touched
   * (`p2p-<peer>` or `team-<id>`) gets as lastMsg its newest message still visible to the account; its
   * unread is left as it is (rolling it back is the client's rollbackDelMsgUnread option, docs/protocol.md).
   */
  async deleteSelf(account: string, refs: readonly MessageRef[], custom = ''): Promise<{ deleted: DeletedForSelf[]; seq: number; time: number }> {
    if (!Array.isArray(refs) || refs.length < 1 || refs.length > MAX_DELETE_SELF_BATCH) {
      throw parameterError(`delete for self takes 1 to ${MAX_DELETE_SELF_BATCH} messages`);
    }
    if (typeof custom !== 'string' || custom.length > MAX_TEXT_LENGTH) throw parameterError('custom too long');
    const messages: StoredMessage[] = [];
    for (const ref of refs) {
      const message = await this.findSeen(account, ref);
      if (!message) throw new ImServerError(ResponseCode.NOT_FOUND, 'message not found');
      if (!messages.some((m) => m.idServer === message.idServer)) messages.push(message);
    }
    // A team message whose members' rows are still queued would move the session back to it afterwards
    // (team-fanout.ts): they are written first, as before any read of the account's team sessions.
    if (messages.some((m) => m.scene === Scene.TEAM)) await settleAccountFanouts(this.db, account);
    return this.db.transaction().execute(async (trx) => {
      const seq = await allocateSeq(trx, account);
      const time = this.now();
      await trx
        .insertInto('im_msg_deleted_self')
        .values(messages.map((m) => ({ accid: account, id_server: Number(m.idServer), deleted_at: time, custom, seq })))
        .onConflict((oc) => oc.columns(['accid', 'id_server']).doNothing())
        .execute();
      // lastMsg of every session touched: the newest message of its conversation still visible to the account.
      const sessions = new Map<string, string>();
      for (const m of messages) {
        if (m.scene === Scene.TEAM) sessions.set(teamSessionId(m.to), teamConversation(m.to));
        else if (m.scene === Scene.P2P) {
          const peer = m.from === account ? m.to : m.from;
          sessions.set(p2pSessionId(peer), conversationKey(account, peer));
        }
      }
      for (const [sessionId, conversation] of sessions) {
        const newest = await trx
          .selectFrom('im_message')
          .select('id_server')
          .where('conversation', '=', conversation)
          .where(visibleTo(account))
          .orderBy('time', 'desc')
          .orderBy('id_server', 'desc')
          .limit(1)
          .executeTakeFirst();
        await trx
          .updateTable('im_session')
          .set({ last_msg_id: newest ? Number(newest.id_server) : null })
          .where('accid', '=', account)
          .where('session_id', '=', sessionId)
          .execute();
      }
      return { deleted: messages.map((message) => ({ message, time, custom })), seq, time };
    });
  }

  /**
   * Clears the account's server history of one p2p session up to now (and at least its newest
   * message): the messages leave the account's history, search and sync; the session keeps no
   * lastMsg, and its unread becomes 0 with the read position moved to the clear time.
   */
  async clearHistory(account: string, peerValue: unknown, ext = ''): Promise<HistoryClear & { seq: number }> {
    const peer = validateAccount(peerValue, 'to');
    if (typeof ext !== 'string' || ext.length > MAX_TEXT_LENGTH) throw parameterError('ext too long');
    const sessionId = p2pSessionId(peer);
    return this.db.transaction().execute(async (trx) => {
      const seq = await allocateSeq(trx, account);
      const newest = await trx
        .selectFrom('im_message')
        .select(sql<number | null>`max(time)`.as('newest'))
        .where('conversation', '=', conversationKey(account, peer))
        .executeTakeFirst();
      const time = Math.max(this.now(), Number(newest?.newest ?? 0));
      await trx
        .insertInto('im_history_clear')
        .values({ accid: account, session_id: sessionId, clear_time: time, ext, seq })
        .onConflict((oc) => oc.columns(['accid', 'session_id']).doUpdateSet({ clear_time: time, ext, seq }))
        .execute();
      await trx
        .updateTable('im_session')
        .set({ last_msg_id: null, unread: 0, ack_time: sql<number>`greatest(ack_time, ${time})` })
        .where('accid', '=', account)
        .where('session_id', '=', sessionId)
        .execute();
      return { sessionId, time, ext, seq };
    });
  }

  /** getHistoryMsgs without what the viewer deleted for self or cleared. */
  async history(viewer: string, query: HistoryQuery): Promise<StoredMessage[]> {
    const peer = validateAccount(query.peer, 'to');
    const limit = validatePageLimit(query.limit);
    const { beginTime = 0, endTime = 0, reverse = false } = query;
    if (beginTime < 0 || endTime < 0 || (endTime > 0 && beginTime > endTime)) throw parameterError('beginTime must not be after endTime');
    let q = this.db
      .selectFrom('im_message')
      .select(MESSAGE_COLUMNS)
      .where('conversation', '=', conversationKey(viewer, peer))
      .where(visibleTo(viewer));
    if (beginTime > 0) q = q.where('time', '>=', beginTime);
    if (endTime > 0) q = q.where('time', '<=', endTime);
    if (query.lastMsgId) q = q.where('id_server', reverse ? '>' : '<', anchorOf(query.lastMsgId));
    const direction = reverse ? 'asc' : 'desc';
    const rows = await q.orderBy('time', direction).orderBy('id_server', direction).limit(limit).execute();
    return rows.map(messageFromRow);
  }

  /**
   * Server search (searchHistoryMsgs) over the caller's own visible p2p messages, newest first:
   * keyword in the text (case-insensitive), sessions, types, time range; paged like history, by
   * endTime = the last result's time and lastMsgId = its idServer.
   */
  async search(viewer: string, query: SearchQuery): Promise<StoredMessage[]> {
    const rows = await this.searchQuery(viewer, query).execute();
    return rows.map(messageFromRow);
  }

  /**
   * The validated search as one SELECT (tests EXPLAIN it): the keyword is matched as
   * `lower(text) like '%…%'`, the expression of the trigram index im_message_text_trgm
   * (migration 008-search-index).
   */
  searchQuery(viewer: string, query: SearchQuery) {
    const limit = validatePageLimit(query.limit);
    const keyword = query.keyword ?? '';
    if (typeof keyword !== 'string' || keyword.length > MAX_SEARCH_KEYWORD) throw parameterError('keyword too long');
    const types = query.msgTypes ?? [];
    // The message type column is a smallint: a code out of range would be a database error (500), not a 414.
    if (!Array.isArray(types) || types.length > 20 || types.some((t) => !Number.isInteger(t) || t < 0 || t > 1000)) throw parameterError('msgTypes must be at most 20 message type codes');
    if (keyword === '' && types.length === 0) throw parameterError('search needs a keyword or message types');
    const peers = [...(query.sessionIds ?? []).map(targetOfSessionId), ...(query.to ? [query.to] : [])].map((p) => validateAccount(p, 'sessionIds'));
    if (peers.length > MAX_DELETE_SELF_BATCH) throw parameterError('at most 100 sessions');
    const { beginTime = 0, endTime = 0 } = query;
    if (beginTime < 0 || endTime < 0 || (endTime > 0 && beginTime > endTime)) throw parameterError('beginTime must not be after endTime');

    let q = this.db
      .selectFrom('im_message')
      .select(MESSAGE_COLUMNS)
      .where((eb) => eb.or([eb('sender', '=', viewer), eb('receiver', '=', viewer)]))
      .where(visibleTo(viewer));
    if (peers.length > 0) q = q.where('conversation', 'in', peers.map((p) => conversationKey(viewer, p)));
    if (types.length > 0) q = q.where('msg_type', 'in', types);
    if (keyword !== '') q = q.where(sql<boolean>`lower(text) like ${`%${escapeLike(keyword.toLowerCase())}%`} escape '\\'`);
    if (beginTime > 0) q = q.where('time', '>=', beginTime);
    if (endTime > 0) {
      // Paging: strictly older than the anchor, or as old with a smaller id.
      if (query.lastMsgId) {
        const anchor = anchorOf(query.lastMsgId);
        q = q.where((eb) => eb.or([eb('time', '<', endTime), eb.and([eb('time', '=', endTime), eb('id_server', '<', anchor)])]));
      } else q = q.where('time', '<=', endTime);
    } else if (query.lastMsgId) q = q.where('id_server', '<', anchorOf(query.lastMsgId));
    return q.orderBy('time', 'desc').orderBy('id_server', 'desc').limit(limit);
  }

  /**
   * Full-text search (msgFtsSearch, issue 31; docs/protocol.md "History, receipts and stick-top across devices", the msgFtsSearch row): text and tip
   * messages whose text contains the keyword (case-insensitive), in the viewer's p2p conversations
   * and the teams it is a valid member of (teamHistory's rule), or in the sessions named; only what
   * the viewer still sees (visibleTo: not deleted for self, not recalled, not cleared). msgLimit
   * messages (default 20, §9), newest first unless order ASC; with sessionLimit, only the hits of the
   * sessionLimit sessions whose newest hit is newest. The keyword is matched as `lower(text) like
   * '%…%'`, the expression of the trigram index im_message_text_trgm (migration 008): no index or
   * write-path work of its own.
   */
  async ftsSearch(viewer: string, query: FtsQuery): Promise<StoredMessage[]> {
    const problem = ftsSearchProblem(query);
    if (problem) throw parameterError(problem);
    const search = this.ftsQuery(viewer, query);
    const msgLimit = (query.msgLimit as number | undefined) ?? FTS_DEFAULT_MSG_LIMIT;
    const direction = query.order === 'ASC' ? 'asc' : 'desc';
    let q = search.select(MESSAGE_COLUMNS);
    if (query.sessionLimit !== undefined) {
      const sessions = await search
        .select('conversation')
        .groupBy('conversation')
        .orderBy(sql`max(time)`, 'desc')
        .orderBy('conversation')
        .limit(query.sessionLimit as number)
        .execute();
      if (sessions.length === 0) return [];
      q = q.where('conversation', 'in', sessions.map((s) => s.conversation));
    }
    const rows = await q.orderBy('time', direction).orderBy('id_server', direction).limit(msgLimit).execute();
    return rows.map(messageFromRow);
  }

  /** The rows a checked msgFtsSearch matches, before selection, order and limits (tests EXPLAIN it). */
  ftsQuery(viewer: string, query: FtsQuery) {
    const keyword = (query.keyword as string).toLowerCase();
    const types = (query.msgTypes as number[] | undefined)?.length ? (query.msgTypes as number[]) : [...FTS_MSG_TYPE_CODES];
    const sessionIds = (query.sessionIds as string[] | undefined) ?? [];
    const fromTime = (query.fromTime as number | undefined) ?? 0;
    const toTime = (query.toTime as number | undefined) ?? 0;
    const teamIds = sessionIds.filter((id) => id.startsWith('team-')).map((id) => Number(id.slice('team-'.length))).filter(Number.isSafeInteger);
    const peers = sessionIds.filter((id) => id.startsWith('p2p-')).map((id) => validateAccount(id.slice('p2p-'.length), 'sessionIds'));
    let q = this.db
      .selectFrom('im_message')
      .where(sql<boolean>`lower(text) like ${`%${escapeLike(keyword)}%`} escape '\\'`)
      .where('msg_type', 'in', types)
      .where((eb) => {
        // p2p: a conversation the viewer is in; team: a team the viewer is a valid member of.
        const p2p = eb.and([
          eb('scene', '=', SceneCode.p2p),
          eb.or([eb('sender', '=', viewer), eb('receiver', '=', viewer)]),
          ...(sessionIds.length > 0 ? [eb('conversation', 'in', peers.length > 0 ? peers.map((p) => conversationKey(viewer, p)) : [''])] : []),
        ]);
        const memberTeams = memberTeamConversations(eb, viewer, sessionIds.length > 0 ? teamIds : undefined);
        const team = eb.and([eb('scene', '=', SceneCode.team), eb('conversation', 'in', memberTeams)]);
        return eb.or([p2p, team]);
      })
      .where(visibleTo(viewer));
    if (fromTime > 0) q = q.where('time', '>=', fromTime);
    if (toTime > 0) q = q.where('time', '<=', toTime);
    return q;
  }

  /** The server ids among `messages` that `viewer` no longer sees (sync leaves them out). */
  async hiddenFrom(viewer: string, messages: readonly StoredMessage[]): Promise<Set<string>> {
    if (messages.length === 0) return new Set();
    const ids = messages.map((m) => Number(m.idServer));
    const visible = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .selectFrom('im_message')
        .select('id_server')
        .where('id_server', 'in', ids.slice(i, i + 500))
        .where(visibleTo(viewer))
        .execute();
      for (const r of rows) visible.add(String(r.id_server));
    }
    return new Set(messages.map((m) => m.idServer).filter((id) => !visible.has(id)));
  }

  /** Deletions for self numbered in (afterSeq, uptoSeq] (the deleteMsgSelf part of a sync page). */
  async deletedBetween(account: string, afterSeq: number, uptoSeq: number): Promise<DeletedForSelf[]> {
    const rows = await this.db
      .selectFrom('im_msg_deleted_self as d')
      .innerJoin('im_message', 'im_message.id_server', 'd.id_server')
      .select(MESSAGE_COLUMNS.map((c) => `im_message.${c}` as const))
      .select(['d.deleted_at', 'd.custom'])
      .where('d.accid', '=', account)
      .where('d.seq', '>', afterSeq)
      .where('d.seq', '<=', uptoSeq)
      .orderBy('d.seq')
      .execute();
    return rows.map((r) => ({ message: messageFromRow(r), time: Number(r.deleted_at), custom: r.custom }));
  }

  /** History clears numbered in (afterSeq, uptoSeq] (the sessionHistoryMsgsDelete part of a sync page). */
  async clearsBetween(account: string, afterSeq: number, uptoSeq: number): Promise<HistoryClear[]> {
    const rows = await this.db
      .selectFrom('im_history_clear')
      .select(['session_id', 'clear_time', 'ext'])
      .where('accid', '=', account)
      .where('seq', '>', afterSeq)
      .where('seq', '<=', uptoSeq)
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({ sessionId: r.session_id, time: Number(r.clear_time), ext: r.ext }));
  }

  /**
   * The message `ref` names if it is in one of the account's sessions: one it sent or received (p2p as
   * before; a super team message it sent), or a message of a team it is a valid member of, whoever sent
   * it. A team message of a team it left or never joined is not (its own included).
   */
  private async findSeen(account: string, ref: MessageRef): Promise<StoredMessage | undefined> {
    if (typeof ref !== 'object' || ref === null) throw parameterError('each message needs idServer, or from and idClient');
    let q = this.db
      .selectFrom('im_message')
      .select(MESSAGE_COLUMNS)
      .where((eb) =>
        eb.or([
          eb.and([eb('scene', '<>', SceneCode.team), eb.or([eb('sender', '=', account), eb('receiver', '=', account)])]),
          eb.and([eb('scene', '=', SceneCode.team), eb('conversation', 'in', memberTeamConversations(eb, account))]),
        ]),
      );
    if (ref.idServer) q = q.where('id_server', '=', anchorOf(ref.idServer));
    else if (ref.idClient && ref.from) q = q.where('sender', '=', validateAccount(ref.from, 'from')).where('id_client', '=', ref.idClient);
    else throw parameterError('each message needs idServer, or from and idClient');
    const row = await q.executeTakeFirst();
    return row ? messageFromRow(row) : undefined;
  }
}

/**
 * The conversations (`team#<id>`) of the teams `viewer` is a valid member of, only those of `teamIds`
 * when given: which team messages the viewer may see (as teamHistory's 804 rule), for msgFtsSearch
 * and delete for self.
 */
function memberTeamConversations(eb: ExpressionBuilder<ImDatabase, 'im_message'>, viewer: string, teamIds?: readonly number[]) {
  const memberTeams = eb
    .selectFrom('im_team_member')
    .select(sql<string>`${teamConversation('')} || team_id`.as('conversation'))
    .where('accid', '=', viewer)
    .where('valid', '=', true);
  return teamIds ? memberTeams.where('team_id', 'in', teamIds.length > 0 ? [...teamIds] : [-1]) : memberTeams;
}

function anchorOf(idServer: string): number {
  const anchor = Number(idServer);
  if (!Number.isSafeInteger(anchor) || anchor < 0) throw parameterError('message id must be a server message id');
  return anchor;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
