import { HttpClient, type HttpTimers } from '../http';

// The network probes (im-client-spec §4 "Network type is decided by two probes (IPv4 and IPv6)",
// §7 "IP probing: two GETs (IPv4, IPv6)", §9 "location probe 2 s"; docs/im-background.md
// "Telemetry and probes"). The two GETs run side by side before each location lookup, and what
// answered decides the `networkType` sent to the location service.

/** §9 "location probe 2 s": each probe GET gives up after this long. */
export const NETWORK_PROBE_TIMEOUT_MS = 2000;

/**
 * §7 networkType (0, 1 or 2). The spec does not say which number means what; ours, documented in
 * docs/im-background.md: 0 = IPv4 (also "nothing answered", the value sent before probes existed),
 * 1 = IPv6 only, 2 = both.
 */
export const NetworkType = { ipv4: 0, ipv6: 1, dualStack: 2 } as const;
export type NetworkTypeValue = (typeof NetworkType)[keyof typeof NetworkType];

export interface NetworkProbeOptions {
  /** A URL reached over IPv4 only (im-server: {server}/stats/probe/ipv4 on its IPv4 address). */
  ipv4Url: string;
  /** A URL reached over IPv6 only (im-server: {server}/stats/probe/ipv6 on its IPv6 address). */
  ipv6Url: string;
  fetch?: typeof globalThis.fetch;
  timers?: HttpTimers;
  /** Default NETWORK_PROBE_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * A probe passes when its GET answers 2xx within the timeout. The body is not trusted: whatever the
 * probe host answers (garbage, HTML, nothing), only the status counts, and no failure escapes.
 */
async function probe(http: HttpClient, url: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await http.get(url, { timeoutMs });
    return response.ok;
  } catch {
    return false;
  }
}

/** Runs both probes at once and answers the network type (never rejects). */
export async function probeNetworkType(options: NetworkProbeOptions): Promise<NetworkTypeValue> {
  const http = new HttpClient({ fetch: options.fetch, timers: options.timers });
  const timeoutMs = options.timeoutMs ?? NETWORK_PROBE_TIMEOUT_MS;
  const [v4, v6] = await Promise.all([probe(http, options.ipv4Url, timeoutMs), probe(http, options.ipv6Url, timeoutMs)]);
  if (v4 && v6) return NetworkType.dualStack;
  if (v6) return NetworkType.ipv6;
  return NetworkType.ipv4;
}

/** The connection's `networkTypeProbe` option built from the probe URLs. */
export function createNetworkTypeProbe(options: NetworkProbeOptions): () => Promise<number> {
  return () => probeNetworkType(options);
}
