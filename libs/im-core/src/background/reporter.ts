import { HttpClient, type HttpTimers } from '../http';
import {
  DEFAULT_REPORTER_CONFIG,
  readDispatcherAnswer,
  REPORTER_CACHE_MAX,
  REPORTER_MESSAGE_LIST_MAX,
  REPORTER_REQUEST_TIMEOUT_MS,
  type ReporterConfig,
} from './reporter-config';

// The reporter (im-client-spec §4 Reporter: "Starts disabled, loads configuration, then sends
// periodically. Failed batches are cached and retried"; §7 statistics calls; §9 constants in
// reporter-config.ts). Reporting is best effort and never in the way of messaging: report() only
// pushes onto a bounded list, and every HTTP call runs on its own with a 5 s timeout.

/** What the client reports (docs/im-background.md "Reporter"). */
export type ReportKind = 'connection' | 'serverError' | 'customError' | 'uploadFailure';

export interface ReportEvent {
  kind: ReportKind;
  /** Epoch ms. */
  time: number;
  /** The §8 numeric code, or a text code (ETIMEDOUT). */
  code?: number | string;
  /** The §8 named error (SYNC_DATA_ERROR, Error_Timeout…) or the connection step (loggedIn, disconnected…). */
  name?: string;
  command?: string;
  message?: string;
}

/** The small interface the client talks to; tests and apps may give their own. */
export interface ReporterPort {
  report(event: Omit<ReportEvent, 'time'> & { time?: number }): void;
  /** Loads the configuration (after login); a no-op while on or loading. */
  start(): void;
  stop(): void;
}

export interface ReporterOptions {
  /** §7 statistics dispatcher: GET ?deviceId&sdktype&sdkVer&platform&appkey. */
  dispatcherUrl: string;
  /** §7 statistics report endpoint: POST {common, event}. */
  reportUrl: string;
  appKey: string;
  deviceId: string;
  sdkVersion: string;
  /** Default 'web'. */
  platform?: string;
  /** Default 'im'. */
  sdkType?: string;
  /** The logged-in account, sent in `common` (accid). */
  account?: string;
  fetch?: typeof globalThis.fetch;
  timers?: HttpTimers;
  now?: () => number;
  /** Told when the dispatcher turns the reporter off or cannot be read (for the app's log). */
  onDisabled?(reason: string): void;
}

export type ReporterState = 'idle' | 'loading' | 'enabled' | 'disabled';

/** Unref'd in Node: a reporter timer must never keep a process (or a test run) alive on its own. */
const UNREF_TIMERS: HttpTimers = {
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    (timer as { unref?: () => void }).unref?.();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class Reporter implements ReporterPort {
  private readonly http: HttpClient;
  private readonly timers: HttpTimers;
  private readonly now: () => number;
  private stateValue: ReporterState = 'idle';
  private configValue: ReporterConfig | undefined;
  /** Events not yet sent (§9 message list ≤ 1000). */
  private readonly messages: ReportEvent[] = [];
  /** Batches whose send failed, oldest first (§9 cache ≤ 1000). */
  private readonly cache: ReportEvent[][] = [];
  private inFlight = false;
  private lastSendAt: number | undefined;
  private failures = 0;
  private retryAt = 0;
  private timer: unknown;
  private timerAt = Number.POSITIVE_INFINITY;
  private droppedCount = 0;
  private sentCount = 0;

  constructor(private readonly options: ReporterOptions) {
    this.timers = options.timers ?? UNREF_TIMERS;
    this.http = new HttpClient({ fetch: options.fetch, timers: this.timers, timeoutMs: REPORTER_REQUEST_TIMEOUT_MS });
    this.now = options.now ?? Date.now;
  }

  /** §4: starts disabled; on once the dispatcher said so. */
  get enabled(): boolean {
    return this.stateValue === 'enabled';
  }

  get state(): ReporterState {
    return this.stateValue;
  }

  get config(): Readonly<ReporterConfig> | undefined {
    return this.configValue;
  }

  /** Events waiting, batches cached, events dropped past the limits, events sent. */
  get counts(): { pending: number; cachedBatches: number; dropped: number; sent: number } {
    return { pending: this.messages.length, cachedBatches: this.cache.length, dropped: this.droppedCount, sent: this.sentCount };
  }

  /**
   * Asks the dispatcher for the configuration (§7). Down, slow (5 s) or garbage: the reporter stays off
   * and drops what it held; the next start() (the next login) asks again.
   */
  start(): void {
    if (this.stateValue === 'enabled' || this.stateValue === 'loading') return;
    this.stateValue = 'loading';
    void this.loadConfig();
  }

  /** Sends nothing more and clears timers; what is held is dropped. */
  stop(): void {
    this.stateValue = 'disabled';
    this.clearTimer();
    this.messages.length = 0;
    this.cache.length = 0;
  }

  /** Queues one event; never throws, never waits. Ignored while the reporter is off. */
  report(event: Omit<ReportEvent, 'time'> & { time?: number }): void {
    if (this.stateValue === 'disabled') return;
    this.messages.push({ ...event, time: event.time ?? this.now() });
    if (this.messages.length > REPORTER_MESSAGE_LIST_MAX) {
      this.messages.shift();
      this.droppedCount += 1;
    }
    if (this.stateValue === 'enabled') void this.pump();
  }

  private async loadConfig(): Promise<void> {
    let answer: unknown;
    try {
      const response = await this.http.get(this.options.dispatcherUrl, {
        query: {
          deviceId: this.options.deviceId,
          sdktype: this.options.sdkType ?? 'im',
          sdkVer: this.options.sdkVersion,
          platform: this.options.platform ?? 'web',
          appkey: this.options.appKey,
        },
      });
      answer = response.ok ? response.json() : undefined;
      if (!response.ok) return this.disable(`the dispatcher answered HTTP ${response.status}`);
    } catch (error) {
      return this.disable(`the dispatcher failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (this.stateValue !== 'loading') return; // stopped meanwhile
    const decision = readDispatcherAnswer(answer);
    if (!decision.enabled) return this.disable(decision.reason);
    this.configValue = decision.config;
    this.stateValue = 'enabled';
    void this.pump();
  }

  private disable(reason: string): void {
    if (this.stateValue !== 'loading') return;
    this.stateValue = 'disabled';
    this.messages.length = 0;
    this.options.onDisabled?.(reason);
  }

  /**
   * Sends what is due, one call at a time, two calls at least minInterval apart: a cached batch once its
   * retry time came, else the pending events once maxSize of them wait or the first waited the interval.
   * While failed batches wait, full batches of new events join the cache instead of the list overflowing.
   */
  private async pump(): Promise<void> {
    const config = this.configValue;
    if (this.stateValue !== 'enabled' || !config) return;
    // The endpoint is failing: full batches wait in the cache, so the list does not overflow meanwhile.
    if (this.cache.length > 0) while (this.messages.length >= config.maxSize) this.addToCache(this.messages.splice(0, config.maxSize));
    if (this.inFlight) return;
    const now = this.now();
    if (this.lastSendAt !== undefined && now < this.lastSendAt + config.minIntervalMs) {
      this.wakeAt(this.lastSendAt + config.minIntervalMs);
      return;
    }
    if (this.cache.length > 0) {
      if (now >= this.retryAt) return this.send(this.cache[0], true);
      this.wakeAt(this.retryAt);
      return;
    }
    if (this.messages.length === 0) return;
    if (this.messages.length >= config.maxSize || now >= this.messages[0].time + config.intervalMs) {
      return this.send(this.messages.splice(0, config.maxSize), false);
    }
    this.wakeAt(this.messages[0].time + config.intervalMs);
  }

  private async send(batch: ReportEvent[], fromCache: boolean): Promise<void> {
    const config = this.configValue ?? DEFAULT_REPORTER_CONFIG;
    this.inFlight = true;
    this.lastSendAt = this.now();
    let outcome: 'sent' | 'refused' | 'failed';
    try {
      const response = await this.http.post(this.options.reportUrl, { json: this.payload(batch) });
      // A refusal (bad batch, another app key) will not pass on retry: drop it rather than block the rest.
      outcome = response.ok ? 'sent' : response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429 ? 'refused' : 'failed';
    } catch {
      outcome = 'failed'; // timeout (5 s) or network
    }
    this.inFlight = false;
    if (this.stateValue !== 'enabled') return;
    if (outcome === 'failed') {
      if (!fromCache) this.addToCache(batch);
      this.failures += 1;
      // Retries back off from the minimum interval, doubling, up to maxDelay (§9).
      this.retryAt = this.now() + Math.min(config.minIntervalMs * 2 ** Math.min(this.failures - 1, 30), config.maxDelayMs);
    } else {
      if (fromCache) this.cache.shift();
      if (outcome === 'sent') this.sentCount += batch.length;
      else this.droppedCount += batch.length;
      this.failures = 0;
      this.retryAt = 0;
    }
    await this.pump();
  }

  private addToCache(batch: ReportEvent[]): void {
    this.cache.push(batch);
    while (this.cache.length > REPORTER_CACHE_MAX) this.droppedCount += this.cache.shift()?.length ?? 0;
  }

  /** §7 "POST to a statistics report endpoint with common and event payload": events grouped by kind. */
  private payload(batch: readonly ReportEvent[]): { common: Record<string, string>; event: Partial<Record<ReportKind, Omit<ReportEvent, 'kind'>[]>> } {
    const event: Partial<Record<ReportKind, Omit<ReportEvent, 'kind'>[]>> = {};
    for (const { kind, ...rest } of batch) (event[kind] ??= []).push(rest);
    return {
      common: {
        appkey: this.options.appKey,
        deviceId: this.options.deviceId,
        sdktype: this.options.sdkType ?? 'im',
        sdkVer: this.options.sdkVersion,
        platform: this.options.platform ?? 'web',
        ...(this.options.account ? { accid: this.options.account } : {}),
      },
      event,
    };
  }

  private wakeAt(at: number): void {
    if (this.timer !== undefined && this.timerAt <= at) return;
    this.clearTimer();
    this.timerAt = at;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Number.POSITIVE_INFINITY;
      void this.pump();
    }, Math.max(0, at - this.now()));
  }

  private clearTimer(): void {
    if (this.timer === undefined) return;
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }
}
