import { ImError } from '../errors/im-error';
import { ImErrorName, KickReason, kickReasonText, NAMED_ERROR_TEXTS, ResponseCode } from '../errors/codes';
import { CommandName, COMMANDS, CommandTable } from '../protocol/commands';
import { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import { CLIENT_TYPE_WEB, FrameFlag, HEARTBEAT_SERIAL_ID, PROTOCOL_VERSION } from '../protocol/constants';
import { decodeFrame, DecodedFrame, encodeFrame } from '../protocol/frame';
import { FrequencyControl } from '../protocol/frequency-control';
import { LoginPortRecordValue } from '../protocol/records';
import { applyLoginPortsDelta } from './login-ports';
import { ProtocolRecord } from '../protocol/schema';
import { DEFAULT_TRANSPORT_ORDER, openFirstTransport } from '../transport/connect-transport';
import { FetchLike, ImTransport, realTimers, Timers, WebSocketConstructor } from '../transport/transport';
import { ConnectionState, ConnectionStateMachine } from './connection-state';
import { HeartbeatMonitor } from './heartbeat-monitor';
import { lookupLinks } from './location-service';
import { PendingRequests } from './pending-requests';
import { ReconnectBackoff } from './reconnect-backoff';
import { validateReconnectOptions } from './reconnect-options';
import { ConnectionTiming, DEFAULT_RECONNECTION_ATTEMPTS, DEFAULT_TIMING } from './timing';
import { TypedEmitter } from './typed-emitter';
import { GetTokenContext, ImConnectionEvents, ImConnectionOptions, ImPush, LoginResult, NetworkEventSource, RequestName } from './connection-types';

// Re-exported so `./im-connection` stays the one import for the connection's API.
export type { DisconnectedEvent, GetTokenContext, ImConnectionEvents, ImConnectionOptions, ImPush, KickedEvent, LoginResult, NetworkEventSource, PushName, RequestName } from './connection-types';
import { WakeDetector } from './wake-detector';

/** SDK version sent to the location service (`sv`) and at login. */
export const IM_CORE_SDK_VERSION = '0.1.0';

/** Login answers that no retry can fix (§8: 201, 302, 403, 422): stop instead of reconnecting. */
const FATAL_LOGIN_CODES: ReadonlySet<number> = new Set([201, 302, 403, 422]);

type StopReason = 'logout' | 'kicked' | 'destroyed' | 'allAttemptsFailed' | 'fatal' | 'noReconnect';

/**
 * The connection layer (im-client-spec §4): location lookup, transport, login, heartbeat,
 * reconnect with back-off, kicks. Services talk to it through request() and the push event.
 */
export class ImConnection extends TypedEmitter<ImConnectionEvents> {
  private readonly timing: ConnectionTiming;
  private readonly timers: Timers;
  private readonly now: () => number;
  private readonly machine = new ConnectionStateMachine((to, from) => this.emit('state', to, from));
  private readonly pending: PendingRequests;
  private readonly heartbeat: HeartbeatMonitor;
  private readonly backoff: ReconnectBackoff;
  private readonly networkEvents: NetworkEventSource | undefined;
  private transport: ImTransport | undefined;
  /** Bumped on every attempt and drop: callbacks carrying an older value are stale and ignored. */
  private generation = 0;
  private attempts = 0;
  private reconnectTimer: unknown;
  private readonly wakeDetector: WakeDetector;
  private stopped: StopReason | undefined;
  private waiters: Array<{ resolve(result: LoginResult): void; reject(error: ImError): void }> = [];
  private lastLogin: LoginResult | undefined;
  /** The account's other logged-in ports: the login answer, then every multiPortLogin delta merged in. */
  private otherPorts: LoginPortRecordValue[] = [];
  private loginConnectionId: string | undefined;
  private cachedLinks: string[] | undefined;
  private cachedDefaultLink: string | undefined;
  private cachedUploadEdges: string[] = [];
  private cachedBackupUrls: string[] = [];
  private offset = 0;
  /** The token the next login sends; undefined = ask getToken first. */
  private token: string | undefined;
  /** Why the next getToken call happens. */
  private tokenReason: GetTokenContext['reason'] = 'initial';
  /** The token came from getToken since the last successful login: a refusal of it is final. */
  private tokenIsFresh = false;

  constructor(private readonly options: ImConnectionOptions) {
    super();
    validateReconnectOptions(options);
    if (options.getToken !== undefined && typeof options.getToken !== 'function') throw new ImError(ImErrorName.Param_Error, 'getToken must be a function');
    if (!options.token && !options.getToken) throw new ImError(ImErrorName.Param_Error, 'token or getToken is required');
    this.token = options.token || undefined;
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.timers = options.timers ?? realTimers;
    this.now = options.now ?? Date.now;
    this.backoff = new ReconnectBackoff(this.timing.reconnectBaseDelayMs, this.timing.reconnectMaxDelayMs, options.random);
    this.pending = new PendingRequests(this.timers, new FrequencyControl(this.now), (error) => this.drop(error, 'reconnect'));
    this.heartbeat = new HeartbeatMonitor({
      intervalMs: this.timing.heartbeatIntervalMs,
      timeoutMs: this.timing.heartbeatTimeoutMs,
      timers: this.timers,
      send: () => this.sendFrame(encodeFrame({ name: 'heartbeat', serialId: HEARTBEAT_SERIAL_ID })),
      onMissed: (error) => this.emit('error', error),
      onDead: (error) => this.drop(error, 'reconnect'),
    });
    this.wakeDetector = new WakeDetector(this.timing.wakeCheckIntervalMs, this.timers, this.now, () => this.heartbeat.checkNow());
    const windowLike = (globalThis as { window?: Partial<NetworkEventSource> }).window;
    this.networkEvents = options.networkEvents === null ? undefined : (options.networkEvents ?? (typeof windowLike?.addEventListener === 'function' ? (windowLike as NetworkEventSource) : undefined));
    this.networkEvents?.addEventListener('offline', this.handleOffline);
    this.networkEvents?.addEventListener('online', this.handleOnline);
  }

  get state(): ConnectionState {
    return this.machine.state;
  }

  /** The object store's chunk-upload edges from the last location answer ("nos-chunk"; issue 13). */
  get uploadEdges(): readonly string[] {
    return this.cachedUploadEdges;
  }

  get connectionId(): string | undefined {
    return this.lastLogin?.connectionId;
  }

  /** Other logged-in ports of the account, as of login and the latest multi-port notice. */
  get loginPorts(): LoginResult['loginPorts'] {
    return this.otherPorts;
  }

  /** Server time now, from the offset measured after login. */
  serverNow(): number {
    return this.now() + this.offset;
  }

  /** Resolves on login; while reconnecting it waits for the next successful login. */
  connect(): Promise<LoginResult> {
    if (this.stopped === 'destroyed') return Promise.reject(new ImError(ImErrorName.alreadyDisconnected, 'connection was destroyed'));
    if (this.machine.state === 'loggedIn' && this.lastLogin) return Promise.resolve(this.lastLogin);
    this.stopped = undefined;
    const result = new Promise<LoginResult>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (this.machine.state === 'disconnected' && this.reconnectTimer === undefined) {
      this.attempts = 0;
      void this.runAttempt();
    }
    return result;
  }

  /** Sends a command and resolves its response body; rejects with ImError. */
  request<N extends RequestName>(name: N, body: RequestBodyOf<CommandTable[N]>, options: { timeoutMs?: number } = {}): Promise<ResponseBodyOf<CommandTable[N]>> {
    if (this.machine.state !== 'loggedIn') {
      return Promise.reject(new ImError(ImErrorName.Error_Connection_is_not_Established, `${name}: not logged in (state ${this.machine.state})`, { command: name }));
    }
    return this.send(name, body as ProtocolRecord, options.timeoutMs ?? this.timing.commandTimeoutMs) as Promise<ResponseBodyOf<CommandTable[N]>>;
  }

  /** Logs out; no reconnect follows (§4). */
  async logout(): Promise<void> {
    this.stopped = 'logout';
    this.clearReconnectTimer();
    if (this.machine.state === 'loggedIn') {
      try {
        await this.request('logout', {}, { timeoutMs: Math.min(this.timing.commandTimeoutMs, 2000) });
      } catch {
        // Logging out locally is what matters; the server also drops the socket's session.
      }
    }
    this.drop(new ImError(ImErrorName.alreadyDisconnected, 'logged out'), 'stop');
  }

  /** Logs nothing out: closes everything, removes every listener, and refuses further use. */
  destroy(): void {
    this.stopped = 'destroyed';
    this.clearReconnectTimer();
    this.drop(new ImError(ImErrorName.alreadyDisconnected, 'connection destroyed'), 'stop');
    this.networkEvents?.removeEventListener('offline', this.handleOffline);
    this.networkEvents?.removeEventListener('online', this.handleOnline);
    this.removeAllListeners();
  }

  // ------------------------------------------------------------------ attempts

  private async runAttempt(): Promise<void> {
    this.reconnectTimer = undefined;
    const generation = ++this.generation;
    const isStale = () => generation !== this.generation;
    this.machine.move('connecting');
    try {
      const links = await this.resolveLinks();
      if (isStale()) return;
      if (this.token === undefined) {
        this.token = await this.fetchToken();
        if (isStale()) return;
      }
      const { transport, link } = await this.openTransport(links, generation);
      if (isStale()) {
        transport.close();
        return;
      }
      this.transport = transport;
      this.machine.move('connected');
      const login = await this.send('login', this.loginBody(), this.timing.commandTimeoutMs);
      if (isStale()) return;
      // Set before anything else is awaited: a multiPortLogin delta may follow the answer at once.
      this.loginConnectionId = typeof login.connectionId === 'string' ? login.connectionId : '';
      this.otherPorts = applyLoginPortsDelta([], 'login', (login.loginPorts as LoginPortRecordValue[] | undefined) ?? [], this.loginConnectionId);
      this.machine.move('loggedIn');
      this.attempts = 0;
      this.tokenIsFresh = false;
      this.heartbeat.start();
      this.wakeDetector.start();
      await this.measureServerTime(isStale);
      if (isStale()) return;
      const result: LoginResult = {
        connectionId: this.loginConnectionId,
        loginPorts: this.otherPorts,
        serverTimeOffsetMs: this.offset,
        transport: transport.kind,
        link,
      };
      this.lastLogin = result;
      this.emit('loggedIn', result);
      const waiters = this.waiters.splice(0);
      for (const waiter of waiters) waiter.resolve(result);
    } catch (error) {
      if (isStale()) return;
      const failure = error instanceof ImError ? error : new ImError(ImErrorName.Connect_Failed, String(error), { cause: error });
      if (failure.command === 'login' && failure.code === ResponseCode.WRONG_CREDENTIALS && this.options.getToken && !this.tokenIsFresh) {
        // Expired or refused: ask the app for a fresh token and log in again.
        this.token = undefined;
        this.tokenReason = 'refused';
        this.drop(failure, 'reconnect');
      } else if (failure.code !== undefined && FATAL_LOGIN_CODES.has(failure.code) && failure.command === 'login') {
        this.stopped = 'fatal';
        this.drop(failure, 'stop');
      } else {
        if (failure.errorName === ImErrorName.Connect_Failed) this.cachedLinks = undefined; // look up again next time
        this.drop(failure, 'reconnect');
      }
    }
  }

  private async fetchToken(): Promise<string> {
    const getToken = this.options.getToken;
    if (!getToken) throw new ImError(ImErrorName.Token_Error, 'no token and no getToken');
    let token: unknown;
    try {
      token = await getToken({ account: this.options.account, reason: this.tokenReason });
    } catch (cause) {
      throw new ImError(ImErrorName.Token_Error, `getToken failed: ${String(cause)}`, { cause });
    }
    if (typeof token !== 'string' || token.length === 0) throw new ImError(ImErrorName.Token_Error, 'getToken gave no token');
    this.tokenIsFresh = true;
    return token;
  }

  /** §4 "Network type is decided by two probes": the probe's answer when it is 0, 1 or 2, else the option. */
  private async networkType(): Promise<number> {
    const fallback = this.options.networkType ?? 0;
    if (!this.options.networkTypeProbe) return fallback;
    try {
      const found = await this.options.networkTypeProbe();
      return found === 0 || found === 1 || found === 2 ? found : fallback;
    } catch {
      return fallback;
    }
  }

  private async resolveLinks(): Promise<string[]> {
    if (this.cachedLinks && !this.options.noCacheLinkUrl) return this.cachedLinks;
    const fetchImpl = this.fetchImpl();
    if (!fetchImpl) throw new ImError(ImErrorName.Connect_Failed, 'no fetch available for the location service');
    const links = await lookupLinks({
      lbsUrl: this.options.lbsUrl,
      query: { account: this.options.account, appKey: this.options.appKey, sdkVersion: IM_CORE_SDK_VERSION, networkType: await this.networkType() },
      fetch: fetchImpl,
      backupRetryMs: this.timing.lbsBackupRetryMs,
      timeoutMs: this.timing.lbsTimeoutMs,
      timers: this.timers,
      fallbackDefaultLink: this.cachedDefaultLink,
      knownBackupUrls: this.cachedBackupUrls,
      onResult: (result) => {
        this.cachedDefaultLink = result.defaultLink ?? this.cachedDefaultLink;
        if (result.backupLbsUrls.length > 0) this.cachedBackupUrls = result.backupLbsUrls;
        if (result.uploadEdges.length > 0) this.cachedUploadEdges = result.uploadEdges;
        this.emit('location', result);
      },
      onFailure: (failure) => this.emit('locationFailed', failure),
    });
    this.cachedLinks = links;
    return links;
  }

  private async openTransport(links: string[], generation: number): Promise<{ transport: ImTransport; link: string }> {
    const failures: string[] = [];
    for (const link of links) {
      try {
        const transport = await openFirstTransport(
          link,
          {
            order: this.options.transports ?? DEFAULT_TRANSPORT_ORDER,
            WebSocketImpl: this.options.WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket,
            fetch: this.fetchImpl(),
            connectTimeoutMs: this.timing.connectTimeoutMs,
            longPollRetryDelayMs: this.timing.longPollRetryDelayMs,
            timers: this.timers,
          },
          {
            onFrame: (frame) => {
              if (generation === this.generation) this.handleFrame(frame);
            },
            onClose: (reason) => {
              if (generation === this.generation) this.drop(new ImError(ImErrorName.Error_Internet_Disconnected, `transport closed: ${reason}`), 'reconnect');
            },
          },
        );
        return { transport, link };
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    throw new ImError(ImErrorName.Connect_Failed, failures.join('; ') || 'no link to connect to');
  }

  /** The injected fetch, else the global one called unbound-safe (browsers require `this` = window). */
  private fetchImpl(): FetchLike | undefined {
    if (this.options.fetch) return this.options.fetch;
    if (typeof globalThis.fetch !== 'function') return undefined;
    return (url, init) => globalThis.fetch(url, init as RequestInit) as unknown as ReturnType<FetchLike>;
  }

  private loginBody(): ProtocolRecord {
    return {
      appKey: this.options.appKey,
      account: this.options.account,
      token: this.token,
      clientType: CLIENT_TYPE_WEB,
      sdkVersion: IM_CORE_SDK_VERSION,
      protocolVersion: PROTOCOL_VERSION,
      deviceId: this.options.deviceId,
    };
  }

  /** Offset = server time + half the round trip − local receive time (§4). */
  private async measureServerTime(isStale: () => boolean): Promise<void> {
    const sentAt = this.now();
    try {
      const { time } = await this.send('getServerTime', {}, this.timing.commandTimeoutMs);
      if (isStale() || typeof time !== 'number') return;
      const receivedAt = this.now();
      this.offset = Math.round(time + (receivedAt - sentAt) / 2 - receivedAt);
    } catch {
      // Without the server time the local clock is used; this does not fail the login.
    }
  }

  // ------------------------------------------------------------------ frames

  private send(name: CommandName, body: ProtocolRecord, timeoutMs: number): Promise<ProtocolRecord> {
    const command = COMMANDS[name];
    return this.pending.start(name, command.serviceId, command.commandId, timeoutMs, (serialId) => {
      this.sendFrame(encodeFrame({ name, serialId, body }));
    });
  }

  private sendFrame(frame: Uint8Array): void {
    if (!this.transport) throw new ImError(ImErrorName.Error_Connection_Socket_State_not_Match, 'no open transport');
    try {
      this.transport.send(frame);
    } catch (error) {
      const failure = error instanceof ImError ? error : new ImError(ImErrorName.Error_Connection_Socket_State_not_Match, String(error));
      // A socket that cannot send is gone: drop it after this call has failed (§4).
      queueMicrotask(() => this.drop(failure, 'reconnect'));
      throw failure;
    }
  }

  private handleFrame(bytes: Uint8Array): void {
    let frame: DecodedFrame;
    try {
      frame = decodeFrame(bytes);
    } catch (error) {
      this.emit('error', error as ImError); // unknown or malformed frame: skip it, keep the socket
      return;
    }
    if (frame.flags & FrameFlag.RESPONSE) {
      if (frame.name === 'heartbeat' && frame.serialId === HEARTBEAT_SERIAL_ID) this.heartbeat.answered();
      else this.pending.settle(frame);
      if (frame.code === ResponseCode.REQUEST_TIMEOUT || frame.code === ResponseCode.SERVICE_UNAVAILABLE || frame.code === ResponseCode.INTERNAL_ERROR) {
        this.emit('error', new ImError(ImErrorName.Server_Error, `${frame.name} answered ${frame.code}`, { code: frame.code, command: frame.name }));
      }
      return;
    }
    if (!(frame.flags & FrameFlag.PUSH)) return;
    if (frame.name === 'kicked') {
      this.handleKicked(typeof frame.body.reason === 'number' ? frame.body.reason : 0);
      return;
    }
    if (frame.name === 'multiPortLogin' && Array.isArray(frame.body.ports)) {
      // A delta, not the whole list (issue 31): merge it, keyed by connection id.
      const state = frame.body.state === 'logout' ? 'logout' : 'login';
      const ports = frame.body.ports as LoginPortRecordValue[];
      this.otherPorts = applyLoginPortsDelta(this.otherPorts, state, ports, this.loginConnectionId);
      if (this.lastLogin) this.lastLogin = { ...this.lastLogin, loginPorts: this.otherPorts };
      this.emit('loginPorts', { state, ports, loginPorts: this.otherPorts });
    }
    this.emit('push', { name: frame.name, body: frame.body } as ImPush);
  }

  private handleKicked(reason: number): void {
    if (reason === KickReason.silentlyKick) {
      this.attempts = 0;
      this.drop(undefined, 'reconnect'); // quiet: no kicked event, reconnect (§4)
      return;
    }
    const text = kickReasonText(reason);
    const error = new ImError(ImErrorName.Kicked, text || NAMED_ERROR_TEXTS.Kicked || 'unknown reason', { command: 'kicked' });
    this.stopped = 'kicked';
    this.clearReconnectTimer();
    this.emit('kicked', { reason, text, error });
    this.drop(error, 'stop');
  }

  // ------------------------------------------------------------------ disconnects

  /** Closes the transport, fails what was waiting on it, then reconnects or stops. */
  private drop(error: ImError | undefined, then: 'reconnect' | 'stop'): void {
    this.generation++;
    const hadConnection = this.machine.state !== 'disconnected';
    this.heartbeat.stop();
    this.wakeDetector.stop();
    const transport = this.transport;
    this.transport = undefined;
    transport?.close();
    this.pending.rejectAll(error ?? new ImError(ImErrorName.alreadyDisconnected, 'connection closed before the response'));
    if (hadConnection) this.machine.move('disconnected');
    const willReconnect = then === 'reconnect' && this.mayReconnect();
    if (hadConnection) this.emit('disconnected', { error, willReconnect });
    if (then === 'reconnect') this.scheduleReconnect(error);
    else this.rejectWaiters(error ?? new ImError(ImErrorName.alreadyDisconnected, 'disconnected'));
  }

  private mayReconnect(): boolean {
    return this.stopped === undefined && this.options.needReconnect !== false;
  }

  private scheduleReconnect(cause: ImError | undefined): void {
    if (this.reconnectTimer !== undefined) return;
    if (this.stopped !== undefined) return;
    if (this.options.needReconnect === false) {
      this.stopped = 'noReconnect';
      this.rejectWaiters(cause ?? new ImError(ImErrorName.alreadyDisconnected, 'disconnected'));
      return;
    }
    const maxAttempts = this.options.reconnectionAttempts ?? DEFAULT_RECONNECTION_ATTEMPTS;
    if (this.attempts >= maxAttempts) {
      this.stopped = 'allAttemptsFailed';
      const error = new ImError(ImErrorName.allAttemptsFailed, NAMED_ERROR_TEXTS.allAttemptsFailed ?? 'All attempts failed', { cause });
      this.emit('allAttemptsFailed', error);
      this.rejectWaiters(error);
      return;
    }
    const delay = this.backoff.delay(this.attempts);
    this.attempts++;
    this.reconnectTimer = this.timers.setTimeout(() => void this.runAttempt(), delay);
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer === undefined) return;
    this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  private rejectWaiters(error: ImError): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }

  // ------------------------------------------------------------------ environment

  private readonly handleOffline = (): void => {
    if (this.machine.state === 'disconnected') return;
    this.drop(new ImError(ImErrorName.Error_Internet_Disconnected, 'the browser went offline'), 'reconnect');
  };

  private readonly handleOnline = (): void => {
    if (this.machine.state === 'loggedIn') {
      this.heartbeat.checkNow();
    } else if (this.reconnectTimer !== undefined) {
      this.clearReconnectTimer();
      void this.runAttempt();
    }
  };
}
