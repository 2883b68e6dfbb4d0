// The frame's view of what im-core offers around a message (issue 32 §4 and §5): pins, quick comments,
// collects, a reply's thread, delete for me, clearing a conversation's history, and read receipts (p2p
// and team). Screens use MessageExtrasPort only; tests use FakeMessageExtrasPort.
//
// ImMessageExtrasPort speaks im-core's commands over `request` (this tab's socket, or the leader tab's in
// multi-tab), after the same §5 rules im-core's msgExtend, history and team-receipt services check
// (@merchant/im-core/validation), and keeps the local store in step through the client's
// messages.deleteLocal (which moves the session's unread and last message, §4).
import { ImError, ImErrorName, SceneCode, fromWireMessage, type ContactsServicesOptions, type ImClientEvents, type ImMessage } from '@merchant/im-core';
import {
  checkExtend,
  collectAddProblem,
  collectDeleteProblem,
  collectQueryProblem,
  messageRefProblem,
  msgPinProblem,
  quickCommentLookupProblem,
  quickCommentProblem,
  MAX_QUICK_COMMENT_LOOKUP,
} from '@merchant/im-core/validation';
import { sendTargetOf, type ChatMessage, type Unsubscribe } from '../../chat/chat-client';
import { toChatMessage } from '../../chat/im-mapping';

/** A message pinned in a conversation (§3 Message pin). */
export interface ChatPin {
  sessionId: string;
  /** The pinned message's idClient and idServer. */
  idClient: string;
  idServer?: string;
  /** Who pinned it. */
  pinFrom: string;
  createTime: number;
  updateTime: number;
  /** The pinned message as the server answered it (absent when it sent none). */
  message?: ChatMessage;
}

/** One quick comment (an emoji reaction) on a message: who, which body, when. */
export interface ChatComment {
  from: string;
  body: number;
  time: number;
}

/** What a collect keeps of a message (our `data` JSON; the spec shows no collect fields). */
export interface CollectedMessage {
  idClient: string;
  idServer?: string;
  sessionId: string;
  from: string;
  fromNick?: string;
  type: string;
  text: string;
  time: number;
  file?: ChatMessage['file'];
}

/** One of my favourites (a collect). */
export interface ChatCollect {
  id: string;
  createTime: number;
  /** Undefined when the collect's data is not ours (written by another client). */
  message?: CollectedMessage;
}

/** Read and unread counts of one of my team messages (§3 team message receipt counts). */
export interface TeamReadCounts {
  idClient: string;
  read: number;
  unread: number;
}

/** A reply's thread: its root and the replies, oldest first. */
export interface ChatThread {
  root?: ChatMessage;
  replies: ChatMessage[];
  /** How many replies the thread has (the page may hold fewer). */
  total: number;
}

/** What changed elsewhere (another member, the peer, or my other device). */
export type MessageExtrasChange =
  | { type: 'pin'; pin: ChatPin; deleted: boolean }
  | { type: 'comment'; sessionId: string; idServer: string; comment: ChatComment; deleted: boolean }
  /** Deleted for me on another device (msgsDeletedSelf). */
  | { type: 'deleted'; idClients: string[] }
  /** The conversation's history was cleared on another device. */
  | { type: 'cleared'; sessionId: string }
  | { type: 'teamReads'; counts: TeamReadCounts[] };

export interface MessageExtrasPort {
  /** The merchant's own account (whose quick comments are "mine"). */
  readonly account: string;
  listPins(sessionId: string): Promise<ChatPin[]>;
  pin(message: ChatMessage): Promise<ChatPin>;
  unpin(message: ChatMessage): Promise<void>;
  /** Comments of the messages (those with an idServer), by idServer; asked 20 at a time (§5). */
  getComments(messages: readonly ChatMessage[]): Promise<Map<string, ChatComment[]>>;
  addComment(message: ChatMessage, body: number): Promise<void>;
  removeComment(message: ChatMessage, body: number): Promise<void>;
  /** Keeps the message in my favourites (once: the idServer makes the collect unique). */
  collect(message: ChatMessage): Promise<ChatCollect>;
  /** My favourites, newest first; `lastId` continues after that one. */
  listCollects(page: { limit: number; lastId?: string }): Promise<{ collects: ChatCollect[]; total: number }>;
  removeCollect(id: string): Promise<void>;
  /** The thread a reply belongs to (naming the reply finds the root). */
  getThread(message: ChatMessage): Promise<ChatThread>;
  /** Deletes the message for me on the server (the peer keeps it) and here. */
  deleteForMe(message: ChatMessage): Promise<void>;
  /** Clears a p2p conversation's history for me on the server and here. */
  clearHistory(sessionId: string): Promise<void>;
  /** p2p: tells the peer I read up to `message` (one of theirs). */
  sendReadReceipt(message: ChatMessage): Promise<void>;
  /** Team: counts me as a reader of these messages (those sent asking for receipts). */
  sendTeamReceipts(messages: readonly ChatMessage[]): Promise<void>;
  getTeamReads(messages: readonly ChatMessage[]): Promise<TeamReadCounts[]>;
  getTeamReadAccounts(message: ChatMessage): Promise<{ read: string[]; unread: string[] }>;
  onChange(listener: (change: MessageExtrasChange) => void): Unsubscribe;
}

/**
 * A chat client that may carry the port (ImChatClient does). Declared here, not on ChatClient, so that chat-client.ts
 * does not import this file, which imports it.
 */
export interface MessageExtrasSource {
  /** Pins, quick comments, collects, threads, delete for me, clear history and receipts; absent in clients without them. */
  readonly extras?: MessageExtrasPort;
}

/** §5 "receipts max 50". */
export const MAX_TEAM_RECEIPTS = 50;
/** §5 "batch self-delete 1 to 100 messages"; also the page the local clear walks. */
const LOCAL_PAGE = 100;
/** Our collect `type`: a chat message kept as CollectedMessage JSON. */
export const COLLECT_TYPE_MESSAGE = 1;

type Requester = ContactsServicesOptions['request'];

/** The parts of im-core's client the port uses: its events and the local deletion (which moves the session). */
export interface ExtrasClientPort {
  on<E extends 'quickComment' | 'msgPin' | 'msgsDeletedSelf' | 'sessionHistoryCleared' | 'teamMsgReceipts'>(event: E, listener: ImClientEvents[E]): () => void;
  readonly messages: {
    deleteLocal(idClient: string): Promise<void>;
    list(query: { sessionId: string; limit?: number }): Promise<ImMessage[]>;
  };
}

const serverRef = (message: Pick<ChatMessage, 'idServer'>) => ({ idServer: message.idServer });

function sceneCodeOf(sessionId: string): number {
  return SceneCode[sendTargetOf(sessionId).scene];
}

export function collectedOf(message: ChatMessage): CollectedMessage {
  return {
    idClient: message.idClient,
    ...(message.idServer ? { idServer: message.idServer } : {}),
    sessionId: message.sessionId,
    from: message.from,
    ...(message.fromNick ? { fromNick: message.fromNick } : {}),
    type: message.type,
    text: message.text,
    time: message.time,
    ...(message.file ? { file: message.file } : {}),
  };
}

/** A collect's data read back as plain strings and numbers; anything else is not ours (undefined). */
export function parseCollected(data: string): CollectedMessage | undefined {
  try {
    const value = JSON.parse(data) as Partial<Record<keyof CollectedMessage, unknown>>;
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    if (!str(value.idClient) || !str(value.sessionId) || !str(value.from) || typeof value.time !== 'number') return undefined;
    const file = value.file && typeof value.file === 'object' && typeof (value.file as { url?: unknown }).url === 'string' ? (value.file as ChatMessage['file']) : undefined;
    return {
      idClient: value.idClient as string,
      ...(str(value.idServer) ? { idServer: value.idServer as string } : {}),
      sessionId: value.sessionId as string,
      from: value.from as string,
      ...(str(value.fromNick) ? { fromNick: value.fromNick as string } : {}),
      type: str(value.type) ?? 'text',
      text: str(value.text) ?? '',
      time: value.time,
      ...(file ? { file } : {}),
    };
  } catch {
    return undefined;
  }
}

export class ImMessageExtrasPort implements MessageExtrasPort {
  private readonly listeners = new Set<(change: MessageExtrasChange) => void>();

  constructor(
    readonly account: string,
    private readonly request: Requester,
    private readonly client: ExtrasClientPort,
  ) {
    client.on('msgPin', ({ pin, deleted }) => {
      const mapped = this.toPin(pin);
      if (mapped) this.emit({ type: 'pin', pin: mapped, deleted });
    });
    client.on('quickComment', ({ idServer, sessionId, comment, deleted }) => this.emit({ type: 'comment', sessionId, idServer, comment: { from: comment.from, body: comment.body, time: comment.time }, deleted }));
    client.on('msgsDeletedSelf', (idClients) => this.emit({ type: 'deleted', idClients }));
    client.on('sessionHistoryCleared', (session) => this.emit({ type: 'cleared', sessionId: session.id }));
    client.on('teamMsgReceipts', (receipts) => this.emit({ type: 'teamReads', counts: receipts.map(({ idClient, read, unread }) => ({ idClient, read, unread })) }));
  }

  onChange(listener: (change: MessageExtrasChange) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: MessageExtrasChange): void {
    for (const listener of this.listeners) listener(change);
  }

  private toPin(pin: { idClient: string; sessionId: string; pinFrom: string; createTime: number; updateTime: number; msg?: ImMessage }): ChatPin | undefined {
    if (!pin.sessionId) return undefined;
    const message = pin.msg ? toChatMessage(pin.msg) : undefined;
    return {
      sessionId: pin.sessionId,
      idClient: pin.idClient || message?.idClient || '',
      ...(message?.idServer ? { idServer: message.idServer } : {}),
      pinFrom: pin.pinFrom,
      createTime: pin.createTime,
      updateTime: pin.updateTime,
      ...(message ? { message } : {}),
    };
  }

  private pinOfRecord(record: { idClient?: string; sessionId?: string; pinFrom?: string; createTime?: number; updateTime?: number; msg?: Parameters<typeof fromWireMessage>[0] } | undefined, sessionId: string): ChatPin | undefined {
    if (!record) return undefined;
    const msg = fromWireMessage(record.msg, this.account);
    // The server names the session as the caller does; a pin pushed without one belongs to the asked session.
    return this.toPin({ idClient: record.idClient ?? '', sessionId: record.sessionId || sessionId, pinFrom: record.pinFrom ?? '', createTime: record.createTime ?? 0, updateTime: record.updateTime ?? 0, ...(msg ? { msg } : {}) });
  }

  async listPins(sessionId: string): Promise<ChatPin[]> {
    const answer = await this.request('getMsgPins', { sessionId });
    return (answer.pins ?? []).map((p) => this.pinOfRecord(p, sessionId)).filter((p): p is ChatPin => p !== undefined);
  }

  async pin(message: ChatMessage): Promise<ChatPin> {
    checkExtend(msgPinProblem({ msg: serverRef(message) }));
    const answer = await this.request('addMsgPin', { pin: { msg: serverRef(message) } });
    return this.pinOfRecord(answer.pin, message.sessionId) ?? { sessionId: message.sessionId, idClient: message.idClient, idServer: message.idServer, pinFrom: this.account, createTime: 0, updateTime: 0, message };
  }

  async unpin(message: ChatMessage): Promise<void> {
    checkExtend(msgPinProblem({ msg: serverRef(message) }));
    await this.request('deleteMsgPin', { pin: { msg: serverRef(message) } });
  }

  async getComments(messages: readonly ChatMessage[]): Promise<Map<string, ChatComment[]>> {
    const named = messages.filter((m) => m.idServer && !messageRefProblem(serverRef(m)));
    const byIdServer = new Map<string, ChatComment[]>();
    for (let start = 0; start < named.length; start += MAX_QUICK_COMMENT_LOOKUP) {
      const msgs = named.slice(start, start + MAX_QUICK_COMMENT_LOOKUP).map(serverRef);
      checkExtend(quickCommentLookupProblem(msgs));
      const answer = await this.request('getQuickComments', { msgs });
      for (const m of answer.msgs ?? []) {
        if (m.idServer) byIdServer.set(m.idServer, (m.comments ?? []).map((c) => ({ from: c.from ?? '', body: c.body ?? 0, time: c.time ?? 0 })));
      }
    }
    return byIdServer;
  }

  async addComment(message: ChatMessage, body: number): Promise<void> {
    checkExtend(quickCommentProblem(serverRef(message), { body }));
    await this.request('addQuickComment', { msg: serverRef(message), comment: { body } });
  }

  async removeComment(message: ChatMessage, body: number): Promise<void> {
    checkExtend(quickCommentProblem(serverRef(message), { body }));
    await this.request('deleteQuickComment', { msg: serverRef(message), body });
  }

  async collect(message: ChatMessage): Promise<ChatCollect> {
    const input = { type: COLLECT_TYPE_MESSAGE, data: JSON.stringify(collectedOf(message)), ...(message.idServer ? { uniqueId: `msg-${message.idServer}` } : {}) };
    checkExtend(collectAddProblem(input));
    const answer = await this.request('addCollect', { collect: input });
    return { id: answer.collect?.id ?? '', createTime: answer.collect?.createTime ?? 0, message: parseCollected(answer.collect?.data ?? input.data) };
  }

  async listCollects(page: { limit: number; lastId?: string }): Promise<{ collects: ChatCollect[]; total: number }> {
    const query = { limit: page.limit, ...(page.lastId ? { lastId: page.lastId } : {}) };
    checkExtend(collectQueryProblem(query));
    const answer = await this.request('getCollects', query);
    const collects = (answer.collectList ?? []).map((c) => ({ id: c.id ?? '', createTime: c.createTime ?? 0, message: parseCollected(c.data ?? '') }));
    return { collects, total: answer.total ?? collects.length };
  }

  async removeCollect(id: string): Promise<void> {
    checkExtend(collectDeleteProblem([{ id }]));
    await this.request('deleteCollects', { collectList: [{ id }] });
  }

  async getThread(message: ChatMessage): Promise<ChatThread> {
    const root = message.thread?.idServer ? { idServer: message.thread.idServer } : serverRef(message);
    checkExtend(messageRefProblem(root));
    const answer = await this.request('getThreadMsgs', { threadMsg: root, reverse: true, limit: 100 });
    const chat = (record: Parameters<typeof fromWireMessage>[0]) => {
      const im = fromWireMessage(record, this.account);
      return im ? toChatMessage(im) : undefined;
    };
    const replies = (answer.msgs ?? []).map(chat).filter((m): m is ChatMessage => m !== undefined).sort((a, b) => a.time - b.time);
    const threadRoot = chat(answer.threadMsg);
    return { ...(threadRoot ? { root: threadRoot } : {}), replies, total: answer.total ?? replies.length };
  }

  async deleteForMe(message: ChatMessage): Promise<void> {
    // A message the server never stored (a failed send) is only here.
    if (message.idServer) await this.request('deleteMsgSelfBatch', { msgs: [{ idServer: message.idServer, idClient: message.idClient, from: message.from }] });
    await this.client.messages.deleteLocal(message.idClient);
  }

  async clearHistory(sessionId: string): Promise<void> {
    const target = sendTargetOf(sessionId);
    // im-server clears p2p history only (its answer to a team is 414).
    if (target.scene !== 'p2p') throw new ImError(ImErrorName.Param_Error, 'only p2p history can be cleared', { code: 414 });
    await this.request('clearServerHistoryMsgs', { scene: SceneCode.p2p, to: target.to, isSyncSelf: true });
    // The local copy goes the way the server's did: page by page, until the store has none of the session's.
    for (;;) {
      const page = await this.client.messages.list({ sessionId, limit: LOCAL_PAGE });
      if (page.length === 0) return;
      for (const message of page) await this.client.messages.deleteLocal(message.idClient);
      if (page.length < LOCAL_PAGE) return;
    }
  }

  async sendReadReceipt(message: ChatMessage): Promise<void> {
    if (sendTargetOf(message.sessionId).scene !== 'p2p' || message.flow !== 'in' || message.status !== 'success') return;
    await this.request('sendMsgReceipt', { msg: { scene: sceneCodeOf(message.sessionId), from: message.from, to: message.to, idClient: message.idClient, ...(message.idServer ? { idServer: message.idServer } : {}), time: message.time } });
  }

  async sendTeamReceipts(messages: readonly ChatMessage[]): Promise<void> {
    const receipts = this.teamReceiptsOf(messages);
    if (receipts.length > 0) await this.request('sendTeamMsgReceipt', { receipts });
  }

  async getTeamReads(messages: readonly ChatMessage[]): Promise<TeamReadCounts[]> {
    const receipts = this.teamReceiptsOf(messages);
    if (receipts.length === 0) return [];
    const answer = await this.request('getTeamMsgReads', { receipts });
    return (answer.receipts ?? []).filter((r) => r.idClient).map((r) => ({ idClient: r.idClient as string, read: r.read ?? 0, unread: r.unread ?? 0 }));
  }

  async getTeamReadAccounts(message: ChatMessage): Promise<{ read: string[]; unread: string[] }> {
    const [receipt] = this.teamReceiptsOf([message]);
    if (!receipt) return { read: [], unread: [] };
    const answer = await this.request('getTeamMsgReadAccounts', { receipt });
    return { read: answer.detail?.readAccounts ?? [], unread: answer.detail?.unreadAccounts ?? [] };
  }

  /** The team messages that asked for receipts, newest 50 (§5 "receipts max 50"). */
  private teamReceiptsOf(messages: readonly ChatMessage[]) {
    return messages
      .filter((m) => m.needReceipt && m.idServer && sendTargetOf(m.sessionId).scene === 'team')
      .slice(-MAX_TEAM_RECEIPTS)
      .map((m) => ({ teamId: sendTargetOf(m.sessionId).to, idServer: m.idServer as string, idClient: m.idClient }));
  }
}
