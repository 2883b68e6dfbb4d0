import { ImError } from '../errors/im-error';
import { CommandName, CommandTable } from '../protocol/commands';
import { ResponseBodyOf } from '../protocol/command-definition';
import { LoginPortRecordValue } from '../protocol/records';
import { FetchLike, Timers, TransportKind, WebSocketConstructor } from '../transport/transport';
import { ConnectionState } from './connection-state';
import type { LocationFailure, LocationResult } from './location-service';
import type { LoginPortsChange } from './login-ports';
import { ReconnectOptions } from './reconnect-options';
import { ConnectionTiming } from './timing';

/** Public types of ImConnection (docs/decisions/0001: connect, request, events). */

export type PushName = { [N in CommandName]: CommandTable[N]['kind'] extends 'push' ? N : never }[CommandName];
export type RequestName = Exclude<{ [N in CommandName]: CommandTable[N]['kind'] extends 'request' ? N : never }[CommandName], 'heartbeat' | 'login'>;
export type ImPush = { [N in PushName]: { name: N; body: ResponseBodyOf<CommandTable[N]> } }[PushName];

/** Browser-like source of `online` / `offline` events (window in browsers). */
export interface NetworkEventSource {
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export interface ImConnectionOptions extends ReconnectOptions {
  lbsUrl: string;
  appKey: string;
  account: string;
  /**
   * The IM token for login. Optional when `getToken` is given: the first login then asks for one.
   */
  token?: string;
  /**
   * Asks the app for a fresh IM token (as centrifuge-js's getToken): called before the first login
   * when no `token` was given, and when the server refuses a token at login (302, e.g. expired).
   * The client then logs in again with the new token; a refusal of a token fresh from getToken
   * is final (as without getToken). A rejection is retried with the reconnect back-off.
   */
  getToken?: (context: GetTokenContext) => Promise<string>;
  /** Browser WebSocket by default; Node users pass `ws`. */
  WebSocketImpl?: WebSocketConstructor;
  fetch?: FetchLike;
  transports?: readonly TransportKind[];
  /** 0, 1 or 2 (§7); decided by the caller's probes. */
  networkType?: number;
  /**
   * §4 "Network type is decided by two probes": asked before each location lookup; an answer other
   * than 0, 1 or 2, or a failure, sends `networkType` (default 0). See background/probes.ts.
   */
  networkTypeProbe?: () => Promise<number>;
  deviceId?: string;
  timing?: Partial<ConnectionTiming>;
  timers?: Timers;
  /** Wall clock, for server-time offset and sleep detection. */
  now?: () => number;
  random?: () => number;
  /** Defaults to `window` where there is one; pass null to ignore network events. */
  networkEvents?: NetworkEventSource | null;
}

export interface GetTokenContext {
  account: string;
  /** 'initial': no token yet; 'refused': the server refused the last one (302). */
  reason: 'initial' | 'refused';
}

export interface LoginResult {
  connectionId: string;
  /** The account's other logged-in ports (§4 "reports other logged-in ports"). */
  loginPorts: LoginPortRecordValue[];
  /** serverTime − localTime, measured with half the round trip (§4). */
  serverTimeOffsetMs: number;
  transport: TransportKind;
  link: string;
}

export interface KickedEvent {
  reason: number;
  text: string;
  error: ImError;
}

export interface DisconnectedEvent {
  error: ImError | undefined;
  willReconnect: boolean;
}

export interface ImConnectionEvents {
  state: (state: ConnectionState, previous: ConnectionState) => void;
  loggedIn: (result: LoginResult) => void;
  push: (push: ImPush) => void;
  kicked: (event: KickedEvent) => void;
  /** The account's other ports changed (a multiPortLogin push, merged into loginPorts). */
  loginPorts: (change: LoginPortsChange) => void;
  disconnected: (event: DisconnectedEvent) => void;
  allAttemptsFailed: (error: ImError) => void;
  /** Custom errors that do not fail a call: missed heartbeats, malformed frames, reported codes. */
  error: (error: ImError) => void;
  /** Each answer of the location service (its msg.stat.enable and common.report feed the telemetry). */
  location: (result: LocationResult) => void;
  /** Each location call that failed (§7 failed-location report). */
  locationFailed: (failure: LocationFailure) => void;
}
