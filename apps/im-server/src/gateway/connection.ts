import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CODE_NOT_SUPPORTED,
  FRAME_HEADER_BYTES,
  FrameFlag,
  HEARTBEAT_SERIAL_ID,
  PROTOCOL_VERSION,
  ProtocolError,
  ResponseCode,
  UnknownCommandError,
  commandByName,
  decodeFrame,
  decodeFrameHeader,
  encodeFrame,
  type CommandName,
  type CommandTable,
  type DecodedFrame,
  type FrameHeader,
  type ProtocolRecord,
  type ResponseBodyOf,
} from '../protocol';
import { ImServerError } from '../domain/errors';
import type { PortRecord, Router } from '../routing/router';
import { CloseCode, type ClientLink } from './client-link';
import type { FrequencyLimiter } from './frequency-limiter';
import type { ChatroomLink, CommandContext, CommandHandler, CommandHandlers, ImServices, LoginContext, LoginFunction } from './handler-types';
import { SentHere } from './sent-here';
import { logIn } from './login';
import { pathOfNulText } from './nul-text';
import { chatroomLogIn, chatroomScopeProblem } from './chatroom-login';

/** Commands a socket may send before it has logged in. */
const PRE_LOGIN_COMMANDS: ReadonlySet<string> = new Set(['login', 'heartbeat', 'getServerTime']);

/** Frames queued on one connection while earlier ones are handled; beyond it the server is "busy". */
const MAX_PENDING_FRAMES = 64;

/** Refused logins close the link this long after the answer, so the client can read it first. */
const CLOSE_AFTER_REFUSAL_MS = 100;

export type ConnectionState = 'awaitingLogin' | 'loggingIn' | 'loggedIn' | 'closed';

/**
 * What a connection uses of its node (the gateway). The gateway passes itself; the connection
 * imports neither the gateway nor the handler modules, so the handler table arrives here.
 */
export interface ConnectionHost {
  readonly services: ImServices;
  readonly router: Router;
  readonly options: { readonly appKey: string; readonly tokenSecret: string; readonly maxMalformedFrames: number; readonly maxBufferedBytes: number };
  readonly limiter: FrequencyLimiter;
  readonly log: FastifyBaseLogger;
  /** The commands logged-in callers may send (COMMAND_HANDLERS). */
  readonly handlers: CommandHandlers;
  now(): number;
  connectionLoggedIn(connection: GatewayConnection): void;
  connectionClosed(connection: GatewayConnection, wasLoggedIn: boolean): void;
}

/**
 * One client connection: decodes frames, enforces login, frequency control and malformed-frame
 * limits, runs handlers one at a time (responses keep request order) and never lets an error
 * escape to the transport.
 */
export class GatewayConnection {
  // Written only here: a login returns its outcome and the connection applies it.
  private currentState: ConnectionState = 'awaitingLogin';
  private currentPort: PortRecord | undefined;
  private currentNick = '';
  private currentChatroom: ChatroomLink | undefined;
  readonly openedAt: number;
  lastSeen: number;
  private malformedFrames = 0;
  private pending = 0;
  private queue: Promise<void> = Promise.resolve();
  private readonly sentHere = new SentHere();

  constructor(
    readonly link: ClientLink,
    private readonly host: ConnectionHost,
  ) {
    this.openedAt = this.lastSeen = host.now();
  }

  get state(): ConnectionState {
    return this.currentState;
  }

  /** The port registered at login. */
  get port(): PortRecord | undefined {
    return this.currentPort;
  }

  get nick(): string {
    return this.currentNick;
  }

  /** Set once a chatroomLogin made this a chat-room connection (docs/im-chatroom.md). */
  get chatroom(): ChatroomLink | undefined {
    return this.currentChatroom;
  }

  /** Entry point for every inbound frame from the transport. Never throws. */
  receive(data: Uint8Array): void {
    if (this.state === 'closed') return;
    this.lastSeen = this.host.now();
    let frame: DecodedFrame;
    try {
      frame = decodeFrame(data);
    } catch (error) {
      this.rejectMalformed(data, error);
      return;
    }
    if ((frame.flags & (FrameFlag.RESPONSE | FrameFlag.PUSH)) !== 0 || frame.command.kind === 'push') {
      // Clients never send responses or pushes.
      this.respondHeaderOnly(frame, ResponseCode.NO_PERMISSION);
      return;
    }
    if (this.pending >= MAX_PENDING_FRAMES) {
      this.respondHeaderOnly(frame, ResponseCode.SERVER_BUSY);
      return;
    }
    this.pending++;
    this.queue = this.queue
      .then(() => this.handle(frame))
      .catch((error: unknown) => this.host.log.error({ err: error }, 'frame handling failed'))
      .finally(() => this.pending--);
  }

  sendPush<N extends CommandName>(name: N, body: ResponseBodyOf<CommandTable[N]>): void {
    this.sendFrame(name, HEARTBEAT_SERIAL_ID, ResponseCode.OK, FrameFlag.PUSH, body as ProtocolRecord);
  }

  /**
   * A push already encoded (`encodePush`): a routed event going to many sockets is encoded once, not
   * once per socket (team messages, issue 12).
   */
  sendEncodedPush(bytes: Uint8Array): void {
    if (this.state === 'closed') return;
    this.write(bytes);
  }

  /** Closes the link (idempotent); the gateway then forgets the port and tells the others. */
  close(code: number, reason: string): void {
    if (this.state === 'closed') return;
    this.link.close(code, reason);
    this.linkClosed();
  }

  /** The transport reports the link is gone. */
  linkClosed(): void {
    if (this.state === 'closed') return;
    const wasLoggedIn = this.state === 'loggedIn';
    this.currentState = 'closed';
    this.host.connectionClosed(this, wasLoggedIn);
  }

  private async handle(frame: DecodedFrame): Promise<void> {
    if (this.state === 'closed') return;
    const nulAt = pathOfNulText(frame.body);
    if (nulAt) return this.respondError(frame, ResponseCode.PARAMETER_ERROR, `${nulAt} holds the character U+0000, which text may not contain`);
    if (frame.name === 'login') return this.logInWith(logIn, frame);
    if (frame.name === 'chatroomLogin') return this.logInWith(chatroomLogIn, frame);
    if (this.state !== 'loggedIn' && !PRE_LOGIN_COMMANDS.has(frame.name)) {
      return this.respondError(frame, ResponseCode.NO_PERMISSION, 'log in first');
    }
    const scope = this.state === 'loggedIn' ? chatroomScopeProblem(frame.name, this.chatroom !== undefined) : undefined;
    if (scope) return this.respondError(frame, scope.code, scope.message);
    const handler = this.host.handlers[frame.name] as CommandHandler<CommandName> | undefined;
    if (!handler) return this.respondError(frame, CODE_NOT_SUPPORTED, `${frame.name} is not supported by this server`);
    if (this.port && frame.name !== 'heartbeat') {
      const waitSeconds = this.host.limiter.check(this.chatroom?.account ?? this.port.account, frame.name);
      if (waitSeconds > 0) {
        return this.respond(frame, ResponseCode.FREQUENCY_CONTROL, { errMsg: 'frequency control', retryAfterSeconds: waitSeconds });
      }
    }
    const after: (() => Promise<void> | void)[] = [];
    let closeReason: string | undefined;
    // A partial success (813) answers with its code and errMsg beside the body; the change stays committed.
    const partly: { code?: number; errMsg?: string } = {};
    try {
      const context = this.context(after, (reason) => (closeReason = reason), (code, errMsg) => Object.assign(partly, { code, errMsg }));
      const body = (await handler(context, frame.body as never)) as ProtocolRecord;
      if (partly.code !== undefined) this.respond(frame, partly.code, { ...body, errMsg: partly.errMsg ?? '' });
      else this.respond(frame, ResponseCode.OK, body);
    } catch (error) {
      if (error instanceof ImServerError) return this.respondError(frame, error.code, error.message);
      this.host.log.error({ err: error, command: frame.name }, 'command failed');
      return this.respondError(frame, ResponseCode.INTERNAL_ERROR, 'internal error');
    }
    for (const task of after) {
      try {
        await task();
      } catch (error) {
        this.host.log.error({ err: error, command: frame.name }, 'post-response task failed');
      }
    }
    if (closeReason) this.close(CloseCode.NORMAL, closeReason);
  }

  /**
   * Runs a login and applies its outcome: a refusal is answered and the link closed shortly after;
   * a success sets the port, nick and state, indexes the connection, answers, then announces.
   */
  private async logInWith(login: LoginFunction, frame: DecodedFrame): Promise<void> {
    if (this.state !== 'awaitingLogin') return this.respondError(frame, ResponseCode.DUPLICATE_OPERATION, 'already logged in');
    this.currentState = 'loggingIn';
    const outcome = await login(this.loginContext(), frame.body);
    if (outcome.kind === 'abandoned') return;
    if (outcome.kind === 'refused') {
      this.respondError(frame, outcome.code, outcome.message);
      this.currentState = 'awaitingLogin';
      setTimeout(() => this.close(CloseCode.LOGIN_FAILED, outcome.message), CLOSE_AFTER_REFUSAL_MS).unref();
      return;
    }
    this.currentPort = outcome.port;
    this.currentNick = outcome.nick;
    this.currentChatroom = outcome.chatroom;
    this.currentState = 'loggedIn';
    this.host.connectionLoggedIn(this);
    this.respond(frame, ResponseCode.OK, await outcome.answer());
    await outcome.announce();
  }

  private loginContext(): LoginContext {
    return {
      appKey: this.host.options.appKey,
      tokenSecret: this.host.options.tokenSecret,
      services: this.host.services,
      router: this.host.router,
      now: () => this.host.now(),
      newConnectionId: () => this.newConnectionId(),
      isClosed: () => this.isClosed(),
    };
  }

  private context(
    after: (() => Promise<void> | void)[],
    closeAfter: (reason: string) => void,
    answerPartly: (code: number, errMsg: string) => void,
  ): CommandContext {
    const port = this.port as PortRecord;
    return {
      port,
      nick: this.nick,
      chatroom: this.chatroom,
      services: this.host.services,
      listPorts: (account = port.account) => this.host.router.listPorts(account),
      publish: (account, event) => this.host.router.publish(account, event),
      publishToMany: (accounts, event) => this.host.router.publishToMany(accounts, event),
      pushToSelf: (name, body) => this.sendPush(name, body),
      afterResponse: (task) => after.push(task),
      closeAfterResponse: closeAfter,
      answerPartly,
      sentHere: this.sentHere,
    };
  }

  respond(frame: FrameHeader & { name: CommandName }, code: number, body: ProtocolRecord): void {
    this.sendFrame(frame.name, frame.serialId, code, FrameFlag.RESPONSE, body);
  }

  respondError(frame: FrameHeader & { name: CommandName }, code: number, message: string): void {
    this.respond(frame, code, { errMsg: message });
  }

  private sendFrame(name: CommandName, serialId: number, code: number, flags: number, body: ProtocolRecord): void {
    if (this.state === 'closed') return;
    let bytes: Uint8Array;
    try {
      bytes = encodeFrame({ name, serialId, code, flags, body });
    } catch (error) {
      this.host.log.error({ err: error, command: name }, 'response could not be encoded');
      bytes = headerOnlyFrame({ ...commandIds(name), serialId }, ResponseCode.INTERNAL_ERROR);
    }
    this.write(bytes);
  }

  private write(bytes: Uint8Array): void {
    if (this.link.bufferedBytes > this.host.options.maxBufferedBytes) {
      this.close(CloseCode.SLOW_CONSUMER, 'client is not reading');
      return;
    }
    try {
      this.link.send(bytes);
    } catch (error) {
      this.host.log.warn({ err: error }, 'send failed');
      this.close(CloseCode.GOING_AWAY, 'send failed');
    }
  }

  private respondHeaderOnly(header: FrameHeader, code: number): void {
    this.write(headerOnlyFrame(header, code));
  }

  /**
   * Answers a frame that does not decode: 999 for a well-formed frame of an unknown command, 997
   * otherwise, echoing the header when it can be read. Too many of them close the link.
   */
  private rejectMalformed(data: Uint8Array, error: unknown): void {
    const code = error instanceof UnknownCommandError ? ResponseCode.PROTOCOL_UNKNOWN_COMMAND : ResponseCode.PROTOCOL_UNPACK_ERROR;
    let header: FrameHeader = { serviceId: 0, commandId: 0, serialId: 0, code: 0, flags: 0 };
    if (error instanceof UnknownCommandError) header = error.header;
    else {
      try {
        header = decodeFrameHeader(data);
      } catch {
        // No readable header: answer on service 0 / command 0.
      }
    }
    this.respondHeaderOnly(header, code);
    this.malformedFrames++;
    if (!(error instanceof ProtocolError)) this.host.log.error({ err: error }, 'decoder threw a non-protocol error');
    if (this.malformedFrames > this.host.options.maxMalformedFrames) {
      this.close(CloseCode.PROTOCOL_ERROR, 'too many malformed frames');
    }
  }

  isClosed(): boolean {
    return this.state === 'closed';
  }

  newConnectionId(): string {
    return randomUUID();
  }
}

function commandIds(name: CommandName): { serviceId: number; commandId: number } {
  const command = commandByName(name);
  return { serviceId: command?.serviceId ?? 0, commandId: command?.commandId ?? 0 };
}

/**
 * A response frame with no body, for frames whose command has no schema to encode with (unknown
 * pairs, unreadable headers). Layout per docs/protocol.md "Frame": version, flags, service,
 * command, serial (u16), code (u16).
 */
export function headerOnlyFrame(header: Pick<FrameHeader, 'serviceId' | 'commandId' | 'serialId'>, code: number): Uint8Array {
  const bytes = new Uint8Array(FRAME_HEADER_BYTES);
  bytes[0] = PROTOCOL_VERSION;
  bytes[1] = FrameFlag.RESPONSE;
  bytes[2] = header.serviceId & 0xff;
  bytes[3] = header.commandId & 0xff;
  bytes[4] = (header.serialId >>> 8) & 0xff;
  bytes[5] = header.serialId & 0xff;
  bytes[6] = (code >>> 8) & 0xff;
  bytes[7] = code & 0xff;
  return bytes;
}

/** The bytes of a push frame, as `sendPush` would send them (for `sendEncodedPush`). */
export function encodePush(name: CommandName, body: ProtocolRecord): Uint8Array {
  return encodeFrame({ name, serialId: HEARTBEAT_SERIAL_ID, code: ResponseCode.OK, flags: FrameFlag.PUSH, body });
}
