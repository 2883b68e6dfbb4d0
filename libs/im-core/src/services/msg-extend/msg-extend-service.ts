import { ImError, ImErrorName } from '../../errors';
import { createOutgoingText } from '../../model/message-state';
import { assertSendable } from '../../model/message-types';
import { fromWireMessage, toWireMessage } from '../../model/wire-mapping';
import { SceneCode } from '../../protocol/constants';
import type { CollectRecord, MessageRecordValue, MsgPinRecord, QuickCommentRecord } from '../../protocol/records';
import type { RecordOf } from '../../protocol/schema';
import { parseSessionId, type ImMessage, type ImMsgPin, type ImQuickComment } from '../../store/entities';
import { validateSendText } from '../../validation/message-rules';
import { msgsByIdServerProblem, threadQueryProblem } from '../../validation/thread-rules';
import type { Outbox } from '../outbox';
import {
  checkExtend,
  messageRefProblem,
  collectAddProblem,
  collectDeleteProblem,
  collectQueryProblem,
  collectUpdateProblem,
  msgPinProblem,
  quickCommentLookupProblem,
  quickCommentProblem,
} from '../../validation/extend-rules';
import type { ServiceContext } from '../service-context';

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

/** A text that answers a message (docs/im-extend.md "Threads and replies"); it goes to the replied message's session. */
export interface ReplyTextInput {
  text: string;
  subType?: number;
  custom?: string;
}

/** One page of a thread: its root, the replies of the page, how many replies the thread has, and the newest one's time. */
export interface ImThreadPage {
  threadMsg?: ImMessage;
  msgs: ImMessage[];
  total: number;
  timetag: number;
}

export interface ThreadPageQuery {
  beginTime?: number;
  endTime?: number;
  /** Continue after this reply (its idServer). */
  lastMsgId?: string;
  /** 1 to 100, default 100. */
  limit?: number;
  /** Oldest first; default newest first. */
  reverse?: boolean;
}

/** A message named on the server: its idServer, and optionally its scene and sender, which must then match. */
export type ImMessageLookup = ImMessageRef & Partial<Pick<ImMessage, 'scene' | 'from'>>;

/**
 * The reply and thread fields of a message answering `replied`: the thread is the replied message's
 * thread, or the replied message itself when that one answers nothing (the server checks the same).
 */
export function replyFieldsFor(replied: ImMessage): Partial<ImMessage> {
  const inThread = replied.threadMsgIdServer !== undefined && replied.threadMsgIdServer !== '';
  return {
    replyMsgFromAccount: replied.from,
    replyMsgToAccount: replied.to,
    replyMsgTime: replied.time,
    replyMsgIdServer: replied.idServer,
    replyMsgIdClient: replied.idClient,
    threadMsgFromAccount: inThread ? replied.threadMsgFromAccount : replied.from,
    threadMsgToAccount: inThread ? replied.threadMsgToAccount : replied.to,
    threadMsgTime: inThread ? replied.threadMsgTime : replied.time,
    threadMsgIdServer: inThread ? replied.threadMsgIdServer : replied.idServer,
    threadMsgIdClient: inThread ? replied.threadMsgIdClient : replied.idClient,
  };
}

/**
 * msgExtend (docs/im-extend.md): quick comments, collects and pins, checked by the rules the
 * server runs (validation/extend-rules.ts) before anything is sent. Answers are not cached in the
 * store; the pushes of other devices and other members are emitted as `quickComment` and `msgPin`.
 */
export class MsgExtendService {
  constructor(
    private readonly context: ServiceContext,
    /** Where replies are sent through (the client's outbox); without it replyText is refused. */
    private readonly outbox?: Outbox,
  ) {}

  // ---- threads and replies (docs/im-extend.md "Threads and replies")

  /**
   * Sends `input.text` as a reply to `replied`, in its session, through the outbox like
   * messages.sendText (same rules, same settling). The replied message must carry the idServer the
   * server gave it ("msg needs the idServer of a message the server has answered"); the server then
   * checks it is in that conversation and visible to me (404 otherwise).
   */
  async replyText(replied: ImMessage, input: ReplyTextInput): Promise<ImMessage> {
    checkExtend(messageRefProblem(replied));
    const session = typeof replied.sessionId === 'string' ? parseSessionId(replied.sessionId) : undefined;
    if (!session) throw new ImError(ImErrorName.Param_Error, 'the replied message needs its sessionId', { code: 414 });
    if (!this.outbox) throw new ImError(ImErrorName.Not_Support, 'replies need the client outbox', { code: 415 });
    const checked = validateSendText({ ...input, scene: session.scene, to: session.to });
    const message: ImMessage = {
      ...createOutgoingText({ ...checked, idClient: this.context.createIdClient(), account: this.context.account, time: this.context.now() }),
      ...replyFieldsFor(replied),
    };
    assertSendable(toWireMessage(message));
    return this.outbox.add(message);
  }

  /** A page of the thread `threadMsg` belongs to (naming a reply finds its root); members of the conversation only. */
  async getThreadMsgs(threadMsg: ImMessageRef, query: ThreadPageQuery = {}): Promise<ImThreadPage> {
    checkExtend(threadQueryProblem({ ...query, threadMsg }));
    const answer = await this.context.connection.request('getThreadMsgs', { ...query, threadMsg: ref(threadMsg) });
    const threadRoot = fromWireMessage(answer.threadMsg, this.context.account);
    return {
      ...(threadRoot ? { threadMsg: threadRoot } : {}),
      msgs: this.messagesOf(answer.msgs),
      total: answer.total ?? 0,
      timetag: answer.timetag ?? 0,
    };
  }

  /** 1–100 messages by idServer, in the order asked; those I cannot see (or that do not match) are left out. */
  async getMsgsByIdServer(lookups: readonly ImMessageLookup[]): Promise<ImMessage[]> {
    checkExtend(msgsByIdServerProblem(lookups));
    const reqMsgs = lookups.map((m) => ({ idServer: m.idServer, ...(m.scene ? { scene: SceneCode[m.scene] } : {}), ...(m.from ? { from: m.from } : {}) }));
    return this.messagesOf((await this.context.connection.request('getMsgsByIdServer', { reqMsgs })).msgs);
  }

  private messagesOf(records: readonly MessageRecordValue[] | undefined): ImMessage[] {
    return (records ?? []).map((r) => fromWireMessage(r, this.context.account)).filter((m): m is ImMessage => m !== undefined);
  }

  // ---- quick comments

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
