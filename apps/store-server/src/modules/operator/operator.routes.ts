import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoreRoute } from '../../http/route';
import { describeValidationError } from '../../shared/fields';
import { STORE_CODES, StoreError } from '../../shared/store-error';
import { OPERATOR_KEY_HEADER, OPERATOR_PATH_PREFIX, operatorCommandSchema } from './operator.schemas';
import type { OperatorService } from './operator.service';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of the presented key with the configured one. */
function keyMatches(presented: unknown, expected: string): boolean {
  return typeof presented === 'string' && presented.length > 0 && timingSafeEqual(digest(presented), digest(expected));
}

const HTTP_STATUS: Partial<Record<string, number>> = {
  [STORE_CODES.invalidParameter]: 400,
  [STORE_CODES.notFound]: 404,
  [STORE_CODES.notAllowedInCurrentState]: 409,
};

/**
 * The platform's review decisions: POST /operator/stores/:storeId/:action with `x-operator-key`.
 * Plain JSON, not the store envelope: no store access token is accepted here, only the operator key,
 * and with no key configured the route does not exist at all (docs/onboarding.md).
 */
export function operatorRoutes(operator: OperatorService, operatorKey: string | undefined): StoreRoute[] {
  if (!operatorKey) return [];
  const path = `${OPERATOR_PATH_PREFIX}/:storeId/:action`;
  return [
    {
      path,
      register(app) {
        app.post(path, async (request: FastifyRequest, reply: FastifyReply) => {
          if (!keyMatches(request.headers[OPERATOR_KEY_HEADER], operatorKey)) {
            return reply.code(401).send({ code: STORE_CODES.permissionDenied, msg: 'operator key required', data: null });
          }
          const params = request.params as { storeId: string; action: string };
          const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
          const parsed = operatorCommandSchema.safeParse({ action: params.action, storeId: params.storeId, reason: body.reason });
          if (!parsed.success) {
            return reply.code(400).send({ code: STORE_CODES.invalidParameter, msg: describeValidationError(parsed.error), data: null });
          }
          try {
            const store = await operator.run(parsed.data);
            return { code: STORE_CODES.success, msg: 'success', data: store };
          } catch (error) {
            if (!(error instanceof StoreError)) throw error;
            return reply.code(HTTP_STATUS[error.code] ?? 400).send({ code: error.code, msg: error.message, data: null });
          }
        });
      },
    },
  ];
}
