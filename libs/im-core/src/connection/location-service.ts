import { ImError } from '../errors/im-error';
import { ImErrorName } from '../errors/codes';
import { PROTOCOL_VERSION } from '../protocol/constants';
import { FetchLike, realTimers, Timers } from '../transport/transport';

/** Failure code of the location service when it gives none (im-client-spec §8). */
export const LBS_FAILURE_CODE = 10001;

export interface LocationQuery {
  account: string;
  appKey: string;
  sdkVersion: string;
  /** 0, 1 or 2 (im-client-spec §7). */
  networkType: number;
}

export interface LocationResult {
  /** Links to try in order (common.link). */
  links: string[];
  /** common["link.default"]. */
  defaultLink: string | undefined;
  /** common["lbs.backup"]. */
  backupLbsUrls: string[];
  /** "nos-chunk": the object store's chunk-upload edges, in order (issue 13). */
  uploadEdges: string[];
  /** common["msg.stat.enable"]: the message-delay beacon is on (issue 30 §4). */
  msgStatEnable: boolean;
  /** common.report as answered (an object, else undefined); read by background/telemetry.ts. */
  report: Readonly<Record<string, unknown>> | undefined;
}

/** A location call that gave no usable answer (§7 "Failed location calls reported"). */
export interface LocationFailure {
  /** The URL asked, with its query. */
  requestUrl: string;
  /** The HTTP status, or ETIMEDOUT / a network error name when there was no answer. */
  errorCode: number | string;
}

export interface LocationLookupOptions {
  lbsUrl: string;
  query: LocationQuery;
  fetch: FetchLike;
  backupRetryMs: number;
  timeoutMs: number;
  timers?: Timers;
  /** A default link known in advance (e.g. from a previous answer), used when every lookup fails. */
  fallbackDefaultLink?: string;
  /** Backup lbs URLs known from an earlier answer, for when the main lbs URL is down. */
  knownBackupUrls?: string[];
  /** Receives each successful answer, so the caller can cache backups and the default link. */
  onResult?: (result: LocationResult) => void;
  /** Told of each location call that failed (issue 30 §4), for the failed-location report. */
  onFailure?: (failure: LocationFailure) => void;
}

function asStrings(value: unknown): string[] {
  if (typeof value === 'string' && value) return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.length > 0);
  return [];
}

/** The location URL with its query (§7: id, sv, pv, networkType, k). */
export function locationRequestUrl(url: string, query: LocationQuery): string {
  const params = new URLSearchParams({
    id: query.account,
    sv: query.sdkVersion,
    pv: String(PROTOCOL_VERSION),
    networkType: String(query.networkType),
    k: query.appKey,
  });
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}${params.toString()}`;
}

/** Thrown for a location answer that is not 2xx; `status` is the failed-location report's error_code. */
class LocationHttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

function failureCode(error: unknown): number | string {
  if (error instanceof LocationHttpError) return error.status;
  // Our timer aborts the call: the fetch rejects with an AbortError.
  if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'ETIMEDOUT';
  if (error instanceof SyntaxError) return 'BAD_ANSWER';
  return error instanceof Error && error.name ? error.name : 'Connect_Failed';
}

/** GET {lbsUrl}?id&sv&pv&networkType&k and parse its `common` block (im-client-spec §7). */
export async function fetchLocation(url: string, query: LocationQuery, fetchImpl: FetchLike, timeoutMs: number, timers: Timers = realTimers): Promise<LocationResult> {
  const abort = new AbortController();
  const timer = timers.setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await fetchImpl(locationRequestUrl(url, query), { signal: abort.signal });
    if (!response.ok) throw new LocationHttpError(response.status);
    const body = (await response.json()) as ({ common?: Record<string, unknown> } & Record<string, unknown>) | null;
    if (!body || typeof body !== 'object') throw new SyntaxError('the location answer is not a JSON object');
    const common = body?.common && typeof body.common === 'object' ? body.common : {};
    const report = common.report;
    return {
      links: asStrings(common.link),
      defaultLink: asStrings(common['link.default'])[0],
      backupLbsUrls: asStrings(common['lbs.backup']),
      uploadEdges: asStrings(body?.['nos-chunk']),
      msgStatEnable: common['msg.stat.enable'] === true,
      report: report && typeof report === 'object' && !Array.isArray(report) ? (report as Record<string, unknown>) : undefined,
    };
  } finally {
    timers.clearTimeout(timer);
  }
}

/**
 * Resolves the links to connect to (im-client-spec §4 "Location lookup"): the main lbs URL, then
 * the backup URLs one every 2 s, then the default link; otherwise throws Connect_Failed (10001).
 */
export async function lookupLinks(options: LocationLookupOptions): Promise<string[]> {
  const timers = options.timers ?? realTimers;
  let defaultLink = options.fallbackDefaultLink;
  let backups: string[] = options.knownBackupUrls ?? [];
  const tried: string[] = [];
  const attempt = async (url: string): Promise<string[] | undefined> => {
    tried.push(url);
    try {
      const result = await fetchLocation(url, options.query, options.fetch, options.timeoutMs, timers);
      options.onResult?.(result);
      defaultLink = result.defaultLink ?? defaultLink;
      if (result.backupLbsUrls.length > 0) backups = result.backupLbsUrls;
      if (result.links.length === 0) options.onFailure?.({ requestUrl: locationRequestUrl(url, options.query), errorCode: 'NO_LINK' });
      return result.links.length > 0 ? result.links : undefined;
    } catch (error) {
      options.onFailure?.({ requestUrl: locationRequestUrl(url, options.query), errorCode: failureCode(error) });
      return undefined;
    }
  };
  const links = await attempt(options.lbsUrl);
  if (links) return links;
  for (const backup of backups) {
    await new Promise<void>((resolve) => timers.setTimeout(resolve, options.backupRetryMs));
    const found = await attempt(backup);
    if (found) return found;
  }
  if (defaultLink) return [defaultLink];
  throw new ImError(ImErrorName.Connect_Failed, `location service failed (${tried.join(', ')})`, { code: LBS_FAILURE_CODE });
}
