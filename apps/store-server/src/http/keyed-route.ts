import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STORE_CODES, StoreError } from '../shared/store-error';
import type { StoreRoute } from './route';

/**
 * Routes called by the platform's other parties rather than by a store's console: the operator's
 * review decisions (`x-operator-key`) and the buyer side (`x-buyer-key`, docs/orders.md). Plain JSON,
 * not the store envelope: no store access token is accepted, only the configured key.
 */

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

/** What a keyed route does with a request: refuse its input with a message, or run. */
export type KeyedHandler = (params: Record<string, string>, body: Record<string, unknown>) =>
  | { ok: false; message: string }
  | { ok: true; run: () => Promise<unknown> };

export interface KeyedRouteOptions {
  /** Header carrying the key, e.g. `x-operator-key`. */
  header: string;
  key: string;
  /** The answer's msg when the key is missing or wrong, e.g. 'operator key required'. */
  keyRequired: string;
}

/** One keyed POST: key first (401), then the input (400), then the decision (404/409 with the store code). */
export function keyedRoute(path: string, options: KeyedRouteOptions, handler: KeyedHandler): StoreRoute {
  return {
    path,
    register(app) {
      app.post(path, async (request: FastifyRequest, reply: FastifyReply) => {
        if (!keyMatches(request.headers[options.header], options.key)) {
          return reply.code(401).send({ code: STORE_CODES.permissionDenied, msg: options.keyRequired, data: null });
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
