import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoreRoute } from '../../http/route';
import { describeValidationError } from '@merchant/api-contracts';
import { STORE_CODES, StoreError } from '../../shared/store-error';
import {
  brandOperatorCommandSchema,
  goodsOperatorCommandSchema,
  OPERATOR_BRANDS_PATH_PREFIX,
  OPERATOR_GOODS_PATH_PREFIX,
  OPERATOR_KEY_HEADER,
  OPERATOR_PATH_PREFIX,
  operatorCommandSchema,
} from './operator.schemas';
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

type OperatorHandler = (params: Record<string, string>, body: Record<string, unknown>) =>
  | { ok: false; message: string }
  | { ok: true; run: () => Promise<unknown> };

/** One operator call: key first (401), then the command (400), then the decision (404/409 with the code). */
function operatorRoute(path: string, operatorKey: string, handler: OperatorHandler): StoreRoute {
  return {
    path,
    register(app) {
      app.post(path, async (request: FastifyRequest, reply: FastifyReply) => {
        if (!keyMatches(request.headers[OPERATOR_KEY_HEADER], operatorKey)) {
          return reply.code(401).send({ code: STORE_CODES.permissionDenied, msg: 'operator key required', data: null });
        }
        const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
        const command = handler(request.params as Record<string, string>, body);
        if (!command.ok) return reply.code(400).send({ code: STORE_CODES.invalidParameter, msg: command.message, data: null });
        try {
          return { code: STORE_CODES.success, msg: 'success', data: await command.run() };
        } catch (error) {
          if (!(error instanceof StoreError)) throw error;
          return reply.code(HTTP_STATUS[error.code] ?? 400).send({ code: error.code, msg: error.message, data: null });
        }
      });
    },
  };
}

/**
 * The platform's review decisions: POST /operator/stores/:storeId/:action, /operator/goods/:goodsId/:action
 * and /operator/brands/:applicationId/:action
 * with `x-operator-key`. Plain JSON, not the store envelope: no store access token is accepted here, only
 * the operator key, and with no key configured the routes do not exist at all (docs/onboarding.md, docs/goods.md).
 */
export function operatorRoutes(operator: OperatorService, operatorKey: string | undefined): StoreRoute[] {
  if (!operatorKey) return [];
  return [
    operatorRoute(`${OPERATOR_PATH_PREFIX}/:storeId/:action`, operatorKey, (params, body) => {
      const parsed = operatorCommandSchema.safeParse({ action: params.action, storeId: params.storeId, reason: body.reason });
      return parsed.success ? { ok: true, run: () => operator.run(parsed.data) } : { ok: false, message: describeValidationError(parsed.error) };
    }),
    operatorRoute(`${OPERATOR_GOODS_PATH_PREFIX}/:goodsId/:action`, operatorKey, (params, body) => {
      const parsed = goodsOperatorCommandSchema.safeParse({ action: params.action, goodsId: params.goodsId, reason: body.reason });
      return parsed.success ? { ok: true, run: () => operator.reviewGoods(parsed.data) } : { ok: false, message: describeValidationError(parsed.error) };
    }),
    operatorRoute(`${OPERATOR_BRANDS_PATH_PREFIX}/:applicationId/:action`, operatorKey, (params, body) => {
      const input = { action: params.action, applicationId: params.applicationId, reason: body.reason };
      const parsed = brandOperatorCommandSchema.safeParse(input);
      return parsed.success ? { ok: true, run: () => operator.reviewBrand(parsed.data) } : { ok: false, message: describeValidationError(parsed.error, input) };
    }),
  ];
}
