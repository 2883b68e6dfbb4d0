import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import {
  MAX_COLLECT_QUERY_LIMIT,
  ResponseCode,
  collectAddProblem,
  collectDeleteProblem,
  collectQueryProblem,
  collectUpdateProblem,
  msgPinProblem,
  quickCommentLookupProblem,
  quickCommentProblem,
} from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import { MESSAGE_COLUMNS, Scene, conversationKey, messageFromRow, type StoredMessage } from '../msg/message';
import { teamConversation } from '../team/team-fanout';
import { ThreadService } from './threads';

export interface QuickComment {
  from: string;
  body: number;
  custom: string;
  time: number;
}

export interface Collect {
  id: string;
  type: number;
  data: string;
  custom: string;
  uniqueId: string;
  createTime: number;
  updateTime: number;
}

export interface MsgPin {
  message: StoredMessage;
  pinFrom: string;
  pinCustom: string;
  createTime: number;
  updateTime: number;
}

/** A message the caller may see, with the accounts its changes are pushed to (both parties or the team's members). */
export interface VisibleMessage {
  message: StoredMessage;
  conversation: string;
  audience: string[];
}

const refuse = (problem: string | undefined) => {
  if (problem) throw parameterError(problem);
};
const notFound = (what: string) => new ImServerError(ResponseCode.NOT_FOUND, `${what} not found`);

/**
 * msgExtend (issue 12; docs/im-extend.md): quick comments and pins on a message the caller can see
 * (a party of the p2p chat or a valid member of the team), collects private to their account. Rules
 * come from im-core's extend-rules (the same the client runs); a refusal changes nothing.
 */
export class MsgExtendService {
  /** Threads and replies (threads.ts): getThreadMsgs and getMsgsByIdServer. */
  readonly threads: ThreadService;

  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly now: () => number = Date.now,
  ) {
    this.threads = new ThreadService(db, this);
  }

  /** The message `idServer` as `viewer` may see it; 404 for a missing message and one of another conversation alike. */
  async visibleMessage(viewer: string, idServerInput: unknown): Promise<VisibleMessage> {
    const idServer = Number((idServerInput as { idServer?: unknown } | undefined)?.idServer);
    const row = Number.isSafeInteger(idServer)
      ? await this.db.selectFrom('im_message').select([...MESSAGE_COLUMNS, 'conversation']).where('id_server', '=', idServer).executeTakeFirst()
      : undefined;
    if (row) {
      if (row.scene === Scene.P2P && (row.sender === viewer || row.receiver === viewer)) {
        return { message: messageFromRow(row), conversation: conversationKey(row.sender, row.receiver), audience: [...new Set([row.sender, row.receiver])] };
      }
      if (row.scene === Scene.TEAM) {
        const members = await this.db.selectFrom('im_team_member').select('accid').where('team_id', '=', Number(row.receiver)).where('valid', '=', true).execute();
        const audience = members.map((m) => m.accid);
        if (audience.includes(viewer)) return { message: messageFromRow(row), conversation: teamConversation(row.receiver), audience };
      }
    }
    throw notFound('message');
  }

  // ---- quick comments

  async addQuickComment(account: string, msg: unknown, comment: { body?: unknown; custom?: unknown } | undefined): Promise<{ target: VisibleMessage; comment: QuickComment }> {
    refuse(quickCommentProblem(msg, comment));
    const target = await this.visibleMessage(account, msg);
    const value: QuickComment = { from: account, body: comment?.body as number, custom: (comment?.custom as string | undefined) ?? '', time: this.now() };
    // Adding the same body again refreshes its time and custom (one comment per account and body).
    await this.db
      .insertInto('im_quick_comment')
      .values({ id_server: Number(target.message.idServer), accid: account, body: value.body, custom: value.custom, time: value.time })
      .onConflict((oc) => oc.columns(['id_server', 'accid', 'body']).doUpdateSet({ custom: value.custom, time: value.time }))
      .execute();
    return { target, comment: value };
  }

  async deleteQuickComment(account: string, msg: unknown, body: unknown): Promise<{ target: VisibleMessage; comment: QuickComment }> {
    refuse(quickCommentProblem(msg, { body }));
    const target = await this.visibleMessage(account, msg);
    const deleted = await this.db
      .deleteFrom('im_quick_comment')
      .where('id_server', '=', Number(target.message.idServer))
      .where('accid', '=', account)
      .where('body', '=', body as number)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound('quick comment');
    return { target, comment: { from: account, body: body as number, custom: '', time: this.now() } };
  }

  /** Comments of 1–20 messages; messages the caller cannot see are left out of the answer. */
  async quickComments(account: string, msgs: unknown): Promise<{ message: StoredMessage; comments: QuickComment[] }[]> {
    refuse(quickCommentLookupProblem(msgs));
    const visible: StoredMessage[] = [];
    for (const msg of msgs as unknown[]) {
      try {
        visible.push((await this.visibleMessage(account, msg)).message);
      } catch (error) {
        if (!(error instanceof ImServerError) || error.code !== ResponseCode.NOT_FOUND) throw error;
      }
    }
    if (visible.length === 0) return [];
    const rows = await this.db
      .selectFrom('im_quick_comment')
      .selectAll()
      .where('id_server', 'in', visible.map((m) => Number(m.idServer)))
      .orderBy('time')
      .execute();
    return visible.map((message) => ({
      message,
      comments: rows.filter((r) => String(r.id_server) === message.idServer).map((r) => ({ from: r.accid, body: Number(r.body), custom: r.custom, time: Number(r.time) })),
    }));
  }

  // ---- collects (private to their account)

  async addCollect(account: string, input: { type?: unknown; data?: unknown; custom?: unknown; uniqueId?: unknown } | undefined): Promise<Collect> {
    refuse(collectAddProblem(input));
    const uniqueId = (input?.uniqueId as string | undefined) ?? '';
    if (uniqueId) {
      // A uniqueId makes adding idempotent: the same collect comes back.
      const existing = await this.db.selectFrom('im_collect').selectAll().where('accid', '=', account).where('unique_id', '=', uniqueId).executeTakeFirst();
      if (existing) return collectFromRow(existing);
    }
    const time = this.now();
    const row = await this.db
      .insertInto('im_collect')
      .values({ accid: account, type: input?.type as number, data: input?.data as string, custom: (input?.custom as string | undefined) ?? '', unique_id: uniqueId, created_at: time, updated_at: time })
      .returningAll()
      .executeTakeFirstOrThrow();
    return collectFromRow(row);
  }

  async updateCollect(account: string, input: { id?: unknown; custom?: unknown } | undefined): Promise<Collect> {
    refuse(collectUpdateProblem(input));
    const row = await this.db
      .updateTable('im_collect')
      .set({ custom: (input?.custom as string | undefined) ?? '', updated_at: this.now() })
      .where('id', '=', Number(input?.id))
      .where('accid', '=', account)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('collect');
    return collectFromRow(row);
  }

  /** Deletes the caller's own collects among `list`; others' ids count for nothing. */
  async deleteCollects(account: string, list: unknown): Promise<number> {
    refuse(collectDeleteProblem(list));
    const ids = (list as { id: string }[]).map((c) => Number(c.id));
    const result = await this.db.deleteFrom('im_collect').where('accid', '=', account).where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * The caller's collects created in [beginTime, endTime] (endTime 0 or absent: no upper bound),
   * newest first unless `reverse`; `lastId` continues after that collect. total counts the whole range.
   */
  async collects(
    account: string,
    query: { beginTime?: unknown; endTime?: unknown; lastId?: unknown; limit?: unknown; reverse?: unknown; type?: unknown },
  ): Promise<{ collects: Collect[]; total: number }> {
    refuse(collectQueryProblem(query));
    const begin = (query.beginTime as number | undefined) ?? 0;
    const end = (query.endTime as number | undefined) || Number.MAX_SAFE_INTEGER;
    const limit = (query.limit as number | undefined) ?? MAX_COLLECT_QUERY_LIMIT;
    const ascending = query.reverse === true;
    let range = this.db.selectFrom('im_collect').where('accid', '=', account).where('created_at', '>=', begin).where('created_at', '<=', end);
    if (typeof query.type === 'number') range = range.where('type', '=', query.type);
    const total = await range.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let page = range.selectAll();
    if (query.lastId) {
      const lastId = Number(query.lastId);
      page = ascending ? page.where('id', '>', lastId) : page.where('id', '<', lastId);
    }
    const rows = await page.orderBy('id', ascending ? 'asc' : 'desc').limit(limit).execute();
    return { collects: rows.map(collectFromRow), total: Number(total.n) };
  }

  // ---- pins (per conversation)

  async addPin(account: string, pin: { msg?: unknown; pinCustom?: unknown } | undefined): Promise<{ target: VisibleMessage; pin: MsgPin }> {
    refuse(msgPinProblem(pin));
    const target = await this.visibleMessage(account, pin?.msg);
    const time = this.now();
    const inserted = await this.db
      .insertInto('im_msg_pin')
      .values({ conversation: target.conversation, id_server: Number(target.message.idServer), pin_from: account, pin_custom: (pin?.pinCustom as string | undefined) ?? '', created_at: time, updated_at: time })
      .onConflict((oc) => oc.columns(['conversation', 'id_server']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) throw new ImServerError(ResponseCode.DUPLICATE_OPERATION, 'message is already pinned');
    return { target, pin: pinFromRow(target.message, inserted) };
  }

  async updatePin(account: string, pin: { msg?: unknown; pinCustom?: unknown } | undefined): Promise<{ target: VisibleMessage; pin: MsgPin }> {
    refuse(msgPinProblem(pin));
    const target = await this.visibleMessage(account, pin?.msg);
    const row = await this.db
      .updateTable('im_msg_pin')
      .set({ pin_custom: (pin?.pinCustom as string | undefined) ?? '', updated_at: this.now() })
      .where('conversation', '=', target.conversation)
      .where('id_server', '=', Number(target.message.idServer))
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('pin');
    return { target, pin: pinFromRow(target.message, row) };
  }

  async deletePin(account: string, pin: { msg?: unknown } | undefined): Promise<{ target: VisibleMessage; pin: MsgPin }> {
    refuse(msgPinProblem(pin));
    const target = await this.visibleMessage(account, pin?.msg);
    const row = await this.db
      .deleteFrom('im_msg_pin')
      .where('conversation', '=', target.conversation)
      .where('id_server', '=', Number(target.message.idServer))
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('pin');
    return { target, pin: { ...pinFromRow(target.message, row), updateTime: this.now() } };
  }

  /** Pins of the session `sessionId` ("p2p-<peer>" or "team-<id>") as the caller names it, oldest first. */
  async pins(account: string, sessionId: unknown): Promise<MsgPin[]> {
    const conversation = await this.conversationOfSession(account, sessionId);
    const rows = await this.db
      .selectFrom('im_msg_pin as p')
      .innerJoin('im_message as m', 'm.id_server', 'p.id_server')
      .select([...MESSAGE_COLUMNS.map((c) => `m.${c}` as const), 'p.pin_from', 'p.pin_custom', 'p.created_at', 'p.updated_at'])
      .where('p.conversation', '=', conversation)
      .orderBy('p.created_at')
      .execute();
    return rows.map((r) => pinFromRow(messageFromRow(r), r));
  }

  private async conversationOfSession(account: string, sessionId: unknown): Promise<string> {
    const match = typeof sessionId === 'string' ? /^(p2p|team)-(.+)$/.exec(sessionId) : null;
    if (!match) throw parameterError('sessionId must be p2p-<account> or team-<teamId>');
    if (match[1] === 'p2p') return conversationKey(account, match[2]);
    const teamId = Number(match[2]);
    const member = Number.isSafeInteger(teamId)
      ? await this.db.selectFrom('im_team_member').select('valid').where('team_id', '=', teamId).where('accid', '=', account).executeTakeFirst()
      : undefined;
    if (member?.valid !== true) throw notFound('session');
    return teamConversation(teamId);
  }
}

function collectFromRow(row: { id: number; type: number; data: string; custom: string; unique_id: string; created_at: number; updated_at: number }): Collect {
  return {
    id: String(row.id),
    type: Number(row.type),
    data: row.data,
    custom: row.custom,
    uniqueId: row.unique_id,
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
  };
}

function pinFromRow(message: StoredMessage, row: { pin_from: string; pin_custom: string; created_at: number; updated_at: number }): MsgPin {
  return { message, pinFrom: row.pin_from, pinCustom: row.pin_custom, createTime: Number(row.created_at), updateTime: Number(row.updated_at) };
}
