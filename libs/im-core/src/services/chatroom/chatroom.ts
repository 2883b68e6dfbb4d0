import { ImError } from '../../errors/im-error';
import { ImErrorName, ResponseCode } from '../../errors/codes';
import type { ChatroomRequestName } from '../../connection/chatroom-connection';
import { TypedEmitter } from '../../connection/typed-emitter';
import type { CommandTable } from '../../protocol/commands';
import type { RequestBodyOf, ResponseBodyOf } from '../../protocol/command-definition';
import { MessageTypeCode } from '../../protocol/constants';
import type { MessageRecordValue } from '../../protocol/records';
import {
  CHATROOM_NOT_CONNECTED,
  chatroomAccountProblem,
  chatroomHistoryProblem,
  chatroomMembersQueryProblem,
  chatroomTagQueryProblem,
  chatroomTagsProblem,
  coordinateProblem,
  markChatroomMemberProblem,
  queueBatchProblem,
  queueItemProblem,
  queueKeyProblem,
  updateChatroomProblem,
  type ChatroomHistoryQuery,
  type ChatroomMarkInput,
  type ChatroomMembersQuery,
  type ChatroomQueueItem,
  type ChatroomUpdateInput,
} from '../../validation/chatroom-rules';

export type ImChatroom = NonNullable<ResponseBodyOf<CommandTable['getChatroom']>['chatroom']>;
export type ImChatroomMember = NonNullable<ResponseBodyOf<CommandTable['chatroomLogin']>['member']>;
/** A chat-room notification (memberEnter, memberExit, gagMember, addTempMute, kickMember, closeChatroom, muteRoom, queueOffer...). */
export interface ImChatroomNotification {
  type: string; from: string; to?: string[]; duration?: number; custom?: string; level?: number; mute?: boolean;
  items?: { key: string; value: string }[];
  time: number;
}

/** What a Chatroom needs of its connection (STYLE.md layers: the service never touches the socket). */
export interface ChatroomRequester {
  readonly connected: boolean;
  /** Closes the socket (leaving the room). */
  close(): void;
  request<N extends ChatroomRequestName>(name: N, body: RequestBodyOf<CommandTable[N]>): Promise<ResponseBodyOf<CommandTable[N]>>;
}

export interface ChatroomEvents {
  /** A member's message of the room (not raised for this client's own sends). */
  msg: (msg: MessageRecordValue) => void;
  notification: (notification: ImChatroomNotification) => void;
  /**
   * The stay in the room is over: kicked (reason CHATROOM_KICK_REASON), the room closed, a login
   * refused for good, every reconnect failed, or exit(). Raised once.
   */
  disconnected: (event: { error: ImError | undefined; kickReason?: number }) => void;
  /** The socket was lost; a login is tried again after the back-off (attempt 1, 2…). Calls are refused meanwhile. */
  reconnecting: (event: { attempt: number; error: ImError | undefined; kickReason?: number }) => void;
  /** Logged in again on a new socket: the room and my member as that login answered. */
  reconnected: (event: { chatroom: ImChatroom | undefined; member: ImChatroomMember | undefined }) => void;
}

const paramError = (problem: string | undefined) => {
  if (problem) throw new ImError(ImErrorName.Param_Error, problem, { code: ResponseCode.PARAMETER_ERROR });
};

/**
 * One chat room the client is in (issue 12; im-client-spec §3, §5, §7 "Chat room"; docs/im-chatroom.md):
 * messages, history, members and their marks, kick, close, get/update, queue, tags and coordinates.
 * Every call is checked with the rules the server runs (validation/chatroom-rules) before it is sent.
 */
export class Chatroom extends TypedEmitter<ChatroomEvents> {
  private ended = false;

  constructor(
    /** The room this object is logged in to; without one every call answers 'chatroom not connected'. */
    readonly chatroomId: string | undefined,
    private readonly requester: ChatroomRequester,
    private readonly createIdClient: () => string,
    /** The room and my member as chatroomLogin answered. */
    public chatroom: ImChatroom | undefined,
    public member: ImChatroomMember | undefined,
  ) {
    super();
  }

  get connected(): boolean {
    return this.chatroomId !== undefined && this.chatroomId !== '' && this.requester.connected;
  }

  private call<N extends ChatroomRequestName>(name: N, body: RequestBodyOf<CommandTable[N]>): Promise<ResponseBodyOf<CommandTable[N]>> {
    // §5: "Send in a chat room without chatroomId gives 'chatroom not connected'" (every call here alike).
    if (!this.connected) return Promise.reject(new ImError(ImErrorName.Error_Connection_is_not_Established, CHATROOM_NOT_CONNECTED, { command: name }));
    return this.requester.request(name, body);
  }

  /** Sends a message to the room (text, custom... any sendable type); answers it with idServer and time. */
  async sendMsg(msg: Omit<MessageRecordValue, 'idClient' | 'scene' | 'to'> & { idClient?: string }): Promise<MessageRecordValue> {
    if (!this.connected) throw new ImError(ImErrorName.Error_Connection_is_not_Established, CHATROOM_NOT_CONNECTED, { command: 'chatroomSendMsg' });
    const record: MessageRecordValue = { ...msg, idClient: msg.idClient ?? this.createIdClient(), scene: 0, to: this.chatroomId, chatroomId: this.chatroomId };
    const answer = await this.call('chatroomSendMsg', { msg: record });
    return answer.msg ?? record;
  }

  sendText(text: string, extra: { custom?: string } = {}): Promise<MessageRecordValue> {
    if (typeof text !== 'string' || text === '') return Promise.reject(new ImError(ImErrorName.Param_Error, 'text is required', { code: ResponseCode.PARAMETER_ERROR }));
    return this.sendMsg({ type: MessageTypeCode.text, text, ...extra });
  }

  async getHistoryMsgs(query: ChatroomHistoryQuery & { reverse?: boolean } = {}): Promise<MessageRecordValue[]> {
    paramError(chatroomHistoryProblem(query));
    return (await this.call('getChatroomHistoryMsgs', query)).msgs ?? [];
  }

  /** Fixed members (owner, managers, normal) or, with guest, the guests online; `time` pages. */
  async getMembers(query: Omit<ChatroomMembersQuery, 'chatroomId'> = {}): Promise<ImChatroomMember[]> {
    const body = { ...query, chatroomId: this.chatroomId };
    paramError(chatroomMembersQueryProblem(body));
    return (await this.call('getChatroomMembers', body)).members ?? [];
  }

  /** type manager | normal (with level) | blacklist | gag | tempMute (with duration in seconds). */
  async markMember(input: ChatroomMarkInput): Promise<ImChatroomMember | undefined> {
    paramError(markChatroomMemberProblem(input));
    return (await this.call('markChatroomMember', input)).member;
  }

  async kickMember(account: string, custom?: string): Promise<void> {
    paramError(chatroomAccountProblem(account));
    await this.call('kickChatroomMember', { account, ...(custom !== undefined ? { custom } : {}) });
  }

  /** Closes the room (owner only); everyone is removed and the room answers 13002 afterwards. */
  async close(custom?: string): Promise<void> {
    await this.call('closeChatroom', { chatroomId: this.chatroomId, ...(custom !== undefined ? { custom } : {}) });
  }

  async getChatroom(): Promise<ImChatroom | undefined> {
    const room = (await this.call('getChatroom', { chatroomId: this.chatroomId })).chatroom;
    if (room) this.chatroom = room;
    return room;
  }

  /** Owner and managers; `mute: true` lets only them speak (13006 for others). */
  async updateChatroom(fields: ChatroomUpdateInput, options: { needNotify?: boolean; custom?: string } = {}): Promise<void> {
    paramError(updateChatroomProblem(fields));
    await this.call('updateChatroom', { chatroom: fields, ...options });
  }

  async queueOffer(key: string, value: string, options: { transient?: boolean } = {}): Promise<void> {
    paramError(queueItemProblem({ key, value }));
    await this.call('queueOffer', { item: { key, value }, transient: options.transient === true });
  }
  /** The item of `key`, or the head without a key; removed from the queue. */
  async queuePoll(key?: string): Promise<ChatroomQueueItem | undefined> {
    if (key !== undefined) paramError(queueKeyProblem(key));
    return (await this.call('queuePoll', key !== undefined ? { key } : {})).item;
  }
  async queueList(): Promise<ChatroomQueueItem[]> {
    return (await this.call('queueList', {})).items ?? [];
  }
  async queuePeek(): Promise<ChatroomQueueItem | undefined> {
    return (await this.call('queuePeek', {})).item;
  }
  async queueDrop(): Promise<void> {
    await this.call('queueDrop', {});
  }
  async queueChange(key: string, value: string): Promise<void> {
    paramError(queueItemProblem({ key, value }));
    await this.call('queueChange', { item: { key, value } });
  }
  /** New values for queued keys; answers the keys that were not queued. */
  async queueBatchUpdate(items: ChatroomQueueItem[], needNotify = false): Promise<string[]> {
    paramError(queueBatchProblem(items));
    return (await this.call('queueBatchUpdate', { items, needNotify })).notInQueue ?? [];
  }

  async updateTags(tags: string[]): Promise<void> {
    paramError(chatroomTagsProblem(tags));
    await this.call('updateChatroomTags', { tags });
  }
  async getMembersByTag(query: { tag: string; time?: number; limit?: number }): Promise<ImChatroomMember[]> {
    paramError(chatroomTagQueryProblem(query));
    return (await this.call('getChatroomMembersByTag', query)).members ?? [];
  }
  async updateCoordinate(coordinate: { x: number; y: number; z: number; distance?: number }): Promise<void> {
    paramError(coordinateProblem(coordinate));
    await this.call('updateCoordinate', coordinate);
  }

  /** Leaves the room: the socket closes; the room hears memberExit once my last socket in it is gone. */
  exit(): void {
    this.requester.close();
  }

  /** A chatroomMsg push: a notification (type notification) or a member's message. */
  handleMessage(msg: MessageRecordValue): void {
    if (msg.type === MessageTypeCode.notification) {
      let parsed: Partial<ImChatroomNotification> = {};
      try {
        parsed = JSON.parse(msg.attach ?? '{}') as Partial<ImChatroomNotification>;
      } catch {
        return;
      }
      if (typeof parsed.type !== 'string') return;
      if (parsed.type === 'muteRoom' || parsed.type === 'unmuteRoom') this.chatroom = this.chatroom && { ...this.chatroom, mute: parsed.type === 'muteRoom' };
      this.emit('notification', { ...parsed, type: parsed.type, from: String(parsed.from ?? ''), time: msg.time ?? 0 });
      return;
    }
    this.emit('msg', msg);
  }

  /** The stay ended (raised once). */
  handleDisconnected(error: ImError | undefined, kickReason?: number): void {
    if (this.ended) return;
    this.ended = true;
    this.emit('disconnected', { error, ...(kickReason !== undefined ? { kickReason } : {}) });
  }

  /** The socket was lost and a new login is on its way. */
  handleReconnecting(event: { attempt: number; error: ImError | undefined; kickReason?: number }): void {
    this.emit('reconnecting', event);
  }

  /** Logged in again: the room and my member are as the new login answered. */
  handleReconnected(chatroom: ImChatroom | undefined, member: ImChatroomMember | undefined): void {
    if (chatroom) this.chatroom = chatroom;
    if (member) this.member = member;
    this.emit('reconnected', { chatroom, member });
  }
}
