import type { FastifyInstance } from 'fastify';
import { parseLbsFailure, parseMsgDelayBeacon, type TelemetryService } from '../domain/stats/telemetry';

// The telemetry's HTTP side (issue 30 §4; im-client-spec §7; docs/im-background.md "Telemetry and
// probes"), beside the reporter's routes. The location answer names these URLs in `common.report`.

export const STATS_LBS_FAILURE_PATH = '/stats/lbs-failure';
export const STATS_MSG_DELAY_PATH = '/stats/msg-delay';
/** §7 "IP probing: two GETs (IPv4, IPv6)": clients reach these over the server's IPv4 and IPv6 addresses. */
export const STATS_PROBE_IPV4_PATH = '/stats/probe/ipv4';
export const STATS_PROBE_IPV6_PATH = '/stats/probe/ipv6';

export interface TelemetryRouteOptions {
  /** The one app key this server serves; reports and beacons of another are refused (403). */
  appKey: string;
}

/**
 * - GET /stats/probe/ipv4 and /stats/probe/ipv6 answer 200 `{family}` (the family the call came over);
 * - POST /stats/lbs-failure stores a failed-location report: {code: 200, stored: true}, or stored false for
 *   a repeat within the throttle window;
 * - POST /stats/msg-delay stores a beacon's entries: {code: 200, stored}.
 * A malformed body gets 400 {code: 414, msg, field}; another app key 403; nothing is stored then.
 */
export function registerTelemetryRoutes(app: FastifyInstance, service: () => TelemetryService, options: TelemetryRouteOptions): void {
  for (const path of [STATS_PROBE_IPV4_PATH, STATS_PROBE_IPV6_PATH]) {
    app.get(path, async (request, reply) => reply.header('cache-control', 'no-store').send({ family: request.socket.remoteFamily ?? '' }));
  }

  app.post(STATS_LBS_FAILURE_PATH, async (request, reply) => {
    const parsed = parseLbsFailure(request.body);
    if (!parsed.ok) return reply.code(400).send({ code: 414, msg: parsed.message, field: parsed.field });
    if (parsed.value.appkey !== options.appKey) return reply.code(403).send({ code: 403, msg: 'unknown app key' });
    const { stored } = await service().storeLbsFailure(parsed.value);
    return { code: 200, stored };
  });

  app.post(STATS_MSG_DELAY_PATH, async (request, reply) => {
    const parsed = parseMsgDelayBeacon(request.body);
    if (!parsed.ok) return reply.code(400).send({ code: 414, msg: parsed.message, field: parsed.field });
    if (parsed.value.some((entry) => entry.appkey !== options.appKey)) return reply.code(403).send({ code: 403, msg: 'unknown app key' });
    return { code: 200, stored: await service().storeDelays(parsed.value) };
  });
}
