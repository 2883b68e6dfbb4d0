import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ImServerError } from '../domain/errors';
import type { AntispamService } from '../domain/antispam/antispam-service';
import type { SdkLogService } from '../upload/sdk-logs/sdk-log-service';
import type { TelemetryService } from '../domain/stats/telemetry';
import { DEFAULT_OPERATOR_KEY } from '../config';
import { ACCOUNT_PATTERN } from '../domain/msg/limits';

// The operator's endpoints (issue 30 §2 and §3; docs/im-background.md): the anti-spam lexicon per app
// key and the debug logs accounts uploaded. The `im-server-operator` CLI (operator-cli.ts) calls them.
// Every call needs `Authorization: Bearer <IM_OPERATOR_KEY>`.

export const OPERATOR_PREFIX = '/operator';

export interface OperatorServices {
  antispam: AntispamService;
  sdkLogs: SdkLogService;
  telemetry: TelemetryService;
  /** Kicks an account's ports (all, or one) with reason serverKick; undefined for a port the account does not have. */
  kickPorts(account: string, connectionId?: string): Promise<string[] | undefined>;
}

/** The operator summary covers the last `hours` (default 24, at most 30 days; docs/im-background.md "Operator summary"). */
export const TELEMETRY_SUMMARY_DEFAULT_HOURS = 24;
export const TELEMETRY_SUMMARY_MAX_HOURS = 720;

export interface OperatorRouteOptions {
  operatorKey: string;
  /** In production the development key opens nothing. */
  production: boolean;
  /** The app key the lexicon calls default to. */
  appKey: string;
}

export function registerOperatorRoutes(app: FastifyInstance, services: () => OperatorServices, options: OperatorRouteOptions & { now?: () => number }): void {
  const expected = Buffer.from(options.operatorKey);
  const enabled = !(options.production && options.operatorKey === DEFAULT_OPERATOR_KEY);
  const authorized = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const header = request.headers.authorization ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
    if (enabled && given.length === expected.length && timingSafeEqual(given, expected)) return true;
    void reply.code(401).send({ error: 'the operator key is missing or wrong' });
    return false;
  };
  const failed = (reply: FastifyReply, error: unknown) => {
    if (error instanceof ImServerError) return reply.code(error.code === 404 ? 404 : 400).send({ code: error.code, error: error.message });
    throw error;
  };

  app.get<{ Querystring: { appKey?: string } }>(`${OPERATOR_PREFIX}/antispam`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    return services().antispam.read(request.query.appKey || options.appKey);
  });

  app.post<{ Body: { appKey?: string; word?: unknown; action?: unknown } }>(`${OPERATOR_PREFIX}/antispam/words`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = request.body ?? {};
    try {
      return await services().antispam.addWord(body.appKey || options.appKey, { word: body.word, action: body.action });
    } catch (error) {
      return failed(reply, error);
    }
  });

  app.delete<{ Querystring: { appKey?: string; word?: string } }>(`${OPERATOR_PREFIX}/antispam/words`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    try {
      await services().antispam.removeWord(request.query.appKey || options.appKey, request.query.word ?? '');
      return { removed: request.query.word };
    } catch (error) {
      return failed(reply, error);
    }
  });

  app.get<{ Querystring: { account?: string; limit?: string } }>(`${OPERATOR_PREFIX}/sdk-logs`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const limit = request.query.limit ? Number(request.query.limit) : undefined;
    return { logs: await services().sdkLogs.list(request.query.account || undefined, limit && Number.isFinite(limit) ? limit : undefined) };
  });

  app.get<{ Params: { id: string } }>(`${OPERATOR_PREFIX}/sdk-logs/:id`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const found = await services().sdkLogs.read(Number(request.params.id));
    if (!found) return reply.code(404).send({ error: 'no such log (unknown or expired)' });
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('x-sdk-log-account', found.entry.account)
      .send(found.text);
  });

  // Kick reason 2, serverKick (issue 31): every port of the account, or the one named, on any node.
  app.post<{ Body: { account?: unknown; connectionId?: unknown } }>(`${OPERATOR_PREFIX}/kick`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const { account, connectionId } = request.body ?? {};
    if (typeof account !== 'string' || !ACCOUNT_PATTERN.test(account)) return reply.code(400).send({ code: 414, field: 'account', error: 'account is missing or not an IM account' });
    if (connectionId !== undefined && (typeof connectionId !== 'string' || connectionId === '')) {
      return reply.code(400).send({ code: 414, field: 'connectionId', error: 'connectionId must be a non-empty string' });
    }
    const kicked = await services().kickPorts(account, connectionId as string | undefined);
    if (kicked === undefined) return reply.code(404).send({ code: 404, error: `${account} has no port ${String(connectionId)} online` });
    return { account, kicked };
  });

  // Message delay p50/p99 per hour, connection failures by code and reporter events by kind (issue 30 §4).
  app.get<{ Querystring: { hours?: string } }>(`${OPERATOR_PREFIX}/telemetry`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const hours = request.query.hours === undefined || request.query.hours === '' ? TELEMETRY_SUMMARY_DEFAULT_HOURS : Number(request.query.hours);
    if (!Number.isInteger(hours) || hours < 1 || hours > TELEMETRY_SUMMARY_MAX_HOURS) {
      return reply.code(400).send({ code: 414, field: 'hours', error: `hours must be a whole number from 1 to ${TELEMETRY_SUMMARY_MAX_HOURS}` });
    }
    const now = (options.now ?? Date.now)();
    return services().telemetry.summary(now - hours * 3_600_000);
  });
}
