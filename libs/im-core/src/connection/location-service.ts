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
}

function asStrings(value: unknown): string[] {
  if (typeof value === 'string' && value) return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.length > 0);
  return [];
}

/** GET {lbsUrl}?id&sv&pv&networkType&k and parse its `common` block (im-client-spec §7). */
export async function fetchLocation(url: string, query: LocationQuery, fetchImpl: FetchLike, timeoutMs: number, timers: Timers = realTimers): Promise<LocationResult> {
  const params = new URLSearchParams({
    id: query.account,
    sv: query.sdkVersion,
    pv: String(PROTOCOL_VERSION),
    networkType: String(query.networkType),
    k: query.appKey,
  });
  const separator = url.includes('?') ? '&' : '?';
  const abort = new AbortController();
  const timer = timers.setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await fetchImpl(`${url}${separator}${params.toString()}`, { signal: abort.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as ({ common?: Record<string, unknown> } & Record<string, unknown>) | null;
    const common = body?.common ?? {};
    return {
      links: asStrings(common.link),
      defaultLink: asStrings(common['link.default'])[0],
      backupLbsUrls: asStrings(common['lbs.backup']),
      uploadEdges: asStrings(body?.['nos-chunk']),
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
      return result.links.length > 0 ? result.links : undefined;
    } catch {
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
