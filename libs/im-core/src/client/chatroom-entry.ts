import { ImError } from '../errors/im-error';
import { CHATROOM_KICK_REASON, ImErrorName, ResponseCode } from '../errors/codes';
import {
  ChatroomConnection,
  type ChatroomConnectionOptions,
  type ChatroomLoginBody,
  type ChatroomLoginResult,
  type ChatroomRequestName,
} from '../connection/chatroom-connection';
import { ReconnectBackoff } from '../connection/reconnect-backoff';
import { DEFAULT_RECONNECTION_ATTEMPTS, DEFAULT_TIMING } from '../connection/timing';
import type { CommandTable } from '../protocol/commands';
import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { GetTokenContext } from '../connection/connection-types';
import { CLIENT_TYPE_WEB } from '../protocol/constants';
import { Chatroom, type ChatroomRequester } from '../services/chatroom/chatroom';
import type { CommandRequester } from '../services/service-context';
import { CHATROOM_NOT_CONNECTED, chatroomIdProblem } from '../validation/chatroom-rules';

/** How chat-room sockets are opened, and the IM token they log in with (the main client's). */
export interface ChatroomEntryOptions extends ChatroomConnectionOptions {
  token?: string;
  getToken?: (context: GetTokenContext) => Promise<string>;
  /** Logins tried after a lost socket before the stay ends (default DEFAULT_RECONNECTION_ATTEMPTS, §9). */
  reconnectionAttempts?: number;
  /** For the back-off's jitter (tests). */
  random?: () => number;
}

export interface EnterChatroomInput {
  chatroomId: string;
  /** My nick, avatar and custom in this room (default: my profile). */
  member?: { nick?: string; avatar?: string; custom?: string };
  /** Skip the address lookup (tests, or addresses the app already has). */
  addresses?: string[];
}

const defaultIdClient = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** Kick reasons after which a room is not entered again by itself: kicked by an admin (5), the room closed (6). */
const FINAL_KICK_REASONS: ReadonlySet<number> = new Set(Object.values(CHATROOM_KICK_REASON));
/** Login answers that end the stay: no such room (404), the room closed (13002), blacklisted (13003). */
const FINAL_LOGIN_CODES: ReadonlySet<number | undefined> = new Set([ResponseCode.NOT_FOUND, ResponseCode.CHATROOM_STATE_ABNORMAL, ResponseCode.CHATROOM_IN_BLACKLIST]);

type StayTimers = NonNullable<ChatroomConnectionOptions['timers']>;

/** How one stay in a room finds its sockets and logs in (again). */
interface StayPlan {
  chatroomId: string;
  /** The addresses to try: looked up again before each reconnect where the stay can (IM getChatroomAddress). */
  addresses: () => Promise<readonly string[]>;
  /** The login; `refresh` asks for a fresh token (the last one was refused). */
  login: (refresh: boolean) => Promise<ChatroomLoginBody>;
  /** Whether the token can be refreshed (a getToken callback). */
  canRefresh: boolean;
}

/**
 * One stay in a chat room over as many sockets as it takes (docs/im-chatroom.md "Reconnect"): when the
 * socket is lost (network, heartbeat, a node shutting down: kick reason 4) it logs in again with the
 * back-off of §9 (1.6 s up to 8 s, full jitter, at most `reconnectionAttempts` tries), on addresses
 * looked up again. Kicked (5), the room closed (6), a login refused for good (404, 13002, 13003, a
 * token refused twice) or exit() end it: the Chatroom raises `disconnected` once, then.
 */
class ChatroomStay implements ChatroomRequester {
  private connection: ChatroomConnection | undefined;
  private room: Chatroom | undefined;
  private exited = false;
  private timer: unknown;
  private readonly backoff: ReconnectBackoff;
  private readonly timers: StayTimers;

  constructor(
    private readonly plan: StayPlan,
    private readonly options: ChatroomEntryOptions,
    private readonly createIdClient: () => string,
  ) {
    const timing = { ...DEFAULT_TIMING, ...options.timing };
    this.backoff = new ReconnectBackoff(timing.reconnectBaseDelayMs, timing.reconnectMaxDelayMs, options.random);
    this.timers = options.timers ?? { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };
  }

  get connected(): boolean {
    return this.connection?.connected === true;
  }

  /** The first login: a refusal rejects the entry. */
  async enter(): Promise<Chatroom> {
    const { connection, answer } = await this.login(false);
    this.room = new Chatroom(this.plan.chatroomId, this, this.createIdClient, answer.chatroom, answer.member);
    this.use(connection);
    return this.room;
  }

  request<N extends ChatroomRequestName>(name: N, body: RequestBodyOf<CommandTable[N]>): Promise<ResponseBodyOf<CommandTable[N]>> {
    // Between sockets a call is refused (not queued): the app sees `reconnecting` and may try again.
    if (!this.connection) return Promise.reject(new ImError(ImErrorName.Error_Connection_is_not_Established, CHATROOM_NOT_CONNECTED, { command: name }));
    return this.connection.request(name, body);
  }

  /** Leaves the room: no reconnect follows. */
  close(): void {
    if (this.exited) return;
    this.exited = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.connection) this.connection.close();
    // Left while between sockets: the stay ends here.
    else this.room?.handleDisconnected(undefined);
  }

  private async login(refresh: boolean): Promise<{ connection: ChatroomConnection; answer: ChatroomLoginResult }> {
    const connection = new ChatroomConnection(this.options);
    try {
      const answer = await connection.connect(await this.plan.addresses(), await this.plan.login(refresh));
      return { connection, answer };
    } catch (error) {
      if (!refresh && this.plan.canRefresh && error instanceof ImError && error.code === ResponseCode.WRONG_CREDENTIALS) return this.login(true);
      throw error;
    }
  }

  private use(connection: ChatroomConnection): void {
    this.connection = connection;
    let kickReason: number | undefined;
    connection.on('push', (push) => {
      if (push.name === 'chatroomMsg' && push.body.msg && typeof push.body.msg === 'object') this.room?.handleMessage(push.body.msg as never);
    });
    connection.on('kicked', (event) => (kickReason = event.reason));
    connection.on('disconnected', (event) => {
      if (this.connection !== connection) return;
      this.connection = undefined;
      if (this.exited || (kickReason !== undefined && FINAL_KICK_REASONS.has(kickReason))) {
        this.room?.handleDisconnected(event.error, kickReason);
        return;
      }
      this.retry(0, event.error, kickReason);
    });
  }

  private retry(attempt: number, error: ImError | undefined, kickReason?: number): void {
    const attempts = this.options.reconnectionAttempts ?? DEFAULT_RECONNECTION_ATTEMPTS;
    if (attempt >= attempts) {
      this.room?.handleDisconnected(error, kickReason);
      return;
    }
    this.room?.handleReconnecting({ attempt: attempt + 1, error, ...(kickReason !== undefined ? { kickReason } : {}) });
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.login(false).then(
        ({ connection, answer }) => {
          if (this.exited) {
            connection.close();
            return;
          }
          this.use(connection);
          this.room?.handleReconnected(answer.chatroom, answer.member);
        },
        (failure: unknown) => {
          if (this.exited) return;
          const reason = failure instanceof ImError ? failure : new ImError(ImErrorName.Connect_Failed, String(failure));
          if (FINAL_LOGIN_CODES.has(reason.code) || reason.code === ResponseCode.WRONG_CREDENTIALS) this.room?.handleDisconnected(reason);
          else this.retry(attempt + 1, reason);
        },
      );
    }, this.backoff.delay(attempt));
  }
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

  /**
   * Enters a room: address lookup, then login on its own socket; a lost socket logs in again by
   * itself (ChatroomStay). Leave with `room.exit()`.
   */
  async enter(input: EnterChatroomInput): Promise<Chatroom> {
    const first = input.addresses ?? (await this.getAddress(input.chatroomId));
    let token = this.options.token ?? (await this.options.getToken?.({ account: this.account, reason: 'initial' }));
    if (!token) throw new ImError(ImErrorName.Param_Error, 'token or getToken is required to enter a chat room', { code: ResponseCode.PARAMETER_ERROR });
    let lookups = 0;
    const stay = new ChatroomStay(
      {
        chatroomId: input.chatroomId,
        // Given addresses are used as they are; looked-up ones are asked again for each reconnect (another node may answer).
        addresses: async () => (input.addresses || lookups++ === 0 ? first : this.getAddress(input.chatroomId)),
        login: async (refresh) => {
          if (refresh && this.options.getToken) token = await this.options.getToken({ account: this.account, reason: 'refused' });
          return { chatroomId: input.chatroomId, account: this.account, token, ...(input.member ? { member: input.member } : {}) };
        },
        canRefresh: this.options.getToken !== undefined,
      },
      this.options,
      this.createIdClient,
    );
    return stay.enter();
  }
}

/** An anonymous visitor (no IM account) in a room that admits them, at an address the app knows; reconnects as a member does. */
export function enterChatroomAnonymously(input: EnterChatroomInput & { addresses: string[] }, options: ChatroomEntryOptions = {}): Promise<Chatroom> {
  // The server names an anonymous visitor at login; logging in again makes a new visitor, as a fresh entry would.
  const stay = new ChatroomStay(
    {
      chatroomId: input.chatroomId,
      addresses: async () => input.addresses,
      login: async () => ({ chatroomId: input.chatroomId, ...(input.member ? { member: input.member } : {}) }),
      canRefresh: false,
    },
    options,
    defaultIdClient,
  );
  return stay.enter();
}
