import { ImError, ImErrorName } from '../errors';
import type { CommandName } from '../protocol/commands';
import type { MessageRecordValue } from '../protocol/records';
import type { ImMessage, ImScene } from '../store/entities';
import { normalizeMessageListQuery, validateSendText, type MessageListQuery, type SendTextInput } from '../validation/message-rules';
import { deleteStoredMessage, ingestSessionMessages } from './message-ingest';
import { createOutgoingText, isSendErrorFatal, markSendFailed, markSent, prepareResend } from './message-state';
import type { ServiceContext } from './service-context';
import { applyMessage, markRead } from './session-state';
import { fromWireMessage, toWireMessage } from './wire-mapping';

const SEND_COMMAND: Readonly<Record<ImScene, 'sendMsg' | 'sendTeamMsg' | 'sendSuperTeamMsg'>> = {
  p2p: 'sendMsg',
  team: 'sendTeamMsg',
  superTeam: 'sendSuperTeamMsg',
};

/** Pushes that carry one new message (§7 read-ack pairs 7/2, 8/3, 21/3, 101/2, and own sends). */
export const MESSAGE_PUSHES: ReadonlySet<CommandName> = new Set<CommandName>(['msg', 'teamMsg', 'superTeamMsg', 'filterMsg', 'syncSendMsg']);

/** Sending, listing and receiving messages (im-client-spec §4 Message status, §5 Messages). */
export class MessagesService {
  constructor(private readonly context: ServiceContext) {}

  /**
   * Sends a text message. It is stored as sending first, so nothing accepted is lost; the promise
   * resolves with the stored message once it is success (or blacklisted, 7101) and rejects with
   * the ImError after storing it as fail, when it may be resent.
   */
  async sendText(input: SendTextInput): Promise<ImMessage> {
    const checked = validateSendText(input);
    const message = createOutgoingText({ ...checked, idClient: this.context.createIdClient(), account: this.context.account, time: this.context.now() });
    return this.deliver(message);
  }

  /** §4: only out + fail messages may be resent; they keep their idClient. */
  async resend(idClient: string): Promise<ImMessage> {
    const stored = await this.context.store().getMessage(idClient);
    if (!stored) throw new ImError(ImErrorName.Param_Error, `no message ${idClient}`, { code: 404 });
    return this.deliver(prepareResend(stored));
  }

  /** Messages of one session from the local store; §5 defaults (100, newest first). */
  async list(query: MessageListQuery): Promise<ImMessage[]> {
    const q = normalizeMessageListQuery(query);
    const store = this.context.store();
    if (!q.types && !q.keyword) return store.getSessionMessages(q);
    // Filters: walk pages until the limit is filled or the session is exhausted.
    const matches: ImMessage[] = [];
    let cursor = q.order === 'desc' ? q.beforeTime : undefined;
    let afterTime: number | undefined;
    for (;;) {
      const page = await store.getSessionMessages({ sessionId: q.sessionId, limit: q.limit, order: q.order, beforeTime: cursor, afterTime });
      for (const m of page) {
        const typeOk = !q.types || q.types.includes(m.type);
        const keywordOk = !q.keyword || (m.text ?? '').includes(q.keyword) || (m.tip ?? '').includes(q.keyword);
        if (typeOk && keywordOk && matches.length < q.limit) matches.push(m);
      }
      if (page.length < q.limit || matches.length >= q.limit) return matches;
      const edge = page[page.length - 1].time;
      if (q.order === 'desc') cursor = edge;
      else afterTime = edge;
    }
  }

  /** Deletes a message locally; its session's unread and lastMsg follow (§4). */
  async deleteLocal(idClient: string): Promise<void> {
    const session = await deleteStoredMessage(this.context.store(), idClient, this.context);
    if (session) this.context.emit('sessions', [session]);
  }

  /** Handles a message push (see MESSAGE_PUSHES); returns the stored message, if it was new. */
  async receive(pushName: CommandName, record: MessageRecordValue | undefined): Promise<ImMessage | undefined> {
    const message = fromWireMessage(record, this.context.account);
    if (!message) return undefined;
    const fromSyncSend = pushName === 'syncSendMsg';
    const { stored, session } = await ingestSessionMessages(this.context.store(), message.sessionId, [message], { ...this.context, account: this.context.account, fromSyncSend });
    if (stored.length === 0) return undefined;
    this.context.emit('msg', stored[0]);
    this.context.emit('sessions', [session]);
    return stored[0];
  }

  private async deliver(sending: ImMessage): Promise<ImMessage> {
    const store = this.context.store();
    const wire = toWireMessage(sending);
    await store.putMessages([sending]);
    await this.updateSession(sending);
    this.context.emit('msgUpdate', sending);
    let settled: ImMessage;
    let failure: unknown;
    try {
      const answer = await this.context.connection.request(SEND_COMMAND[sending.scene], { msg: wire });
      settled = markSent(sending, { idServer: answer.msg?.idServer, time: answer.msg?.time });
    } catch (error) {
      settled = markSendFailed(sending, error);
      failure = isSendErrorFatal(error) ? error : undefined;
    }
    await store.putMessages([settled]);
    await this.updateSession(settled, settled.status === 'success' && settled.from === settled.to);
    this.context.emit('msgUpdate', settled);
    if (failure) throw failure;
    return settled;
  }

  /** Own messages move lastMsg; a successful message to oneself is read at once (§4). */
  private async updateSession(message: ImMessage, markAsRead = false): Promise<void> {
    const store = this.context.store();
    let session = applyMessage(await store.getSession(message.sessionId), message, this.context);
    if (markAsRead) session = markRead(session, message.time);
    await store.putSessions([session]);
    this.context.emit('sessions', [session]);
  }
}
