import {
  describeValidationErrorText,
  hasPermission,
  pickLanguage,
  ruleIssue,
  type AnyEndpoint,
  type EndpointAnswer,
  type EndpointParsedBiz,
  type PermissionCode,
  type SupportedLanguage,
  type ValidationErrInfo,
  validationErrInfoOf,
} from '@merchant/api-contracts';
import { EnvelopeError } from '@merchant/secure-transport/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { STORE_CODES, StoreError, codeText } from '../shared/store-error';
import type { IdempotencyGuard } from './idempotency';

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

/** What a public call's handler may ask: the signed-in caller when the request carries a valid token. */
export interface PublicRouteContext extends RouteContext {
  /** The caller of a valid token, else null (calls allowed before sign-in that still attribute to a store). */
  optionalCaller(): Promise<Caller | null>;
}

export interface RouteDependencies {
  /** Resolves the access token or throws the console-spec §8 token error (10302006). */
  resolveCaller(accessToken: string): Promise<Caller>;
  /** The permission codes the caller holds (docs/permissions.md). */
  permissionsOf(caller: Caller): Promise<readonly string[]>;
  /**
   * Whether answers are checked against their contract's `data` schema (development and tests: a
   * mismatch answers an internal error and is logged). Default: NODE_ENV is not 'production'.
   */
  checkAnswers?: boolean;
  /** Runs an idempotent contract's call once per key (server.ts); needed to register one. */
  idempotency?: IdempotencyGuard;
}

/** A call of console-spec §7: its path and how to register it behind the envelope. */
export interface StoreRoute {
  path: string;
  /** The permission code a caller must hold (docs/permissions.md); none: any signed-in user of the store. */
  permission?: PermissionCode;
  /** The call's contract (@merchant/api-contracts): the OpenAPI document is generated from it. */
  contract?: AnyEndpoint;
  /** The biz schema of an envelope call registered without a contract (publicRoute/userRoute). */
  biz?: z.ZodType;
  register(app: FastifyInstance, deps: RouteDependencies): void;
}

/** The no-permission answer (10100003): nothing is read or changed after it. */
const permissionDenied = () => new StoreError(STORE_CODES.permissionDenied, codeText(STORE_CODES.permissionDenied));

/**
 * `biz` as its schema reads it, or 10100001: msg is the first problem's text in the caller's language and
 * errInfo lists every refused field (api-contracts validationErrInfo), so a form marks each one.
 */
/**
 * Where `value` holds a string with U+0000: PostgreSQL's text cannot keep it (the insert failed as an internal
 * error, 99999999), so every call refuses it as the field's 'invalid' rule instead (the hostile-input sweep).
 */
function nulPaths(value: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => nulPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => nulPaths(item, [...path, key]));
  return [];
}

function parseBiz<S extends z.ZodType>(schema: S, biz: unknown): z.output<S> {
  const input = biz ?? {};
  const withNul = nulPaths(input);
  const result = withNul.length > 0 ? { success: false as const, error: new z.ZodError(withNul.map((path) => ({ ...ruleIssue('invalid', path), input }))) } : schema.safeParse(input);
  if (!result.success) {
    const errInfo: ValidationErrInfo = validationErrInfoOf(result.error, input);
    throw new StoreError(STORE_CODES.invalidParameter, describeValidationErrorText(result.error, input), { ...errInfo });
  }
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
    biz,
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
    biz,
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

/** The caller of a valid token, else null: a wrong or expired token on a public call is no error. */
async function optionalCaller(deps: RouteDependencies, accessToken: string): Promise<Caller | null> {
  if (!accessToken) return null;
  try {
    return await deps.resolveCaller(accessToken);
  } catch {
    return null;
  }
}

/** A call that answers no data may end without a value (the envelope carries `data: null`). */
type HandlerResult<C extends AnyEndpoint> = null extends EndpointAnswer<C> ? EndpointAnswer<C> | void : EndpointAnswer<C>;

/** The handler of a contract's call: a 'user' call receives the signed-in caller, a 'public' one may ask for it. */
export type ContractHandler<C extends AnyEndpoint> = C['access'] extends 'user'
  ? (input: EndpointParsedBiz<C>, caller: Caller, ctx: RouteContext) => Promise<HandlerResult<C>>
  : (input: EndpointParsedBiz<C>, ctx: PublicRouteContext) => Promise<HandlerResult<C>>;

/** Thrown when a handler answers what its contract does not allow (development and tests only). */
export class ContractAnswerError extends Error {
  constructor(
    readonly path: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const first = issues[0];
    super(`answer of ${path} breaks its contract: ${first ? `${first.path.join('.') || 'data'}: ${first.message}` : 'invalid'}`);
    this.name = 'ContractAnswerError';
  }
}

const checkAnswersByDefault = () => process.env.NODE_ENV !== 'production';

/**
 * Registers one call of a contract (@merchant/api-contracts): the contract's path; for 'user' calls the
 * token (10302006) and the contract's permission (10100003); then `biz` parsed with the contract's
 * schema (10100001 with the first rule broken as msg and every refused field in errInfo, nothing changed). Outside production the handler's
 * answer is parsed with the contract's `data` schema, and a mismatch is logged and answered as an
 * internal error instead of reaching the client, so a test sees it at once. An idempotent contract's
 * call runs once per `idempotencyKey` of the caller's store (./idempotency.ts): a repeat answers the
 * first answer.
 */
export function contractRoute<C extends AnyEndpoint>(contract: C, handle: ContractHandler<C>): StoreRoute {
  const { path, permission } = contract;
  return {
    path,
    permission,
    contract,
    register(app, deps) {
      const checkAnswers = deps.checkAnswers ?? checkAnswersByDefault();
      const idempotency = deps.idempotency;
      if (contract.idempotent && !idempotency) throw new Error(`${path} is idempotent: register it with an IdempotencyGuard`);
      app.secureRoute(path, (ctx) =>
        answering(ctx.request, async () => {
          const routeContext: RouteContext = { accessToken: ctx.accessToken, request: ctx.request };
          /** The handler's answer, checked before it reaches the client or is kept for a repeat. */
          const checkedAnswer = async (handleCall: () => Promise<unknown>) => {
            const answer = (await handleCall()) ?? null;
            if (checkAnswers) {
              const checked = contract.data.safeParse(answer);
              if (!checked.success) {
                const error = new ContractAnswerError(path, checked.error.issues);
                ctx.request.log.error({ path, issues: checked.error.issues }, error.message);
                throw error;
              }
            }
            return answer;
          };
          if (contract.access === 'user') {
            const caller = await deps.resolveCaller(ctx.accessToken);
            if (permission && !hasPermission(await deps.permissionsOf(caller), permission)) throw permissionDenied();
            const input = parseBiz(contract.biz, ctx.biz);
            const run = () => checkedAnswer(() => (handle as ContractHandler<EndpointUser>)(input, caller, routeContext));
            if (!contract.idempotent || !idempotency) return run();
            return idempotency.runOnce({ storeId: caller.storeId, path, biz: input as Record<string, unknown> }, run);
          }
          const input = parseBiz(contract.biz, ctx.biz);
          const publicContext: PublicRouteContext = { ...routeContext, optionalCaller: () => optionalCaller(deps, ctx.accessToken) };
          return checkedAnswer(() => (handle as ContractHandler<EndpointPublic>)(input, publicContext));
        }),
      );
    },
  };
}

type EndpointUser = AnyEndpoint & { access: 'user' };
type EndpointPublic = AnyEndpoint & { access: 'public' };
