import { hasPermission, pickLanguage, type PermissionCode, type SupportedLanguage } from '@merchant/api-contracts';
import { EnvelopeError } from '@merchant/secure-transport/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { describeValidationErrorText } from '../shared/fields';
import { STORE_CODES, StoreError, codeText } from '../shared/store-error';

/** The signed-in user a request acts for; every store-scoped query filters by storeId. */
export interface Caller {
  userId: number;
  storeId: number;
  accessToken: string;
}

export interface RouteContext {
  accessToken: string;
  request: FastifyRequest;
}

export interface RouteDependencies {
  /** Resolves the access token or throws the console-spec §8 token error (10302006). */
  resolveCaller(accessToken: string): Promise<Caller>;
  /** The permission codes the caller holds (docs/permissions.md). */
  permissionsOf(caller: Caller): Promise<readonly string[]>;
}

/** A call of console-spec §7: its path and how to register it behind the envelope. */
export interface StoreRoute {
  path: string;
  /** The permission code a caller must hold (docs/permissions.md); none: any signed-in user of the store. */
  permission?: PermissionCode;
  register(app: FastifyInstance, deps: RouteDependencies): void;
}

/** The no-permission answer (10100003): nothing is read or changed after it. */
const permissionDenied = () => new StoreError(STORE_CODES.permissionDenied, codeText(STORE_CODES.permissionDenied));

function parseBiz<S extends z.ZodType>(schema: S, biz: unknown): z.output<S> {
  const result = schema.safeParse(biz ?? {});
  if (!result.success) throw new StoreError(STORE_CODES.invalidParameter, describeValidationErrorText(result.error));
  return result.data;
}

/** The caller's language: the Accept-Language header the secure-transport client sends (zh-CN by default). */
export function callerLanguage(request: FastifyRequest): SupportedLanguage {
  return pickLanguage(request.headers['accept-language']);
}

/** StoreError → envelope error with msg in the caller's language; anything else propagates (the plugin answers an internal error). */
async function answering<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StoreError) throw new EnvelopeError(error.code, error.messageIn(callerLanguage(request)), error.errInfo);
    throw error;
  }
}

/** A call anyone may make (sign-in, registration, captcha, reference lists). */
export function publicRoute<S extends z.ZodType, T>(
  path: string,
  biz: S,
  handle: (input: z.output<S>, ctx: RouteContext) => Promise<T>,
): StoreRoute {
  return {
    path,
    register(app) {
      app.secureRoute(path, (ctx) =>
        answering(ctx.request, () => handle(parseBiz(biz, ctx.biz), { accessToken: ctx.accessToken, request: ctx.request })),
      );
    },
  };
}

/**
 * A call that needs a valid access token and, when `permission` is given, a caller holding that code.
 * Order: token (10302006), permission (10100003), then the body (10100001); a refusal changes nothing.
 */
export function userRoute<S extends z.ZodType, T>(
  path: string,
  biz: S,
  handle: (input: z.output<S>, caller: Caller, ctx: RouteContext) => Promise<T>,
  permission?: PermissionCode,
): StoreRoute {
  return {
    path,
    permission,
    register(app, deps) {
      app.secureRoute(path, (ctx) =>
        answering(ctx.request, async () => {
          const caller = await deps.resolveCaller(ctx.accessToken);
          if (permission && !hasPermission(await deps.permissionsOf(caller), permission)) throw permissionDenied();
          return handle(parseBiz(biz, ctx.biz), caller, { accessToken: ctx.accessToken, request: ctx.request });
        }),
      );
    },
  };
}
