import { sql, type Kysely, type Transaction } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { ResponseCode } from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import type { StickTopSession } from '../session/session-service';
import { allocateSeq } from '../sync/sequence';

/** A session's receipt times as its owner's devices sync them (msgReceipts timetag). */
export interface SessionReceipts {
  id: string;
  /** The peer read the owner's messages up to this time. */
  msgReceiptTime: number;
  /** The owner sent receipts up to this time. */
  msgReceiptSendTime: number;
}

/**
 * Receipts and stick-top with the owner's sync number (migration 006): the same updates as
 * SessionService.recordReceipt / setStickTop, plus the number, in one transaction, so the
 * owner's other and future devices get them through sync (docs/im-sync.md).
 */
export class SessionSyncService {
  constructor(private readonly db: Kysely<ImDatabase>) {}

  /** The owner's peer read up to `receiptTime`; older times change nothing. Undefined when there is no session. */
  async recordReceipt(owner: string, sessionId: string, receiptTime: number): Promise<{ msgReceiptTime: number; seq: number } | undefined> {
    if (!Number.isSafeInteger(receiptTime) || receiptTime < 0) throw parameterError('receipt time must be a time');
    return this.numberedChange(owner, sessionId, async (trx, seq) => {
      const row = await sessionRow(trx, owner, sessionId)
        .set({ msg_receipt_time: sql<number>`greatest(msg_receipt_time, ${receiptTime})`, receipt_seq: seq })
        .returning(['msg_receipt_time'])
        .executeTakeFirstOrThrow();
      return { msgReceiptTime: Number(row.msg_receipt_time) };
    });
  }

  /** The owner sent a receipt up to `sendTime` (§3 msgReceiptSendTime); only moves forward. */
  async recordReceiptSent(owner: string, sessionId: string, sendTime: number): Promise<{ msgReceiptSendTime: number; seq: number } | undefined> {
    if (!Number.isSafeInteger(sendTime) || sendTime < 0) throw parameterError('receipt time must be a time');
    return this.numberedChange(owner, sessionId, async (trx, seq) => {
      const row = await sessionRow(trx, owner, sessionId)
        .set({ msg_receipt_send_time: sql<number>`greatest(msg_receipt_send_time, ${sendTime})`, receipt_seq: seq })
        .returning(['msg_receipt_send_time'])
        .executeTakeFirstOrThrow();
      return { msgReceiptSendTime: Number(row.msg_receipt_send_time) };
    });
  }

  /**
   * Puts a session on top (or changes its topCustom), or takes it off (`top` null). Undefined when the
   * owner has no such session. `onlyIfOnTop` (updateStickTopSession) refuses a session that is not on
   * top with 404: an update never adds.
   */
  async setStickTop(owner: string, sessionId: string, top: { topCustom: string; onlyIfOnTop?: boolean } | null, now: number): Promise<(StickTopSession & { seq: number }) | undefined> {
    return this.numberedChange(owner, sessionId, async (trx, seq) => {
      let update = sessionRow(trx, owner, sessionId).set(
        top
          ? { top_time: sql<number>`case when top_time > 0 then top_time else ${now} end`, top_update_time: now, top_custom: top.topCustom, top_seq: seq }
          : { top_time: 0, top_update_time: now, top_custom: '', top_seq: seq },
      );
      if (top?.onlyIfOnTop) update = update.where('top_time', '>', 0);
      const row = await update.returning(['session_id', 'top_time', 'top_update_time', 'top_custom']).executeTakeFirst();
      // Only a session that is not on top leaves nothing to update (numberedChange found the row). Thrown
      // inside the transaction, so the sync number taken for the change is given back.
      if (!row) throw new ImServerError(ResponseCode.NOT_FOUND, 'session is not on top');
      return stickTopFromRow(row);
    });
  }

  /**
   * One change of the owner's session, numbered: in one transaction, nothing when the owner has no such
   * session, otherwise the owner's next sync number and `change` made with it.
   */
  private numberedChange<T>(owner: string, sessionId: string, change: (trx: Transaction<ImDatabase>, seq: number) => Promise<T>): Promise<(T & { seq: number }) | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom('im_session').select('accid').where('accid', '=', owner).where('session_id', '=', sessionId).executeTakeFirst();
      if (!exists) return undefined;
      const seq = await allocateSeq(trx, owner);
      return { ...(await change(trx, seq)), seq };
    });
  }

  /** Receipt changes numbered in (afterSeq, uptoSeq]. */
  async receiptsBetween(owner: string, afterSeq: number, uptoSeq: number): Promise<SessionReceipts[]> {
    const rows = await this.db
      .selectFrom('im_session')
      .select(['session_id', 'msg_receipt_time', 'msg_receipt_send_time'])
      .where('accid', '=', owner)
      .where('receipt_seq', '>', afterSeq)
      .where('receipt_seq', '<=', uptoSeq)
      .orderBy('receipt_seq')
      .execute();
    return rows.map((r) => ({ id: r.session_id, msgReceiptTime: Number(r.msg_receipt_time), msgReceiptSendTime: Number(r.msg_receipt_send_time) }));
  }

  /** Stick-top changes numbered in (afterSeq, uptoSeq]; createTime 0 = taken off the top. */
  async stickTopBetween(owner: string, afterSeq: number, uptoSeq: number): Promise<StickTopSession[]> {
    const rows = await this.db
      .selectFrom('im_session')
      .select(['session_id', 'top_time', 'top_update_time', 'top_custom'])
      .where('accid', '=', owner)
      .where('top_seq', '>', afterSeq)
      .where('top_seq', '<=', uptoSeq)
      .orderBy('top_seq')
      .execute();
    return rows.map(stickTopFromRow);
  }
}

/** An update of one of the owner's sessions. */
const sessionRow = (trx: Transaction<ImDatabase>, owner: string, sessionId: string) =>
  trx.updateTable('im_session').where('accid', '=', owner).where('session_id', '=', sessionId);

function stickTopFromRow(row: { session_id: string; top_time: number; top_update_time: number; top_custom: string }): StickTopSession {
  return { id: row.session_id, topCustom: row.top_custom, createTime: Number(row.top_time), updateTime: Number(row.top_update_time) };
}
