// The reporter's constants and the statistics dispatcher's answer (im-client-spec §4 Reporter, §7
// "GET to a statistics dispatcher … returns code, maxInterval, maxSize, minInterval, maxDelay", §9).
// The dispatcher answers its times in seconds; the reporter works in ms.

/** §9 "Reporter: maxSize 100": events per batch unless the dispatcher says otherwise. */
export const REPORTER_DEFAULT_MAX_SIZE = 100;
/** §9 "interval 30000 ms": pending events are sent at the latest this long after the first of them. */
export const REPORTER_DEFAULT_INTERVAL_MS = 30_000;
/** §9 "minimum interval 10000 ms": two sends are at least this far apart. */
export const REPORTER_DEFAULT_MIN_INTERVAL_MS = 10_000;
/** §9 "maxDelay 300000 ms": the longest wait before a failed batch is tried again. */
export const REPORTER_DEFAULT_MAX_DELAY_MS = 300_000;
/** §9 "message list max 1000": events waiting to be sent; past it the oldest are dropped. */
export const REPORTER_MESSAGE_LIST_MAX = 1000;
/** §9 "cache max 1000": failed batches kept for retry; past it the oldest batch is dropped. */
export const REPORTER_CACHE_MAX = 1000;
/** §9 "request timeout 5000 ms" for the dispatcher and the report calls (§8 text "request timeout"). */
export const REPORTER_REQUEST_TIMEOUT_MS = 5000;
/** §9 "server configuration clamps interval and size to at most 1000": maxSize ≤ 1000 events. */
export const REPORTER_MAX_SIZE_LIMIT = 1000;
/** §9 the same clamp on the interval: maxInterval ≤ 1000 (seconds, as the dispatcher answers). */
export const REPORTER_MAX_INTERVAL_LIMIT_MS = 1000 * 1000;
/** §9 "minimum interval at least 2 s". */
export const REPORTER_MIN_INTERVAL_FLOOR_MS = 2000;
/** The dispatcher's code for "report" (any other code turns the reporter off). */
export const DISPATCHER_ENABLED_CODE = 200;

/** The reporter's working configuration, in ms and events. */
export interface ReporterConfig {
  maxSize: number;
  intervalMs: number;
  minIntervalMs: number;
  maxDelayMs: number;
}

export const DEFAULT_REPORTER_CONFIG: Readonly<ReporterConfig> = {
  maxSize: REPORTER_DEFAULT_MAX_SIZE,
  intervalMs: REPORTER_DEFAULT_INTERVAL_MS,
  minIntervalMs: REPORTER_DEFAULT_MIN_INTERVAL_MS,
  maxDelayMs: REPORTER_DEFAULT_MAX_DELAY_MS,
};

/** What a dispatcher answer means: report with this configuration, or do not report. */
export type DispatcherDecision = { enabled: true; config: ReporterConfig } | { enabled: false; reason: string };

const positive = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

/**
 * Reads the dispatcher's answer (§7). Not an object, or no numeric code: off ("garbage"). A code other
 * than 200: off (the dispatcher turned reporting off). Code 200: on, each field that is a positive
 * number clamped per §9 (maxSize and maxInterval at most 1000, minInterval at least 2 s), any other
 * field on its default. The periodic interval is never shorter than the minimum interval.
 */
export function readDispatcherAnswer(answer: unknown): DispatcherDecision {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return { enabled: false, reason: 'the dispatcher answered no JSON object' };
  const fields = answer as Record<string, unknown>;
  if (typeof fields.code !== 'number') return { enabled: false, reason: 'the dispatcher answered no code' };
  if (fields.code !== DISPATCHER_ENABLED_CODE) return { enabled: false, reason: `the dispatcher answered code ${fields.code}` };
  const seconds = (value: unknown) => {
    const number = positive(value);
    return number === undefined ? undefined : number * 1000;
  };
  const maxSize = Math.min(Math.max(1, Math.floor(positive(fields.maxSize) ?? REPORTER_DEFAULT_MAX_SIZE)), REPORTER_MAX_SIZE_LIMIT);
  // The minimum interval may not exceed the interval's own limit either, or the periodic send would.
  const minIntervalMs = Math.min(Math.max(seconds(fields.minInterval) ?? REPORTER_DEFAULT_MIN_INTERVAL_MS, REPORTER_MIN_INTERVAL_FLOOR_MS), REPORTER_MAX_INTERVAL_LIMIT_MS);
  const intervalMs = Math.max(Math.min(seconds(fields.maxInterval) ?? REPORTER_DEFAULT_INTERVAL_MS, REPORTER_MAX_INTERVAL_LIMIT_MS), minIntervalMs);
  // maxDelay has no clamp in §9; ours: between the minimum interval and the interval's limit (1000 s).
  const maxDelayMs = Math.max(Math.min(seconds(fields.maxDelay) ?? REPORTER_DEFAULT_MAX_DELAY_MS, REPORTER_MAX_INTERVAL_LIMIT_MS), minIntervalMs);
  return { enabled: true, config: { maxSize, intervalMs, minIntervalMs, maxDelayMs } };
}
