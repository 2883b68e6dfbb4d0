import { Reporter, type ReporterOptions, type ReporterPort } from '../background/reporter';
import type { ConnectionState } from '../connection/connection-state';
import type { DisconnectedEvent, KickedEvent } from '../connection/connection-types';
import { IM_CORE_SDK_VERSION } from '../connection/im-connection';
import { DISCONNECT_CALLBACK_TIMEOUT_MS } from '../connection/timing';
import { ImError, ImErrorName } from '../errors';
import { Telemetry, type TelemetryOptions } from '../background/telemetry';
import type { ImMessage } from '../store/entities';
import { CdnHost } from './cdn-host';
import type { ImConnectionPort } from './connection-port';

// What the client runs beside messaging (docs/im-background.md): the CDN host after every login and
// the reporter (§4 Reporter) fed with connection events, §8's 408/415/500, the custom errors
// (SYNC_DATA_ERROR and the others, heartbeat errors) and upload failures. Nothing here can hold up
// messaging: reports are queued, lookups run on their own.

/** The reporter's settings an app gives (the rest comes from the connection's options). */
export interface ImReporterSettings {
  /** §7 statistics dispatcher URL (im-server: {server}/stats/dispatcher). */
  dispatcherUrl: string;
  /** §7 statistics report URL (im-server: {server}/stats/report). */
  reportUrl: string;
  /** Default: the connection's deviceId, else one made for this client. */
  deviceId?: string;
  platform?: string;
}

/**
 * The telemetry an app turns on (issue 30 §4; docs/im-background.md "Telemetry and probes"): where failed
 * location calls and message-delay beacons go until a location answer's `common.report` names other URLs.
 * The probes are the connection's `networkTypeProbe` option (background/probes.ts createNetworkTypeProbe).
 */
export interface ImTelemetrySettings {
  /** im-server: {server}/stats/lbs-failure. */
  lbsFailureUrl?: string;
  /** im-server: {server}/stats/msg-delay. */
  msgDelayUrl?: string;
  platform?: string;
  manufactor?: string;
}

/** Builds the telemetry an app asked for in createImClient's `telemetry` option. */
export function createClientTelemetry(settings: ImTelemetrySettings, connection: { appKey: string; account: string }, fetch?: TelemetryOptions['fetch']): Telemetry {
  return new Telemetry({ ...settings, appKey: connection.appKey, account: connection.account, sdkVersion: IM_CORE_SDK_VERSION, fetch });
}

const CUSTOM_ERROR_NAMES: ReadonlySet<string> = new Set([
  ImErrorName.SYNC_DATA_ERROR,
  ImErrorName.SYNC_SESSION_ACK_ERROR,
  ImErrorName.SYNC_promiseArray_ERROR,
  ImErrorName.SYNC_TEAM_MEMBERS_ERROR,
  ImErrorName.HEARTBEAT_ERROR,
]);

/** Builds the reporter an app asked for in createImClient's `reporter` option. */
export function createClientReporter(settings: ImReporterSettings, connection: { appKey: string; account: string; deviceId?: string }, fetch?: ReporterOptions['fetch']): Reporter {
  return new Reporter({
    dispatcherUrl: settings.dispatcherUrl,
    reportUrl: settings.reportUrl,
    appKey: connection.appKey,
    account: connection.account,
    deviceId: settings.deviceId ?? connection.deviceId ?? randomDeviceId(),
    sdkVersion: IM_CORE_SDK_VERSION,
    platform: settings.platform,
    fetch,
  });
}

/** Which report an error makes, if any: §8 408/415/500, the custom errors, upload failures. */
export function reportOfError(error: ImError): Parameters<ReporterPort['report']>[0] | undefined {
  const base = { code: error.code, name: error.errorName, command: error.command, message: error.message };
  if (error.errorName === ImErrorName.Upload_Failed) return { kind: 'uploadFailure', ...base };
  if (error.isReported) return { kind: 'serverError', ...base };
  if (CUSTOM_ERROR_NAMES.has(error.errorName) || error.command === 'heartbeat') return { kind: 'customError', ...base };
  return undefined;
}

export class ClientBackground {
  readonly cdnHost: CdnHost;
  private readonly unsubscribes: (() => void)[] = [];

  constructor(
    private readonly connection: ImConnectionPort,
    private readonly reporter: ReporterPort | undefined,
    logger: { warn(...args: unknown[]): void },
    private readonly telemetry?: Pick<Telemetry, 'onLocation' | 'onLocationFailed' | 'onMessage' | 'stop'>,
  ) {
    this.cdnHost = new CdnHost({
      fetchHost: () => connection.request('getNosCdnHost', {}),
      onError: (error) => logger.warn(`CDN host not loaded: ${String(error)}`),
    });
    this.unsubscribes.push(
      connection.on('loggedIn', () => {
        reporter?.start();
        void this.cdnHost.refresh();
      }),
      connection.on('state', (state: ConnectionState) => reporter?.report({ kind: 'connection', name: state })),
      connection.on('disconnected', (event: DisconnectedEvent) =>
        reporter?.report({ kind: 'connection', name: 'disconnected', code: event.error?.code, command: event.error?.command, message: event.error?.message }),
      ),
      connection.on('kicked', (event: KickedEvent) => reporter?.report({ kind: 'connection', name: 'kicked', code: event.reason, message: event.text })),
      connection.on('allAttemptsFailed', (error: ImError) => reporter?.report({ kind: 'connection', name: error.errorName, message: error.message })),
    );
    if (telemetry) {
      this.unsubscribes.push(
        connection.on('location', (result) => telemetry.onLocation(result)),
        connection.on('locationFailed', (failure) => telemetry.onLocationFailed(failure)),
      );
    }
  }

  /** A message the client received live: a sample for the message-delay beacon (when the server enabled it). */
  messageReceived(message: ImMessage): void {
    if (!this.telemetry || message.flow !== 'in' || !message.idServer) return;
    this.telemetry.onMessage({ fromAccid: message.from, msgId: message.idServer, serverTime: message.time, sessionId: message.sessionId });
  }

  /** An error the client raised (its `error` event) or an upload failure: reported when §8 says so. */
  reportError(error: ImError): void {
    const report = reportOfError(error);
    if (report) this.reporter?.report(report);
  }

  stop(): void {
    this.unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe());
    this.cdnHost.stop();
    this.reporter?.stop();
    this.telemetry?.stop();
  }
}

/**
 * §9 "disconnect callback 10000 ms": runs the logout steps and resolves when they end or when the
 * timeout passes, whichever is first; `onTimeout` then makes sure the socket is closed anyway.
 */
export async function withDisconnectTimeout(steps: Promise<void>, onTimeout: () => void, timeoutMs = DISCONNECT_CALLBACK_TIMEOUT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const first = await Promise.race([steps.then(() => 'done' as const), timedOut]);
    if (first === 'timeout') onTimeout();
  } finally {
    clearTimeout(timer);
  }
}

function randomDeviceId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return crypto?.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

