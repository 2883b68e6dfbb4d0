import type { ConnectionState } from '../connection/connection-state';
import type { ImConnectionEvents, ImPush, LoginResult, PushName, RequestName } from '../connection/im-connection';
import { TypedEmitter } from '../connection/typed-emitter';
import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { CommandTable } from '../protocol/commands';
import type { ImConnectionPort } from '../client/connection-port';

type Handler = (body: unknown, fake: FakeConnection) => unknown;

/**
 * An in-process stand-in for ImConnection, for unit tests of the client, the services and the
 * apps: the test scripts the answer per command (`answer`) and the server's pushes (`push`).
 * Integration tests use the real ImConnection against im-server.
 */
export class FakeConnection extends TypedEmitter<ImConnectionEvents> implements ImConnectionPort {
  readonly requests: { name: RequestName; body: unknown }[] = [];
  private readonly handlers = new Map<string, Handler>();
  state: ConnectionState = 'disconnected';

  /** Scripts the answer to a command: return a body (or nothing for {}), or throw to fail it. */
  answer<N extends RequestName>(
    name: N,
    handler: (body: RequestBodyOf<CommandTable[N]>, fake: FakeConnection) => ResponseBodyOf<CommandTable[N]> | Promise<ResponseBodyOf<CommandTable[N]>> | void,
  ): this {
    this.handlers.set(name, handler as Handler);
    return this;
  }

  async connect(): Promise<LoginResult> {
    return this.login();
  }

  /** Goes through the login phases as ImConnection does (also used to simulate a reconnect). */
  login(): LoginResult {
    if (this.state !== 'disconnected') this.setState('disconnected');
    this.setState('connecting');
    this.setState('connected');
    this.setState('loggedIn');
    const result: LoginResult = { connectionId: 'fake-connection', loginPorts: [], serverTimeOffsetMs: 0, transport: 'websocket', link: 'fake://' };
    this.emit('loggedIn', result);
    return result;
  }

  async request<N extends RequestName>(name: N, body: RequestBodyOf<CommandTable[N]>): Promise<ResponseBodyOf<CommandTable[N]>> {
    this.requests.push({ name, body });
    const handler = this.handlers.get(name);
    const answer = handler ? await handler(body, this) : undefined;
    return (answer ?? {}) as ResponseBodyOf<CommandTable[N]>;
  }

  push<N extends PushName>(name: N, body: ResponseBodyOf<CommandTable[N]>): void {
    this.emit('push', { name, body } as ImPush);
  }

  setState(state: ConnectionState): void {
    const previous = this.state;
    this.state = state;
    this.emit('state', state, previous);
  }

  /** Emits any connection event, e.g. kicked or disconnected. */
  fire<E extends keyof ImConnectionEvents>(event: E, ...args: Parameters<ImConnectionEvents[E]>): void {
    this.emit(event, ...args);
  }

  async logout(): Promise<void> {
    this.setState('disconnected');
  }

  destroy(): void {
    this.removeAllListeners();
  }
}
