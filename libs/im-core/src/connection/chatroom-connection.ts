import { ImError } from '../errors/im-error';
import { ImErrorName, ResponseCode, kickReasonText } from '../errors/codes';
import { COMMANDS, type CommandName, type CommandTable } from '../protocol/commands';
import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import { FrameFlag, HEARTBEAT_SERIAL_ID } from '../protocol/constants';
import { decodeFrame, encodeFrame, type DecodedFrame } from '../protocol/frame';
import { FrequencyControl } from '../protocol/frequency-control';
import type { ProtocolRecord } from '../protocol/schema';
import { DEFAULT_TRANSPORT_ORDER, openFirstTransport } from '../transport/connect-transport';
import { realTimers, type FetchLike, type ImTransport, type Timers, type TransportKind, type WebSocketConstructor } from '../transport/transport';
import { HeartbeatMonitor } from './heartbeat-monitor';
import { PendingRequests } from './pending-requests';
import { DEFAULT_TIMING, type ConnectionTiming } from './timing';
import { TypedEmitter } from './typed-emitter';

/** The global fetch, called unbound-safe (browsers require `this` = window), for long polling. */
function globalFetch(): FetchLike | undefined {
  if (typeof globalThis.fetch !== 'function') return undefined;
  return (url, init) => globalThis.fetch(url, init as RequestInit) as unknown as ReturnType<FetchLike>;
}

/** The chat-room service's requests (§7 "Chat room"), which a chat-room connection sends. */
export type ChatroomRequestName =
  | 'chatroomSendMsg' | 'getChatroomMembers' | 'getChatroomHistoryMsgs' | 'markChatroomMember' | 'closeChatroom' | 'getChatroom' | 'updateChatroom'
  | 'kickChatroomMember' | 'queueOffer' | 'queuePoll' | 'queueList' | 'queuePeek' | 'queueDrop' | 'queueChange' | 'queueBatchUpdate'
  | 'updateChatroomTags' | 'updateCoordinate' | 'getChatroomMembersByTag';
export type ChatroomLoginBody = RequestBodyOf<CommandTable['chatroomLogin']>;
export type ChatroomLoginResult = ResponseBodyOf<CommandTable['chatroomLogin']>;

export interface ChatroomConnectionOptions {
  WebSocketImpl?: WebSocketConstructor;
  fetch?: FetchLike;
  transports?: readonly TransportKind[];
  timing?: Partial<ConnectionTiming>;
  timers?: Timers;
  now?: () => number;
}

export interface ChatroomConnectionEvents {
  /** A push of the room (chatroomMsg: messages and notifications). */
  push: (push: { name: CommandName; body: ProtocolRecord }) => void;
  /** The server removed this socket (the `kicked` push): kicked by an admin, the room closed... */
  kicked: (event: { reason: number }) => void;
  /** The socket is gone (after kicked too). A socket connects once: the stay (client/chatroom-entry.ts) opens a new one. */
  disconnected: (event: { error: ImError | undefined }) => void;
}

/**
 * One chat-room socket (docs/im-chatroom.md "Connections"): opens a transport to an address from
 * getChatroomAddress, logs in with chatroomLogin, keeps the heartbeat (§9) and matches responses to
 * requests. Separate from ImConnection: the IM connection keeps its own login, sync and reconnects.
 */
export class ChatroomConnection extends TypedEmitter<ChatroomConnectionEvents> {
  private transport: ImTransport | undefined;
  private readonly pending: PendingRequests;
  private readonly heartbeat: HeartbeatMonitor;
  private readonly timing: ConnectionTiming;
  private readonly timers: Timers;
  private open = false;
  private ended = false;

  constructor(private readonly options: ChatroomConnectionOptions = {}) {
    super();
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.timers = options.timers ?? realTimers;
    this.pending = new PendingRequests(this.timers, new FrequencyControl(options.now ?? Date.now), (error) => this.end(error));
    this.heartbeat = new HeartbeatMonitor({
      intervalMs: this.timing.heartbeatIntervalMs,
      timeoutMs: this.timing.heartbeatTimeoutMs,
      timers: this.timers,
      send: () => this.sendFrame(encodeFrame({ name: 'heartbeat', serialId: HEARTBEAT_SERIAL_ID })),
      onMissed: () => undefined,
      onDead: (error) => this.end(error),
    });
  }

  /** Logged in and not ended. */
  get connected(): boolean {
    return this.open && !this.ended;
  }

  /** Opens the first address that answers and logs in; rejects with the server's code on a refusal. */
  async connect(addresses: readonly string[], login: ChatroomLoginBody): Promise<ChatroomLoginResult> {
    if (this.open || this.ended) throw new ImError(ImErrorName.Error_Connection_Socket_State_not_Match, 'a chat-room connection connects once');
    const failures: string[] = [];
    for (const address of addresses) {
      try {
        this.transport = await openFirstTransport(
          address,
          {
            order: this.options.transports ?? DEFAULT_TRANSPORT_ORDER,
            WebSocketImpl: this.options.WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket,
            fetch: this.options.fetch ?? globalFetch(),
            connectTimeoutMs: this.timing.connectTimeoutMs,
            longPollRetryDelayMs: this.timing.longPollRetryDelayMs,
            timers: this.timers,
          },
          {
            onFrame: (frame) => this.handleFrame(frame),
            onClose: (reason) => this.end(new ImError(ImErrorName.Error_Internet_Disconnected, `transport closed: ${reason}`)),
          },
        );
        break;
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    if (!this.transport) throw new ImError(ImErrorName.Connect_Failed, failures.join('; ') || 'no chat-room address to connect to');
    try {
      const result = (await this.send('chatroomLogin', login as ProtocolRecord)) as ChatroomLoginResult;
      this.open = true;
      this.heartbeat.start();
      return result;
    } catch (error) {
      this.end(undefined);
      throw error;
    }
  }

  request<N extends ChatroomRequestName>(name: N, body: RequestBodyOf<CommandTable[N]>): Promise<ResponseBodyOf<CommandTable[N]>> {
    if (!this.connected) return Promise.reject(new ImError(ImErrorName.Error_Connection_is_not_Established, 'chatroom not connected', { command: name }));
    return this.send(name, body as ProtocolRecord) as Promise<ResponseBodyOf<CommandTable[N]>>;
  }

  /** Leaves the room: closes the socket (the room hears memberExit when it was the account's last). */
  close(): void {
    this.end(undefined);
  }

  private send(name: CommandName, body: ProtocolRecord): Promise<ProtocolRecord> {
    const command = COMMANDS[name];
    return this.pending.start(name, command.serviceId, command.commandId, this.timing.commandTimeoutMs, (serialId) => {
      this.sendFrame(encodeFrame({ name, serialId, body }));
    });
  }

  private sendFrame(frame: Uint8Array): void {
    if (!this.transport || this.ended) throw new ImError(ImErrorName.Error_Connection_Socket_State_not_Match, 'no open chat-room transport');
    this.transport.send(frame);
  }

  private handleFrame(bytes: Uint8Array): void {
    let frame: DecodedFrame;
    try {
      frame = decodeFrame(bytes);
    } catch {
      return; // an unknown or malformed frame is skipped; the socket stays
    }
    if (frame.flags & FrameFlag.RESPONSE) {
      if (frame.name === 'heartbeat' && frame.serialId === HEARTBEAT_SERIAL_ID) this.heartbeat.answered();
      else this.pending.settle(frame);
      return;
    }
    if (!(frame.flags & FrameFlag.PUSH)) return;
    if (frame.name === 'kicked') {
      const reason = typeof frame.body.reason === 'number' ? frame.body.reason : 0;
      this.emit('kicked', { reason });
      this.end(new ImError(ImErrorName.Kicked, kickReasonText(reason), { code: ResponseCode.CHATROOM_STATE_ABNORMAL }));
      return;
    }
    this.emit('push', { name: frame.name, body: frame.body });
  }

  private end(error: ImError | undefined): void {
    if (this.ended) return;
    this.ended = true;
    const wasOpen = this.open;
    this.open = false;
    this.heartbeat.stop();
    this.pending.rejectAll(error ?? new ImError(ImErrorName.Error_Connection_is_not_Established, 'chatroom not connected'));
    this.transport?.close();
    this.transport = undefined;
    if (wasOpen) this.emit('disconnected', { error });
  }
}
