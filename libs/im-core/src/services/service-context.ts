import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { RequestName } from '../connection/im-connection';
import type { CommandTable } from '../protocol/commands';
import type { ImMessage, ImSession } from '../store/entities';
import type { Store } from '../store/store';
import type { UnreadRules } from '../model/session-state';

/** The request half of the connection, which is all a service may use (STYLE.md layers). */
export interface CommandRequester {
  request<N extends RequestName>(name: N, body: RequestBodyOf<CommandTable[N]>): Promise<ResponseBodyOf<CommandTable[N]>>;
}

/** Events the services raise; the client forwards them to the app. */
export interface ServiceEvents {
  /** A new message (live or from another device); not raised for this client's own sends. */
  msg: ImMessage;
  /** A stored message changed, e.g. an outgoing one went sending → success | fail. */
  msgUpdate: ImMessage;
  /** Sessions that changed. */
  sessions: ImSession[];
}

export interface ServiceContext extends UnreadRules {
  readonly account: string;
  readonly connection: CommandRequester;
  /** The store in use (it may change once, from none to IndexedDB or memory, at login). */
  store(): Store;
  now(): number;
  createIdClient(): string;
  emit<E extends keyof ServiceEvents>(event: E, payload: ServiceEvents[E]): void;
}
