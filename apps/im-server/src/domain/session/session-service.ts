import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { parameterError } from '../errors';
import { MESSAGE_COLUMNS, Scene, conversationKey, messageFromRow, type MessageRow, type StoredMessage } from '../msg/message';
import { validatePageLimit } from '../msg/checks';
import { allocateSeq } from '../sync/sequence';
import { bumpTimetag, TimetagKind } from '../sync/timetags';

/** A session as its owner sees it (im-client-spec §3 Session). */
export interface ServerSession {
  id: string;
  scene: number;
  to: string;
  ack: number;
  unread: number;
  updateTime: number;
  isDeleted: boolean;
  /** The app's extension text (updateServerSession); '' when never set. */
  ext: string;
  lastMsg?: StoredMessage;
}

export interface SessionListQuery {
  /** Only sessions updated after this time (sync) or before it (paging), epoch ms. */
  updatedAfter?: number;
  updatedBefore?: number;
  limit?: number;
  includeDeleted?: boolean;
}

const SESSION_ID_PATTERN = /^p2p-(.+)$/;

export function targetOfSessionId(sessionId: unknown): string {
  const match = typeof sessionId === 'string' ? SESSION_ID_PATTERN.exec(sessionId) : null;
  if (!match) throw parameterError('sessionId must look like p2p-<account>');
  return match[1];
}

export class SessionService {
  constructor(private readonly db: Kysely<ImDatabase>) {}

  /** Sessions newest first (im-client-spec §5: default 100, deleted excluded). */
  async list(account: string, query: SessionListQuery = {}): Promise<ServerSession[]> {
    return (await this.listPage(account, query)).sessions;
  }

  /** One page for getServerSessions; one extra row tells whether another page follows. */
  async listPage(account: string, query: SessionListQuery = {}): Promise<{ sessions: ServerSession[]; hasMore: boolean }> {
    const limit = validatePageLimit(query.limit);
    let q = this.selectSessions(account);
    if (!query.includeDeleted) q = q.where('s.is_deleted', '=', false);
    if (query.updatedAfter) q = q.where('s.update_time', '>', query.updatedAfter);
    if (query.updatedBefore) q = q.where('s.update_time', '<', query.updatedBefore);
    const rows = await q.orderBy('s.update_time', 'desc').limit(limit + 1).execute();
    return { sessions: rows.slice(0, limit).map(sessionFromRow), hasMore: rows.length > limit };
  }

  async get(account: string, sessionId: string): Promise<ServerSession | undefined> {
    const row = await this.selectSessions(account).where('s.session_id', '=', sessionId).executeTakeFirst();
    return row ? sessionFromRow(row) : undefined;
  }

  private selectSessions(account: string) {
    return this.db
      .selectFrom('im_session as s')
      .leftJoin('im_message as m', 'm.id_server', 's.last_msg_id')
      .select(['s.session_id', 's.scene', 's.target', 's.ack_time', 's.unread', 's.update_time', 's.is_deleted', 's.ext'])
      .select(MESSAGE_COLUMNS.map((c) => `m.${c}` as const))
      .where('s.accid', '=', account);
  }

  /**
   * Marks a session read up to `ackTime` (default: everything) and recomputes unread from the
   * incoming messages newer than the ack (im-client-spec §4 Session). An older ack than stored
   * changes nothing. Returns the session after the change, or undefined when it does not exist.
   */
  async markRead(account: string, sessionId: string, ackTime?: number): Promise<ServerSession | undefined> {
    const target = targetOfSessionId(sessionId);
    if (ackTime !== undefined && (!Number.isSafeInteger(ackTime) || ackTime < 0)) throw parameterError('ack time must be a time');
    const updated = await this.db.transaction().execute(async (trx) => {
      const session = await trx
        .selectFrom('im_session')
        .select(['ack_time'])
        .where('accid', '=', account)
        .where('session_id', '=', sessionId)
        .forUpdate()
        .executeTakeFirst();
      if (!session) return false;
      const newest = await trx
        .selectFrom('im_message')
        .select(sql<number | null>`max(time)`.as('newest'))
        .where('conversation', '=', conversationKey(account, target))
        .executeTakeFirst();
      const requested = ackTime ?? Number(newest?.newest ?? 0);
      const ack = Math.max(Number(session.ack_time), requested);
      const unread = await trx
        .selectFrom('im_message')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('conversation', '=', conversationKey(account, target))
        .where('receiver', '=', account)
        .where('sender', '<>', account)
        .where('time', '>', ack)
        .executeTakeFirstOrThrow();
      const seq = await bumpTimetag(trx, account, TimetagKind.SESSION_ACK);
      await trx
        .updateTable('im_session')
        .set({ ack_time: ack, unread: Number(unread.count), seq })
        .where('accid', '=', account)
        .where('session_id', '=', sessionId)
        .execute();
      return true;
    });
    return updated ? this.get(account, sessionId) : undefined;
  }

  /**
   * The owner's peer read the owner's messages up to `receiptTime` (p2p receipt, §5). Older times
   * than stored change nothing. Returns the stored receipt time, or undefined when there is no session.
   */
  async recordReceipt(owner: string, sessionId: string, receiptTime: number): Promise<number | undefined> {
    if (!Number.isSafeInteger(receiptTime) || receiptTime < 0) throw parameterError('receipt time must be a time');
    const row = await this.db
      .updateTable('im_session')
      .set({ msg_receipt_time: sql<number>`greatest(msg_receipt_time, ${receiptTime})` })
      .where('accid', '=', owner)
      .where('session_id', '=', sessionId)
      .returning(['msg_receipt_time'])
      .executeTakeFirst();
    return row ? Number(row.msg_receipt_time) : undefined;
  }

  /** Puts a session on top (or updates its topCustom) or takes it off (`top` null). Undefined when there is no session. */
  async setStickTop(owner: string, sessionId: string, top: { topCustom: string } | null, now: number): Promise<StickTopSession | undefined> {
    const row = await this.db
      .updateTable('im_session')
      .set(
        top
          ? { top_time: sql<number>`case when top_time > 0 then top_time else ${now} end`, top_update_time: now, top_custom: top.topCustom }
          : { top_time: 0, top_update_time: now, top_custom: '' },
      )
      .where('accid', '=', owner)
      .where('session_id', '=', sessionId)
      .returning(['session_id', 'top_time', 'top_update_time', 'top_custom'])
      .executeTakeFirst();
    return row ? stickTopFromRow(row) : undefined;
  }

  /** The owner's sessions on top, oldest first. */
  async listStickTop(owner: string): Promise<StickTopSession[]> {
    const rows = await this.db
      .selectFrom('im_session')
      .select(['session_id', 'top_time', 'top_update_time', 'top_custom'])
      .where('accid', '=', owner)
      .where('top_time', '>', 0)
      .orderBy('top_time')
      .execute();
    return rows.map(stickTopFromRow);
  }

  /** Logical delete (im-client-spec §4: isDeleted true); a new message brings it back. */
  async delete(account: string, sessionIds: readonly string[]): Promise<number> {
    for (const id of sessionIds) targetOfSessionId(id);
    if (sessionIds.length === 0) return 0;
    // A deletion is a change the account's other devices sync, so it takes a sequence number.
    const result = await this.db.transaction().execute(async (trx) => {
      const seq = await allocateSeq(trx, account);
      return trx
        .updateTable('im_session')
        .set({ is_deleted: true, seq })
        .where('accid', '=', account)
        .where('session_id', 'in', sessionIds)
        .executeTakeFirst();
    });
    return Number(result.numUpdatedRows);
  }

  /**
   * updateServerSession (issue 31): sets the session's extension text. The change takes a sync number,
   * so the account's other devices get the session again at their next sync. Undefined when the
   * account has no such session.
   */
  async updateExt(account: string, sessionId: string, ext: string): Promise<ServerSession | undefined> {
    const updated = await this.db.transaction().execute(async (trx) => {
      const seq = await allocateSeq(trx, account);
      const result = await trx.updateTable('im_session').set({ ext, seq }).where('accid', '=', account).where('session_id', '=', sessionId).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
    return updated ? this.get(account, sessionId) : undefined;
  }

  /** Sessions (deleted ones too) whose latest change is numbered in (afterSeq, uptoSeq]: one sync page. */
  async changedBetween(account: string, afterSeq: number, uptoSeq: number): Promise<ServerSession[]> {
    const rows = await this.selectSessions(account).where('s.seq', '>', afterSeq).where('s.seq', '<=', uptoSeq).orderBy('s.seq', 'asc').execute();
    return rows.map(sessionFromRow);
  }

  /** Every session's ack (the sessionAck part of a sync). */
  async acksSince(account: string): Promise<{ id: string; ack: number }[]> {
    const rows = await this.db
      .selectFrom('im_session')
      .select(['session_id', 'ack_time'])
      .where('accid', '=', account)
      .where('scene', '=', Scene.P2P)
      .where('ack_time', '>', 0)
      .execute();
    return rows.map((r) => ({ id: r.session_id, ack: Number(r.ack_time) }));
  }
}

type SessionJoinRow = { [K in keyof MessageRow]: MessageRow[K] | null } & {
  session_id: string;
  scene: number;
  target: string;
  ack_time: number;
  unread: number;
  update_time: number;
  is_deleted: boolean;
  ext: string;
};

function sessionFromRow(row: SessionJoinRow): ServerSession {
  return {
    id: row.session_id,
    scene: row.scene,
    to: row.target,
    ack: Number(row.ack_time),
    unread: row.unread,
    updateTime: Number(row.update_time),
    isDeleted: row.is_deleted,
    ext: row.ext,
    ...(row.id_server !== null ? { lastMsg: messageFromRow(row as MessageRow) } : {}),
  };
}

export interface StickTopSession {
  id: string;
  topCustom: string;
  createTime: number;
  updateTime: number;
}

function stickTopFromRow(row: { session_id: string; top_time: number; top_update_time: number; top_custom: string }): StickTopSession {
  return { id: row.session_id, topCustom: row.top_custom, createTime: Number(row.top_time), updateTime: Number(row.top_update_time) };
}
