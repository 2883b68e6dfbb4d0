import { ImError } from '../errors/im-error';
import { ImErrorName, ResponseCode } from '../errors/codes';
import { ChatroomConnection, type ChatroomConnectionOptions } from '../connection/chatroom-connection';
import type { GetTokenContext } from '../connection/connection-types';
import { CLIENT_TYPE_WEB } from '../protocol/constants';
import { Chatroom } from '../services/chatroom/chatroom';
import type { CommandRequester } from '../services/service-context';
import { chatroomIdProblem } from '../validation/chatroom-rules';

/** How chat-room sockets are opened, and the IM token they log in with (the main client's). */
export interface ChatroomEntryOptions extends ChatroomConnectionOptions {
  token?: string;
  getToken?: (context: GetTokenContext) => Promise<string>;
}

export interface EnterChatroomInput {
  chatroomId: string;
  /** My nick, avatar and custom in this room (default: my profile). */
  member?: { nick?: string; avatar?: string; custom?: string };
  /** Skip the address lookup (tests, or addresses the app already has). */
  addresses?: string[];
}

const defaultIdClient = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** Opens the socket, logs in and wires its pushes to a Chatroom. */
async function openChatroom(
  addresses: readonly string[],
  login: { chatroomId: string; account?: string; token?: string; member?: EnterChatroomInput['member'] },
  options: ChatroomConnectionOptions,
  createIdClient: () => string,
): Promise<Chatroom> {
  const connection = new ChatroomConnection(options);
  const answer = await connection.connect(addresses, {
    chatroomId: login.chatroomId,
    ...(login.account !== undefined ? { account: login.account, token: login.token } : {}),
    ...(login.member ? { member: login.member } : {}),
  });
  const room = new Chatroom(login.chatroomId, connection, createIdClient, answer.chatroom, answer.member);
  let kickReason: number | undefined;
  connection.on('push', (push) => {
    if (push.name === 'chatroomMsg' && push.body.msg && typeof push.body.msg === 'object') room.handleMessage(push.body.msg as never);
  });
  connection.on('kicked', (event) => (kickReason = event.reason));
  connection.on('disconnected', (event) => room.handleDisconnected(event.error, kickReason));
  return room;
}

/**
 * Chat rooms through the main client (docs/im-chatroom.md): the address is asked on the IM
 * connection (getChatroomAddress), then a separate socket logs in to the room with the IM token.
 */
export class ChatroomEntry {
  constructor(
    private readonly requester: CommandRequester,
    private readonly account: string,
    private readonly options: ChatroomEntryOptions,
    private readonly createIdClient: () => string = defaultIdClient,
  ) {}

  /** The addresses of the room's sockets; 404 no such room, 13002 closed, 13003 blacklisted. */
  async getAddress(chatroomId: string): Promise<string[]> {
    const problem = chatroomIdProblem(chatroomId);
    if (problem) throw new ImError(ImErrorName.Param_Error, problem, { code: ResponseCode.PARAMETER_ERROR });
    const answer = await this.requester.request('getChatroomAddress', { chatroomId, clientType: CLIENT_TYPE_WEB });
    return answer.address ?? [];
  }

  /** Enters a room: address lookup, then login on its own socket. Leave with `room.exit()`. */
  async enter(input: EnterChatroomInput): Promise<Chatroom> {
    const addresses = input.addresses ?? (await this.getAddress(input.chatroomId));
    const token = this.options.token ?? (await this.options.getToken?.({ account: this.account, reason: 'initial' }));
    if (!token) throw new ImError(ImErrorName.Param_Error, 'token or getToken is required to enter a chat room', { code: ResponseCode.PARAMETER_ERROR });
    return openChatroom(addresses, { chatroomId: input.chatroomId, account: this.account, token, member: input.member }, this.options, this.createIdClient);
  }
}

/** An anonymous visitor (no IM account) in a room that admits them, at an address the app knows. */
export function enterChatroomAnonymously(input: EnterChatroomInput & { addresses: string[] }, options: ChatroomConnectionOptions = {}): Promise<Chatroom> {
  return openChatroom(input.addresses, { chatroomId: input.chatroomId, member: input.member }, options, defaultIdClient);
}
