// Telemetry constants (im-client-spec §9) and the reading of the location answer's `common.report`
// (§7; docs/protocol.md "Location service"; docs/im-background.md "Telemetry and probes").

/** §9 "failure-report throttle default 60000 ms (server may override)". */
export const LBS_FAILURE_THROTTLE_MS = 60_000;
/** §9 "delay report every 10 s". */
export const MSG_DELAY_FLUSH_INTERVAL_MS = 10_000;
/** §9 "delay report ... above 5 queued entries": a sixth entry sends the beacon at once. */
export const MSG_DELAY_FLUSH_ABOVE = 5;
/** Ours: distinct failed-location reports waiting for the throttle; more are dropped. */
export const LBS_FAILURE_QUEUE_MAX = 20;
/** Ours: beacon entries kept while a send is pending; past it the oldest goes. */
export const MSG_DELAY_QUEUE_MAX = 1000;
/** Ours: a server-given throttle is taken between 1 s and 1 h; anything else keeps the default. */
export const LBS_FAILURE_THROTTLE_MIN_MS = 1000;
export const LBS_FAILURE_THROTTLE_MAX_MS = 3_600_000;

/**
 * `common.report` of the location answer: `{lbsFailureUrl, msgDelayUrl, throttleMs}`, every field
 * optional. The spec names the key and not its shape; this one is ours (docs/protocol.md).
 */
export interface ReportSettings {
  lbsFailureUrl?: string;
  msgDelayUrl?: string;
  throttleMs?: number;
}

const httpUrl = (value: unknown): string | undefined => (typeof value === 'string' && /^https?:\/\//i.test(value) ? value : undefined);

/** Reads `common.report`; a field that is missing or malformed is left out (the client's defaults stand). */
export function readReportSettings(report: unknown): ReportSettings {
  if (!report || typeof report !== 'object' || Array.isArray(report)) return {};
  const r = report as Record<string, unknown>;
  const settings: ReportSettings = {};
  const lbsFailureUrl = httpUrl(r.lbsFailureUrl);
  const msgDelayUrl = httpUrl(r.msgDelayUrl);
  if (lbsFailureUrl) settings.lbsFailureUrl = lbsFailureUrl;
  if (msgDelayUrl) settings.msgDelayUrl = msgDelayUrl;
  const throttle = r.throttleMs;
  if (typeof throttle === 'number' && Number.isInteger(throttle) && throttle >= LBS_FAILURE_THROTTLE_MIN_MS && throttle <= LBS_FAILURE_THROTTLE_MAX_MS) settings.throttleMs = throttle;
  return settings;
}
