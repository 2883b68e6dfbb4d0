import type { FastifyInstance } from 'fastify';
import { DEFAULT_REPORTER_DISPATCH, parseReport, type ReporterDispatchConfig, type ReporterEventService } from '../domain/stats/reporter-events';

export interface ReporterRouteOptions {
  /** The one app key this server serves; dispatcher asks and reports of another are refused (403). */
  appKey: string;
  /** What the dispatcher answers (config.reporter); fields left out take the §9 defaults. */
  dispatch: () => Partial<ReporterDispatchConfig>;
}

/** Dispatcher and report paths (im-client-spec §7 statistics calls; docs/im-background.md "Reporter"). */
export const STATS_DISPATCHER_PATH = '/stats/dispatcher';
export const STATS_REPORT_PATH = '/stats/report';

const queryText = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The statistics dispatcher and report endpoint (§7):
 * - GET /stats/dispatcher?deviceId&sdktype&sdkVer&platform&appkey answers {code: 200, maxSize, maxInterval,
 *   minInterval, maxDelay} (seconds), or {code: 415} when reporting is off;
 * - POST /stats/report {common, event} stores the batch and answers {code: 200, stored}.
 * Missing or malformed fields get 400 {code: 414, msg, field}; another app key 403 {code: 403}; nothing is stored then.
 */
export function registerReporterRoutes(app: FastifyInstance, service: () => ReporterEventService, options: ReporterRouteOptions): void {
  app.get(STATS_DISPATCHER_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const appkey = queryText(query.appkey);
    const deviceId = queryText(query.deviceId);
    if (!appkey) return reply.code(400).send({ code: 414, msg: 'appkey is required', field: 'appkey' });
    if (!deviceId) return reply.code(400).send({ code: 414, msg: 'deviceId is required', field: 'deviceId' });
    if (appkey !== options.appKey) return reply.code(403).send({ code: 403, msg: 'unknown app key' });
    const { enabled, ...config } = { ...DEFAULT_REPORTER_DISPATCH, ...options.dispatch() };
    return enabled ? { code: 200, ...config } : { code: 415, msg: 'reporting is off' };
  });

  app.post(STATS_REPORT_PATH, async (request, reply) => {
    const parsed = parseReport(request.body);
    if (!parsed.ok) return reply.code(400).send({ code: 414, msg: parsed.message, field: parsed.field });
    if (parsed.common.appkey !== options.appKey) return reply.code(403).send({ code: 403, msg: 'unknown app key' });
    const stored = await service().store(options.appKey, parsed.common, parsed.events);
    return { code: 200, stored };
  });
}
