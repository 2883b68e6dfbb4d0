import { HttpClient, type HttpTimers } from '../http';
import { REPORTER_REQUEST_TIMEOUT_MS } from './reporter-config';
import {
  LBS_FAILURE_QUEUE_MAX,
  LBS_FAILURE_THROTTLE_MS,
  MSG_DELAY_FLUSH_ABOVE,
  MSG_DELAY_FLUSH_INTERVAL_MS,
  MSG_DELAY_QUEUE_MAX,
  readReportSettings,
  type ReportSettings,
} from './telemetry-config';

// Telemetry (issue 30 §4; im-client-spec §7 "Failed location calls reported by POST" and
// "Message-delay statistics beacon", §9 "delay report every 10 s or above 5 queued entries;
// failure-report throttle default 60000 ms (server may override)"; docs/im-background.md
// "Telemetry and probes"). Best effort like the reporter: nothing here waits for an answer before
// messaging goes on, and a dead or garbage-answering endpoint only costs the entries it was sent.

/** A failed location call as the connection tells it (connection/location-service.ts LocationFailure). */
export interface LocationFailureEvent {
  requestUrl: string;
  errorCode: number | string;
}

/** What a received message gives the beacon. */
export interface DelaySample {
  fromAccid: string;
  msgId: string;
  /** The server's time of the message (epoch ms). */
  serverTime: number;
  sessionId: string;
}

/** One beacon entry: the §7 fields, as sent. */
export interface MsgDelayEntry extends DelaySample {
  appkey: string;
  accid: string;
  receiveTime: number;
  platform: string;
  sdk_ver: string;
  manufactor: string;
}

/** The failed-location report body (§7: request_url, appkey, accid, timestamp, error_code, platform, send_time). */
export interface LbsFailureReport {
  request_url: string;
  appkey: string;
  accid: string;
  /** When the call failed (epoch ms). */
  timestamp: number;
  error_code: number | string;
  platform: string;
  /** When this report was sent (epoch ms); later than `timestamp` when the throttle held it. */
  send_time: number;
}

export interface TelemetryOptions {
  appKey: string;
  account: string;
  sdkVersion: string;
  /** Default 'web'. */
  platform?: string;
  /** §7 manufactor; default the browser's navigator.vendor, else ''. */
  manufactor?: string;
  /** Where failed location calls go until a location answer names one (common.report.lbsFailureUrl). */
  lbsFailureUrl?: string;
  /** Where beacons go until a location answer names one (common.report.msgDelayUrl). */
  msgDelayUrl?: string;
  fetch?: typeof globalThis.fetch;
  timers?: HttpTimers;
  now?: () => number;
}

/** What was sent and what was dropped (tests, and an app's diagnostics). */
export interface TelemetryCounts {
  failuresSent: number;
  /** Duplicates, and failures past the queue limit or with nowhere to go. */
  failuresDropped: number;
  beaconsSent: number;
  /** Entries of beacons whose POST failed, and entries past the queue limit. */
  beaconEntriesDropped: number;
}

const UNREF_TIMERS: HttpTimers = {
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    (timer as { unref?: () => void }).unref?.();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const failureKey = (failure: LocationFailureEvent) => `${String(failure.errorCode)} ${failure.requestUrl}`;

export class Telemetry {
  readonly counts: TelemetryCounts = { failuresSent: 0, failuresDropped: 0, beaconsSent: 0, beaconEntriesDropped: 0 };
  private readonly http: HttpClient;
  private readonly timers: HttpTimers;
  private readonly now: () => number;
  private readonly platform: string;
  private readonly manufactor: string;
  private settings: ReportSettings = {};
  private msgStatEnabled = false;
  private stopped = false;
  // Failed location calls: one POST per throttle window, distinct failures wait their turn.
  private readonly failures: (LocationFailureEvent & { timestamp: number })[] = [];
  private lastFailureSentAt: number | undefined;
  private lastFailureKey: string | undefined;
  private failureTimer: unknown;
  private failureSending = false;
  // Beacons: entries wait up to 10 s, or go at once when more than 5 wait.
  private readonly entries: MsgDelayEntry[] = [];
  private beaconTimer: unknown;

  constructor(private readonly options: TelemetryOptions) {
    this.timers = options.timers ?? UNREF_TIMERS;
    this.now = options.now ?? Date.now;
    this.http = new HttpClient({ fetch: options.fetch, timers: this.timers, timeoutMs: REPORTER_REQUEST_TIMEOUT_MS });
    this.platform = options.platform ?? 'web';
    this.manufactor = options.manufactor ?? ((globalThis as { navigator?: { vendor?: string } }).navigator?.vendor || '');
  }

  /** The beacon is on: the last location answer said `msg.stat.enable` true and there is a URL to send to. */
  get beaconEnabled(): boolean {
    return !this.stopped && this.msgStatEnabled && this.msgDelayUrl !== undefined;
  }

  get failureThrottleMs(): number {
    return this.settings.throttleMs ?? LBS_FAILURE_THROTTLE_MS;
  }

  private get msgDelayUrl(): string | undefined {
    return this.settings.msgDelayUrl ?? this.options.msgDelayUrl;
  }

  /** A location answer: `msg.stat.enable` turns the beacon on or off; `common.report` names URLs and the throttle. */
  onLocation(answer: { msgStatEnable: boolean; report: unknown }): void {
    this.settings = readReportSettings(answer.report);
    this.msgStatEnabled = answer.msgStatEnable === true;
    if (!this.beaconEnabled) this.dropEntries();
  }

  /** A failed location call (§7): sent at once, or when the throttle window ends; a duplicate is dropped. */
  onLocationFailed(failure: LocationFailureEvent): void {
    if (this.stopped) return;
    const key = failureKey(failure);
    const throttled = this.lastFailureSentAt !== undefined && this.now() - this.lastFailureSentAt < this.failureThrottleMs;
    const duplicate = this.failures.some((waiting) => failureKey(waiting) === key) || (throttled && this.lastFailureKey === key);
    if (duplicate || this.failures.length >= LBS_FAILURE_QUEUE_MAX) {
      this.counts.failuresDropped += 1;
      return;
    }
    this.failures.push({ requestUrl: failure.requestUrl, errorCode: failure.errorCode, timestamp: this.now() });
    this.pumpFailures();
  }

  /** A message received live: queued for the beacon while it is on, else ignored. */
  onMessage(sample: DelaySample): void {
    if (!this.beaconEnabled) return;
    if (this.entries.length >= MSG_DELAY_QUEUE_MAX) {
      this.entries.shift();
      this.counts.beaconEntriesDropped += 1;
    }
    this.entries.push({
      appkey: this.options.appKey, accid: this.options.account, fromAccid: sample.fromAccid, msgId: sample.msgId, serverTime: sample.serverTime,
      receiveTime: this.now(), sessionId: sample.sessionId, platform: this.platform, sdk_ver: this.options.sdkVersion, manufactor: this.manufactor,
    });
    if (this.entries.length > MSG_DELAY_FLUSH_ABOVE) this.flushBeacon();
    else if (this.beaconTimer === undefined) this.beaconTimer = this.timers.setTimeout(() => this.flushBeacon(), MSG_DELAY_FLUSH_INTERVAL_MS);
  }

  stop(): void {
    this.stopped = true;
    this.dropEntries();
    if (this.failureTimer !== undefined) this.timers.clearTimeout(this.failureTimer);
    this.failureTimer = undefined;
    this.failures.splice(0);
  }

  private dropEntries(): void {
    if (this.beaconTimer !== undefined) this.timers.clearTimeout(this.beaconTimer);
    this.beaconTimer = undefined;
    this.entries.splice(0);
  }

  private flushBeacon(): void {
    if (this.beaconTimer !== undefined) this.timers.clearTimeout(this.beaconTimer);
    this.beaconTimer = undefined;
    const url = this.msgDelayUrl;
    const list = this.entries.splice(0);
    if (list.length === 0 || !url) return;
    void this.http.post(url, { json: { list } }).then(
      (response) => {
        if (response.ok) this.counts.beaconsSent += 1;
        else this.counts.beaconEntriesDropped += list.length;
      },
      () => (this.counts.beaconEntriesDropped += list.length),
    );
  }

  private pumpFailures(): void {
    if (this.stopped || this.failureSending || this.failureTimer !== undefined || this.failures.length === 0) return;
    const wait = this.lastFailureSentAt === undefined ? 0 : this.lastFailureSentAt + this.failureThrottleMs - this.now();
    if (wait > 0) {
      this.failureTimer = this.timers.setTimeout(() => {
        this.failureTimer = undefined;
        this.pumpFailures();
      }, wait);
      return;
    }
    const failure = this.failures.shift()!;
    const url = this.settings.lbsFailureUrl ?? this.options.lbsFailureUrl;
    if (!url) {
      this.counts.failuresDropped += 1;
      this.pumpFailures();
      return;
    }
    const report: LbsFailureReport = {
      request_url: failure.requestUrl, appkey: this.options.appKey, accid: this.options.account, timestamp: failure.timestamp,
      error_code: failure.errorCode, platform: this.platform, send_time: this.now(),
    };
    this.lastFailureSentAt = report.send_time;
    this.lastFailureKey = failureKey(failure);
    this.failureSending = true;
    void this.http
      .post(url, { json: report })
      .then(
        (response) => (response.ok ? (this.counts.failuresSent += 1) : (this.counts.failuresDropped += 1)),
        () => (this.counts.failuresDropped += 1),
      )
      .finally(() => {
        this.failureSending = false;
        this.pumpFailures();
      });
  }
}
