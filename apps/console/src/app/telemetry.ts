// console-spec §7/§8 telemetry: the error reporter (getErrorReportConfig at start, upload through
// insertErrorReport on a configured code) and the operation log (OPEN_APP, CLOSE_APP, USER_LOGIN,
// USER_LOGOUT with operationStartTime in seconds). Nothing here may disturb the merchant: every call
// is silent, every failure is swallowed, and no call can end in the client's timeout reaction.
import {
  createErrorReporter,
  logOperation,
  OPERATION_LOG_PATH,
  type ErrorReporter,
  type OperationType,
  type RequestOptions,
  type SecureClient,
} from '@merchant/secure-transport';
import type { TransportClient } from './transport';

/**
 * Telemetry gives up after this long. It aborts the call itself, before the client's own timer
 * (pushed further out below) would fire, so the client sees a silent network failure instead of a
 * timeout, whose reaction ("request timed out") is shown even for silent calls.
 */
export const TELEMETRY_TIMEOUT_MS = 8_000;

/** What telemetry needs from the client; `onExchange` (the real SecureClient has it) enables the reporter. */
export type TelemetryClient = Pick<TransportClient, 'post'> & Partial<Pick<SecureClient, 'onExchange'>> & {
  /**
   * Fire-and-forget delivery that survives the page going away (navigator.sendBeacon style).
   * Returns false when the beacon could not be queued. Optional: see `closeApp`.
   */
  beacon?(path: string, biz: unknown): boolean;
};

/** The window events telemetry listens to (a real `window`, or a stand-in in tests). */
export type TelemetryTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export interface TelemetryOptions {
  client: TelemetryClient;
  /** Where page hide is observed; omit outside a browser. */
  target?: TelemetryTarget;
  /** Milliseconds clock; injectable for tests. */
  now?: () => number;
}

export interface Telemetry {
  /** The error reporter, when the client can observe its exchanges. */
  reporter: ErrorReporter | null;
  /** Settles when the start-up work (config load, OPEN_APP) is done, whatever its outcome. */
  ready: Promise<void>;
  /** Removes the page listeners and stops recording exchanges. */
  stop(): void;
}

/** The client as telemetry uses it: every post silent, bounded, and never rejecting synchronously. */
function quietClient(client: TelemetryClient): Pick<SecureClient, 'post' | 'onExchange'> {
  return {
    async post<T>(path: string, biz?: unknown, options: RequestOptions = {}): Promise<T> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), TELEMETRY_TIMEOUT_MS);
      try {
        return await client.post<T>(path, biz, { ...options, silent: true, signal: controller.signal, timeoutMs: TELEMETRY_TIMEOUT_MS + 2_000 });
      } finally {
        clearTimeout(timer);
      }
    },
    onExchange: (listener) => client.onExchange?.(listener) ?? (() => undefined),
  };
}

/** Sends one operation-log entry and forgets it; a lost entry must never surface. */
export function recordOperation(client: TelemetryClient, operationType: OperationType, startedAt: number = Date.now()): Promise<void> {
  try {
    return logOperation(quietClient(client), operationType, { startedAt }).then(
      () => undefined,
      () => undefined,
    );
  } catch {
    return Promise.resolve();
  }
}

/**
 * CLOSE_APP while the page goes away. A beacon is the only delivery the browser keeps alive after
 * unload, so it is used when the client offers one. @merchant/secure-transport's client does not:
 * the envelope is built (and, outside mode `none`, encrypted and signed with session keys) inside
 * the client, so a raw navigator.sendBeacon cannot carry it. Then it is a best-effort post, which
 * usually gets out on page hide (tab switch to close, bfcache) and may be lost on a hard unload.
 */
function closeApp(client: TelemetryClient, startedAt: number): void {
  const entry = { operationType: 'CLOSE_APP' as const, operationStartTime: Math.floor(startedAt / 1000) };
  try {
    if (client.beacon?.(OPERATION_LOG_PATH, entry)) return;
  } catch {
    // fall through to the post
  }
  void recordOperation(client, 'CLOSE_APP', startedAt);
}

/** Starts telemetry at console start: reporter first (so it sees OPEN_APP's exchange), then OPEN_APP. */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  const now = options.now ?? Date.now;
  const openedAt = now();
  const { client, target } = options;
  let reporter: ErrorReporter | null = null;
  let configLoad: Promise<unknown> = Promise.resolve();
  if (typeof client.onExchange === 'function') {
    try {
      // createErrorReporter only calls post and onExchange (libs/secure-transport error-report.ts).
      reporter = createErrorReporter({ client: quietClient(client) as SecureClient });
      configLoad = reporter.start().catch(() => false);
    } catch {
      reporter = null;
    }
  }
  const opened = recordOperation(client, 'OPEN_APP', openedAt);

  // pagehide fires on unload and on entering the back/forward cache ('unload' is deprecated and
  // blocks that cache). A page restored from the cache is an app opened again.
  let closed = false;
  const onPageHide = () => {
    if (closed) return;
    closed = true;
    closeApp(client, now());
  };
  const onPageShow = (event: Event) => {
    if (!closed || !(event as PageTransitionEvent).persisted) return;
    closed = false;
    void recordOperation(client, 'OPEN_APP', now());
  };
  target?.addEventListener('pagehide', onPageHide);
  target?.addEventListener('pageshow', onPageShow);

  return {
    reporter,
    ready: Promise.all([configLoad, opened]).then(() => undefined),
    stop() {
      target?.removeEventListener('pagehide', onPageHide);
      target?.removeEventListener('pageshow', onPageShow);
      reporter?.stop();
    },
  };
}
