import type { HttpTimers } from '../http';

// The CDN host (im-client-spec §4 "After login: fetch the CDN host…", §7 getNosCdnHost, §9 "CDN host
// refresh timer is 800 times the expiry; -1 permanent, 0 none"). The answer names a CDN domain and the
// object-store URL prefix it serves; file URLs under that prefix are read through the CDN instead.

/** §9: the refresh timer is 800 × the expiry. The expiry is in seconds, so this is 80 % of it, in ms. */
export const CDN_REFRESH_FACTOR = 800;
/** §9 expiry -1: the host is permanent, never refreshed. */
export const CDN_EXPIRE_PERMANENT = -1;
/** §9 expiry 0: there is no CDN; file URLs stay as the object store gave them. */
export const CDN_EXPIRE_NONE = 0;

/** The getNosCdnHost answer (§7; docs/protocol.md). */
export interface CdnHostInfo {
  /** The CDN's host ("cdn.example.com") or base URL ("https://cdn.example.com/files"). */
  cdnDomain: string;
  /** The object-store URL prefix the CDN serves ("http://127.0.0.1:3200/nos/"). */
  objectNamePrefix: string;
  /** Seconds; -1 permanent, 0 none. */
  expire: number;
}

/** When to ask again (ms), or undefined for never (-1 permanent, 0 none, anything not a positive number). */
export function cdnRefreshDelayMs(expire: number): number | undefined {
  if (!Number.isFinite(expire) || expire <= 0) return undefined;
  return CDN_REFRESH_FACTOR * expire;
}

/** `url` read through the CDN when it lies under the served prefix; otherwise `url` unchanged. */
export function cdnFileUrl(info: CdnHostInfo | undefined, url: string): string {
  if (!info || info.expire === CDN_EXPIRE_NONE || !info.cdnDomain || !info.objectNamePrefix || !url.startsWith(info.objectNamePrefix)) return url;
  const base = /^[a-z][a-z0-9+.-]*:\/\//i.test(info.cdnDomain) ? info.cdnDomain : `https://${info.cdnDomain}`;
  return `${base.replace(/\/+$/, '')}/${url.slice(info.objectNamePrefix.length).replace(/^\/+/, '')}`;
}

export interface CdnHostOptions {
  /** getNosCdnHost over the connection. */
  fetchHost(): Promise<{ cdnDomain?: string; objectNamePrefix?: string; expire?: number }>;
  timers?: HttpTimers;
  /** Told when a lookup fails (the last known host stays in use). */
  onError?(error: unknown): void;
}

const UNREF_TIMERS: HttpTimers = {
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    (timer as { unref?: () => void }).unref?.();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Keeps the CDN host: asked after every login, then again after 800 × its expiry (§9). A failed
 * lookup keeps the last known host, and the next login asks again.
 */
export class CdnHost {
  private current: CdnHostInfo | undefined;
  private timer: unknown;
  private stopped = false;
  private readonly timers: HttpTimers;

  constructor(private readonly options: CdnHostOptions) {
    this.timers = options.timers ?? UNREF_TIMERS;
  }

  get info(): CdnHostInfo | undefined {
    return this.current;
  }

  /** A file URL as the app should load it: through the CDN when one serves it. */
  fileUrl(url: string): string {
    return cdnFileUrl(this.current, url);
  }

  async refresh(): Promise<void> {
    this.clearTimer();
    this.stopped = false;
    let answer: Awaited<ReturnType<CdnHostOptions['fetchHost']>>;
    try {
      answer = await this.options.fetchHost();
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    if (this.stopped) return;
    const expire = typeof answer.expire === 'number' && Number.isFinite(answer.expire) ? answer.expire : CDN_EXPIRE_NONE;
    this.current = { cdnDomain: answer.cdnDomain ?? '', objectNamePrefix: answer.objectNamePrefix ?? '', expire };
    const delay = cdnRefreshDelayMs(expire);
    this.clearTimer(); // a second refresh may have run meanwhile
    if (delay !== undefined) this.timer = this.timers.setTimeout(() => void this.refresh(), delay);
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private clearTimer(): void {
    if (this.timer === undefined) return;
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
