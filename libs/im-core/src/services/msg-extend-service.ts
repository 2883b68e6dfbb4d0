import { fromWireMessage } from '../model/wire-mapping';
import type { CollectRecord, MsgPinRecord, QuickCommentRecord } from '../protocol/records';
import type { RecordOf } from '../protocol/schema';
import type { ImMessage } from '../store/entities';
import {
  checkExtend,
  collectAddProblem,
  collectDeleteProblem,
  collectQueryProblem,
  collectUpdateProblem,
  msgPinProblem,
  quickCommentLookupProblem,
  quickCommentProblem,
} from '../validation/extend-rules';
import type { ServiceContext } from './service-context';

/** A quick comment on a message (§3 comments; body an integer, e.g. an emoji code). */
export interface ImQuickComment {
  from: string;
  body: number;
  time: number;
  custom?: string;
}

/** One of my collects (§3 collect entity; private to the account). */
export interface ImCollect {
  id: string;
  type: number;
  data: string;
  custom?: string;
  uniqueId?: string;
  createTime: number;
  updateTime: number;
}

/** A message pinned in a session (§3 Message pin): the pin tag carries createTime and updateTime. */
export interface ImMsgPin {
  idClient: string;
  sessionId: string;
  pinFrom: string;
  pinCustom?: string;
  createTime: number;
  updateTime: number;
  msg?: ImMessage;
}

/** A message as msgExtend names it on the server: the idServer the server gave it. */
export type ImMessageRef = Pick<ImMessage, 'idServer'>;

export interface CollectQueryInput {
  beginTime?: number;
  endTime?: number;
  lastId?: string;
  limit?: number;
  reverse?: boolean;
  type?: number;
}

const toComment = (c: RecordOf<typeof QuickCommentRecord>): ImQuickComment => ({ from: c.from ?? '', body: c.body ?? 0, time: c.time ?? 0, ...(c.custom ? { custom: c.custom } : {}) });
const toCollect = (c: RecordOf<typeof CollectRecord>): ImCollect => ({
  id: c.id ?? '',
  type: c.type ?? 0,
  data: c.data ?? '',
  createTime: c.createTime ?? 0,
  updateTime: c.updateTime ?? 0,
  ...(c.custom ? { custom: c.custom } : {}),
  ...(c.uniqueId ? { uniqueId: c.uniqueId } : {}),
});
const ref = (msg: ImMessageRef) => ({ idServer: msg.idServer });

/**
 * msgExtend (docs/im-extend.md): quick comments, collects and pins, checked by the rules the
 * server runs (validation/extend-rules.ts) before anything is sent. Answers are not cached in the
 * store; the pushes of other devices and other members are emitted as `quickComment` and `msgPin`.
 */
export class MsgExtendService {
  constructor(private readonly context: ServiceContext) {}

  async addQuickComment(msg: ImMessageRef, comment: { body: number; custom?: string }): Promise<{ time: number }> {
    checkExtend(quickCommentProblem(msg, comment));
    const answer = await this.context.connection.request('addQuickComment', { msg: ref(msg), comment: { body: comment.body, ...(comment.custom ? { custom: comment.custom } : {}) } });
    return { time: answer.time ?? 0 };
  }

  async deleteQuickComment(msg: ImMessageRef, body: number): Promise<{ time: number }> {
    checkExtend(quickCommentProblem(msg, { body }));
    const answer = await this.context.connection.request('deleteQuickComment', { msg: ref(msg), body });
    return { time: answer.time ?? 0 };
  }

  /** Comments of 1–20 messages, by idServer; messages I cannot see are left out. */
  async getQuickComments(msgs: readonly ImMessageRef[]): Promise<{ idServer: string; comments: ImQuickComment[]; commentTimetag: number }[]> {
    checkExtend(quickCommentLookupProblem(msgs));
    const answer = await this.context.connection.request('getQuickComments', { msgs: msgs.map(ref) });
    return (answer.msgs ?? []).map((m) => ({ idServer: m.idServer ?? '', comments: (m.comments ?? []).map(toComment), commentTimetag: m.commentTimetag ?? 0 }));
  }

  async addCollect(input: { type: number; data: string; custom?: string; uniqueId?: string }): Promise<ImCollect> {
    checkExtend(collectAddProblem(input));
    return toCollect((await this.context.connection.request('addCollect', { collect: input })).collect ?? {});
  }

  async updateCollect(input: { id: string; custom?: string }): Promise<ImCollect> {
    checkExtend(collectUpdateProblem(input));
    return toCollect((await this.context.connection.request('updateCollect', { collect: input })).collect ?? {});
  }

  /** Deletes 1–100 of my collects; answers how many were deleted. */
  async deleteCollects(collects: readonly Pick<ImCollect, 'id'>[]): Promise<number> {
    checkExtend(collectDeleteProblem(collects));
    const answer = await this.context.connection.request('deleteCollects', { collectList: collects.map((c) => ({ id: c.id })) });
    return answer.deleteCount ?? 0;
  }

  /** My collects, newest first unless `reverse`; limit at most 100, beginTime not after endTime. */
  async getCollects(query: CollectQueryInput = {}): Promise<{ collects: ImCollect[]; total: number }> {
    checkExtend(collectQueryProblem(query));
    const answer = await this.context.connection.request('getCollects', query);
    return { collects: (answer.collectList ?? []).map(toCollect), total: answer.total ?? 0 };
  }

  async addMsgPin(msg: ImMessageRef, pinCustom?: string): Promise<ImMsgPin> {
    checkExtend(msgPinProblem({ msg, pinCustom }));
    return this.toPin((await this.context.connection.request('addMsgPin', { pin: { msg: ref(msg), ...(pinCustom ? { pinCustom } : {}) } })).pin ?? {});
  }

  async updateMsgPin(msg: ImMessageRef, pinCustom?: string): Promise<ImMsgPin> {
    checkExtend(msgPinProblem({ msg, pinCustom }));
    return this.toPin((await this.context.connection.request('updateMsgPin', { pin: { msg: ref(msg), pinCustom: pinCustom ?? '' } })).pin ?? {});
  }

  async deleteMsgPin(msg: ImMessageRef): Promise<{ time: number }> {
    checkExtend(msgPinProblem({ msg }));
    return { time: (await this.context.connection.request('deleteMsgPin', { pin: { msg: ref(msg) } })).time ?? 0 };
  }

  /** Pins of one session ("p2p-<account>" or "team-<teamId>"), oldest first. */
  async getMsgPins(sessionId: string): Promise<ImMsgPin[]> {
    const answer = await this.context.connection.request('getMsgPins', { sessionId });
    return (answer.pins ?? []).map((p) => this.toPin(p));
  }

  /** quickCommentUpdated push: someone in the conversation (or my other device) commented. */
  receiveQuickComment(body: { msg?: { idServer?: string; sessionId?: string }; comment?: RecordOf<typeof QuickCommentRecord>; deleted?: boolean }): void {
    if (!body.msg?.idServer || !body.comment) return;
    this.context.emit('quickComment', { idServer: body.msg.idServer, sessionId: body.msg.sessionId ?? '', comment: toComment(body.comment), deleted: body.deleted === true });
  }

  /** msgPinUpdated push: a pin of one of my sessions was added, changed or removed. */
  receiveMsgPin(body: { pin?: RecordOf<typeof MsgPinRecord>; deleted?: boolean }): void {
    if (!body.pin) return;
    this.context.emit('msgPin', { pin: this.toPin(body.pin), deleted: body.deleted === true });
  }

  private toPin(p: RecordOf<typeof MsgPinRecord>): ImMsgPin {
    const msg = fromWireMessage(p.msg, this.context.account);
    return {
      idClient: p.idClient ?? '',
      sessionId: p.sessionId ?? '',
      pinFrom: p.pinFrom ?? '',
      createTime: p.createTime ?? 0,
      updateTime: p.updateTime ?? 0,
      ...(p.pinCustom ? { pinCustom: p.pinCustom } : {}),
      ...(msg ? { msg } : {}),
    };
  }
}
