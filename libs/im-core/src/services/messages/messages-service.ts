import { ImError, ImErrorName, ResponseCode } from '../../errors';
import { AntispamResult } from '../../validation/antispam-rules';
import type { CommandName } from '../../protocol/commands';
import { SceneCode } from '../../protocol/constants';
import type { DeletedMsgRecordValue, MessageRecordValue } from '../../protocol/records';
import { parseSessionId, type ImMessage, type ImRecall, type ImScene } from '../../store/entities';
import { normalizeMessageListQuery, validatePageLimit, validateSendText, type MessageListQuery, type SendTextInput } from '../../validation/message-rules';
import { deleteStoredMessage, ingestSessionMessages, recallStoredMessage } from '../../model/message-ingest';
import { createOutgoingText, prepareResend } from '../../model/message-state';
import { assertSendable } from '../../model/message-types';
import {
  buildCustomMessage,
  buildFileMessage,
  buildForward,
  buildGeoMessage,
  buildRobotMessage,
  buildTipMessage,
  type ForwardInput,
  type OutgoingContext,
  type SendCustomInput,
  type SendFileInput,
  type SendGeoInput,
  type SendRobotInput,
  type SendTipInput,
} from '../../model/outgoing-messages';
import type { Outbox } from '../outbox';
import type { ServiceContext } from '../service-context';
import { fromWireMessage, toWireMessage } from '../../model/wire-mapping';

/** The server history command of each scene (§7: msg 7/6, team 8/23, superTeam 21/13; same body). */
const HISTORY_COMMAND: Readonly<Record<ImScene, 'getHistoryMsgs' | 'getTeamHistoryMsgs' | 'getSuperTeamHistoryMsgs'>> = {
  p2p: 'getHistoryMsgs',
  team: 'getTeamHistoryMsgs',
  superTeam: 'getSuperTeamHistoryMsgs',
};

export interface FetchHistoryQuery {
  sessionId: string;
  /** 1 to 100, default 100 (§5). */
  limit?: number;
  /**
   * Only messages at or before this time (ms); omitted or 0 = from the newest. To page towards
   * older messages pass the time of the oldest one shown: it comes back once and is deduplicated.
   */
  endTime?: number;
}

export interface HistoryPage {
  /** The page as the server sent it, oldest first; known messages are the stored copy. */
  messages: ImMessage[];
  /** The messages this page added to the store (not stored before), oldest first. */
  added: ImMessage[];
  /** True when the server filled the page, so older messages may exist. */
  hasMore: boolean;
}

/** §5 "ps at most 5000 long". */
const MAX_RECALL_PS = 5000;

const ANTISPAM_REPLACED = AntispamResult.REPLACED;
const ANTISPAM_REJECT = AntispamResult.REJECT;

/** Pushes that carry one new message (§7 read-ack pairs 7/2, 8/3, 21/3, 101/2, 9/11 call records, and own sends). */
export const MESSAGE_PUSHES: ReadonlySet<CommandName> = new Set<CommandName>(['msg', 'teamMsg', 'superTeamMsg', 'filterMsg', 'netcallMsg', 'syncSendMsg']);

/** Sending, listing and receiving messages (im-client-spec §4 Message status, §5 Messages). */
export class MessagesService {
  constructor(
    private readonly context: ServiceContext,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Sends a text message through the outbox (docs/im-outbox.md): it is stored as sending first,
   * so nothing accepted is lost, and goes out when the connection allows. The promise resolves
   * with the stored message once it is success (or blacklisted, 7101) and rejects with the
   * ImError when it ends as fail (outbox off and no connection, or past the outbox deadline) or
   * the server refused it (sendError).
   */
  async sendText(input: SendTextInput): Promise<ImMessage> {
    const checked = validateSendText(input);
    const idClient = this.context.createIdClient();
    // The client anti-spam filter (§5): 1 sends the text with ** in place of the words, 2 refuses it.
    const verdict = this.context.filterOutgoingText?.(checked.text);
    const text = verdict?.result === ANTISPAM_REPLACED ? verdict.content : checked.text;
    const message = createOutgoingText({ ...checked, text, idClient, account: this.context.account, time: this.context.now() });
    // The rules im-server runs on the same record (model/message-types.ts).
    assertSendable(toWireMessage(message));
    if (verdict?.result === ANTISPAM_REJECT) {
      const yidunAntiSpamRes = JSON.stringify({ result: ANTISPAM_REJECT, source: 'client', hits: verdict.hits });
      return this.outbox.refuse({ ...message, yidunAntiSpamRes }, new ImError(ImErrorName.Param_Error, 'the message contains a forbidden word', { code: ResponseCode.NO_PERMISSION }));
    }
    return this.outbox.add(message);
  }

  // Every other sendable §3 type. Each checks its input with the shared rules (model/message-types.ts)
  // and throws ImError(Param_Error, 414/405) before anything is stored; then it goes through the
  // outbox like sendText and settles the same way.

  /** An uploaded image: file with url, ext, size, w and h (§5). */
  async sendImage(input: SendFileInput): Promise<ImMessage> {
    return this.outbox.add(buildFileMessage('image', input, this.outgoing()));
  }

  /** An uploaded audio clip: file with url, ext, size and dur (§5). */
  async sendAudio(input: SendFileInput): Promise<ImMessage> {
    return this.outbox.add(buildFileMessage('audio', input, this.outgoing()));
  }

  /** An uploaded video: file with url, ext, size, w, h and dur (§5). */
  async sendVideo(input: SendFileInput): Promise<ImMessage> {
    return this.outbox.add(buildFileMessage('video', input, this.outgoing()));
  }

  /** An uploaded file: file with url, ext and size (§5 "File message needs file with url, ext and size"). */
  async sendFile(input: SendFileInput): Promise<ImMessage> {
    return this.outbox.add(buildFileMessage('file', input, this.outgoing()));
  }

  /** A location: loc_x, loc_y, loc_z (0 when not a number, §3) and an optional title. */
  async sendGeo(input: SendGeoInput): Promise<ImMessage> {
    return this.outbox.add(buildGeoMessage(input, this.outgoing()));
  }

  /** A tip (a notice line in the conversation). */
  async sendTip(input: SendTipInput): Promise<ImMessage> {
    return this.outbox.add(buildTipMessage(input, this.outgoing()));
  }

  /** A custom message: `content` goes as attach. */
  async sendCustom(input: SendCustomInput): Promise<ImMessage> {
    return this.outbox.add(buildCustomMessage(input, this.outgoing()));
  }

  /** A request to a robot (robotAccid, content type welcome, text or link). */
  async sendRobot(input: SendRobotInput): Promise<ImMessage> {
    return this.outbox.add(buildRobotMessage(input, this.outgoing()));
  }

  /**
   * §4 "Forwarding assigns a new client id": the stored message's content goes to another session
   * as a new outgoing message. Its type must be one a client may send (§5).
   */
  async forward(idClient: string, target: ForwardInput): Promise<ImMessage> {
    // The new idClient is taken before the first await, like sendText's, so a tab that pins the
    // id it chose (multitab) gets that id and a repeated forward after a handover settles once.
    const outgoing = this.outgoing();
    const stored = await this.context.store().getMessage(idClient);
    if (!stored) throw new ImError(ImErrorName.Param_Error, `no message ${idClient}`, { code: 404 });
    return this.outbox.add(buildForward(stored, target, outgoing));
  }

  private outgoing(): OutgoingContext {
    return { idClient: this.context.createIdClient(), account: this.context.account, time: this.context.now() };
  }

  /** §4: only out + fail messages may be resent; they keep their idClient, so the server keeps one copy. */
  async resend(idClient: string): Promise<ImMessage> {
    const stored = await this.context.store().getMessage(idClient);
    if (!stored) throw new ImError(ImErrorName.Param_Error, `no message ${idClient}`, { code: 404 });
    return this.outbox.add(prepareResend(stored));
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

  /**
   * One page of the session's server history, newest first on the wire (§5 "descending"), merged
   * into the store deduplicated by idClient (§4). Raises `sessions` when the page changed the
   * session (e.g. a session known only to the server now has its messages); raises no `msg`:
   * history is not news.
   */
  async fetchHistory(query: FetchHistoryQuery): Promise<HistoryPage> {
    if (typeof query !== 'object' || query === null) throw new ImError(ImErrorName.Param_Error, 'query options are required', { code: 414 });
    const parsed = typeof query.sessionId === 'string' ? parseSessionId(query.sessionId) : undefined;
    if (!parsed) throw new ImError(ImErrorName.Param_Error, 'sessionId must be <scene>-<target>, e.g. p2p-account', { code: 414 });
    const limit = validatePageLimit(query.limit);
    const endTime = query.endTime ?? 0;
    if (typeof endTime !== 'number' || !Number.isFinite(endTime) || endTime < 0) {
      throw new ImError(ImErrorName.Param_Error, 'endTime must be a number of milliseconds, 0 or more', { code: 414 });
    }
    const answer = await this.context.connection.request(HISTORY_COMMAND[parsed.scene], {
      scene: SceneCode[parsed.scene],
      to: parsed.to,
      endTime: Math.floor(endTime),
      limit,
      reverse: false,
    });
    const received = answer.msgs ?? [];
    const fetched = received
      .map((record) => fromWireMessage(record, this.context.account))
      .filter((message): message is ImMessage => message !== undefined && message.sessionId === query.sessionId)
      .sort((a, b) => a.time - b.time);
    const hasMore = received.length >= limit;
    if (fetched.length === 0) return { messages: [], added: [], hasMore };
    const store = this.context.store();
    const { stored, session } = await ingestSessionMessages(store, query.sessionId, fetched, { ...this.context, account: this.context.account });
    if (stored.length > 0) this.context.emit('sessions', [session]);
    const messages: ImMessage[] = [];
    for (const message of fetched) messages.push((await store.getMessage(message.idClient)) ?? message);
    return { messages, added: stored, hasMore };
  }

  /** Deletes a message locally; its session's unread and lastMsg follow (§4). */
  async deleteLocal(idClient: string): Promise<void> {
    const session = await deleteStoredMessage(this.context.store(), idClient, this.context);
    if (session) this.context.emit('sessions', [session]);
  }

  /**
   * Recalls one of my sent messages (deleteMsg 7/11, issue 31): the server checks it is mine (403)
   * and still within its recall window (508 "deletion period expired", §8) and tells everyone in
   * the conversation (msgDeleted). Here the stored copy becomes the recalled placeholder
   * (`recalled`, raised as msgUpdate) and its session follows §4's delete rules. A 414 before
   * sending: a message not stored here, not mine, or not yet sent.
   */
  async recall(idClient: string, options: { ps?: string } = {}): Promise<ImMessage> {
    const store = this.context.store();
    const message = typeof idClient === 'string' && idClient !== '' ? await store.getMessage(idClient) : undefined;
    if (!message) throw new ImError(ImErrorName.Param_Error, 'no such message to recall', { code: ResponseCode.PARAMETER_ERROR });
    if (message.from !== this.context.account || message.flow !== 'out') {
      throw new ImError(ImErrorName.Param_Error, 'only your own messages can be recalled', { code: ResponseCode.PARAMETER_ERROR });
    }
    if (message.status !== 'success' || !message.idServer) throw new ImError(ImErrorName.Param_Error, 'only sent messages can be recalled', { code: ResponseCode.PARAMETER_ERROR });
    const ps = options.ps ?? '';
    if (typeof ps !== 'string' || ps.length > MAX_RECALL_PS) throw new ImError(ImErrorName.Param_Error, `ps must be a text of at most ${MAX_RECALL_PS}`, { code: ResponseCode.PARAMETER_TOO_LONG });
    if (message.recalled) return message;
    await this.context.connection.request('deleteMsg', {
      msg: { scene: SceneCode[message.scene], from: message.from, to: message.to, idClient: message.idClient, idServer: message.idServer, time: message.time },
      ps,
    });
    return (await this.applyRecall(idClient, { by: this.context.account, time: this.context.now(), ...(ps ? { ps } : {}) })) ?? message;
  }

  /** A recall told by the server (msgDeleted push): the placeholder and the session, raised as events. */
  async receiveRecall(record: DeletedMsgRecordValue | undefined): Promise<ImMessage | undefined> {
    if (!record?.idClient) return undefined;
    return this.applyRecall(record.idClient, { by: record.opeAccount ?? record.from ?? '', time: record.time ?? this.context.now(), ...(record.ps ? { ps: record.ps } : {}) });
  }

  private async applyRecall(idClient: string, recall: ImRecall): Promise<ImMessage | undefined> {
    const result = await recallStoredMessage(this.context.store(), idClient, recall, this.context);
    if (!result) return undefined;
    this.context.emit('msgUpdate', result.message);
    if (result.session) this.context.emit('sessions', [result.session]);
    return result.message;
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
}
