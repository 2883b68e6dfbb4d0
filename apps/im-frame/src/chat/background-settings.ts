// The IM client's background services the frame turns on (docs/im-background.md): the reporter, the
// telemetry and the network probes, all on the im-server that serves the frame's location service.
import type { ImReporterSettings, ImTelemetrySettings, NetworkProbeOptions } from '@merchant/im-core';

export interface FrameBackgroundSettings {
  reporter: ImReporterSettings;
  telemetry: ImTelemetrySettings;
  probes: Pick<NetworkProbeOptions, 'ipv4Url' | 'ipv6Url'>;
}

/**
 * im-server's statistics paths beside its location service: `{base}/lbs` gives `{base}/stats/…`
 * (apps/im-server/src/stats/). The location answer's common.report may name other report URLs later.
 * Both probes go to the same host name: the browser reaches it over IPv4, IPv6 or both, so a probe that
 * answers says the family works (docs/im-background.md "Telemetry and probes").
 */
export function frameBackgroundSettings(imLbsUrl: string, probes: { ipv4Url?: string; ipv6Url?: string } = {}): FrameBackgroundSettings {
  const base = imLbsUrl.replace(/\?.*$/, '').replace(/\/lbs\/?$/, '').replace(/\/$/, '');
  return {
    reporter: { dispatcherUrl: `${base}/stats/dispatcher`, reportUrl: `${base}/stats/report` },
    telemetry: { lbsFailureUrl: `${base}/stats/lbs-failure`, msgDelayUrl: `${base}/stats/msg-delay` },
    probes: { ipv4Url: probes.ipv4Url ?? `${base}/stats/probe/ipv4`, ipv6Url: probes.ipv6Url ?? `${base}/stats/probe/ipv6` },
  };
}
