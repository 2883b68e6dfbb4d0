import { z } from 'zod';
import type { PermissionCode } from './permissions';
import { STORE_CODES, type StoreCode } from './store-codes';
import { rule } from './rules';

/**
 * Who may make a call: anyone ('public': sign-in, registration, reference lists) or a signed-in user of
 * a store ('user': needs a valid access token, answers 10302006 otherwise).
 */
export type EndpointAccess = 'public' | 'user';

/**
 * One call of console-spec §7 as both sides see it: the path, the shape of `biz` the client sends, the
 * shape of `data` the server answers on success (code 00000000), the business codes it may answer
 * instead, and the permission code a caller must hold. The wire around it is the envelope of
 * docs/protocol.md; a contract describes only what is inside.
 */
export interface EndpointContract<
  Path extends string = string,
  Biz extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
  Access extends EndpointAccess = EndpointAccess,
  Idempotent extends boolean = boolean,
> {
  readonly path: Path;
  readonly biz: Biz;
  readonly data: Data;
  /**
   * The business codes this call answers besides success. 10100001 (bad biz), 10302006 (user calls) and
   * 10100003 (calls with a permission) are implied: `endpointCodes` adds them.
   */
  readonly errors: readonly StoreCode[];
  /** The permission code a caller must hold (docs/permissions.md); none: any signed-in user of the store. */
  readonly permission?: PermissionCode;
  readonly access: Access;
  /** One line for the OpenAPI document. */
  readonly summary?: string;
  /**
   * A change a double submit must not make twice: `biz` carries `idempotencyKey` (a UUID the client makes
   * once per submit) and store-server answers a repeated key with the first answer without running the
   * call again (docs/security.md "Idempotent calls").
   */
  readonly idempotent: Idempotent;
}

/** Any contract, for code that handles them all (route registration, OpenAPI, test fakes). */
export type AnyEndpoint = EndpointContract<string, z.ZodType, z.ZodType, EndpointAccess, boolean>;

/** The biz field of an idempotent call: one UUID per submit, the same on every retry of that submit. */
export const IDEMPOTENCY_KEY_FIELD = 'idempotencyKey';
export const idempotencyKeyField = z.uuid();

/** An idempotent call's biz: its own fields and `idempotencyKey` (added by defineEndpoint). */
export type WithIdempotencyKey<Biz extends z.ZodType> =
  Biz extends z.ZodObject<infer Shape, infer Config>
    ? z.ZodObject<z.core.util.Extend<Shape, { [IDEMPOTENCY_KEY_FIELD]: typeof idempotencyKeyField }>, Config>
    : never;

/** The key may be left out by a caller whose call helper adds one (the console's contractMutation). */
type KeyFromCallHelper<Biz> = Omit<Biz, typeof IDEMPOTENCY_KEY_FIELD> & { [IDEMPOTENCY_KEY_FIELD]?: string };

/**
 * What a client sends as `biz` (before defaults and trimming). For an idempotent call `idempotencyKey`
 * is optional here because the console's call helper adds a fresh one when a screen gives none; on the
 * wire it is required (10100001 without it), as the contract's schema and the OpenAPI document say.
 */
export type EndpointBiz<C extends AnyEndpoint> = C['idempotent'] extends true ? KeyFromCallHelper<z.input<C['biz']>> : z.input<C['biz']>;
/** What a server handler receives after the contract parsed `biz` (defaults applied, strings trimmed). */
export type EndpointParsedBiz<C extends AnyEndpoint> = z.output<C['biz']>;
/** What a client receives as `data` of a successful answer. */
export type EndpointData<C extends AnyEndpoint> = z.output<C['data']>;
/** What a server handler may answer: `data` before the contract's transforms (the same for plain shapes). */
export type EndpointAnswer<C extends AnyEndpoint> = z.input<C['data']>;

/**
 * Declares one call. The literal types of the path and the schemas flow out, so
 * `EndpointBiz<typeof login>` is the exact request type, e.g.
 * `defineEndpoint({ path: '/v1/…/login', biz: z.object({…}), data: z.object({…}), errors: [STORE_CODES.wrongCredentials], access: 'public' })`.
 */
/** What a call declares besides its path (defineEndpoint adds the path, endpointsUnder its base). */
export interface EndpointDefinition<Biz extends z.ZodType, Data extends z.ZodType, Access extends EndpointAccess, Idempotent extends boolean> {
  biz: Biz;
  data: Data;
  errors?: readonly StoreCode[];
  permission?: PermissionCode;
  access: Access;
  summary?: string;
  /** `true`: the biz gets `idempotencyKey` and a repeated key answers the first answer (see EndpointContract). */
  idempotent?: Idempotent;
}

export function defineEndpoint<
  const Path extends string,
  Biz extends z.ZodType,
  Data extends z.ZodType,
  const Access extends EndpointAccess,
  const Idempotent extends boolean = false,
>(definition: EndpointDefinition<Biz, Data, Access, Idempotent> & { path: Path }): EndpointContract<Path, Idempotent extends true ? WithIdempotencyKey<Biz> : Biz, Data, Access, Idempotent> {
  if (!definition.path.startsWith('/')) throw new Error(`endpoint path must start with '/': ${definition.path}`);
  if (definition.permission && definition.access !== 'user') {
    throw new Error(`endpoint ${definition.path}: a permission needs access 'user'`);
  }
  const idempotent = (definition.idempotent ?? false) as Idempotent;
  const biz = idempotent ? withIdempotencyKey(definition.path, definition.access, definition.biz) : definition.biz;
  return Object.freeze({ ...definition, biz, idempotent, errors: Object.freeze([...(definition.errors ?? [])]) }) as EndpointContract<
    Path,
    Idempotent extends true ? WithIdempotencyKey<Biz> : Biz,
    Data,
    Access,
    Idempotent
  >;
}

/** The biz of an idempotent call: keys belong to a store, so only a signed-in user's object-shaped call can be one. */
function withIdempotencyKey(path: string, access: EndpointAccess, biz: z.ZodType): z.ZodType {
  if (access !== 'user') throw new Error(`endpoint ${path}: an idempotent call needs access 'user' (keys are kept per store)`);
  if (!(biz instanceof z.ZodObject)) throw new Error(`endpoint ${path}: an idempotent call's biz must be a z.object`);
  if (IDEMPOTENCY_KEY_FIELD in biz.shape) throw new Error(`endpoint ${path}: declares ${IDEMPOTENCY_KEY_FIELD} itself; idempotent: true adds it`);
  // safeExtend keeps the object's own refinements (cross-field rules).
  return biz.safeExtend({ [IDEMPOTENCY_KEY_FIELD]: idempotencyKeyField });
}

/**
 * The calls of one area share a base path: `const userCall = endpointsUnder(USER_BASE)` then
 * `userCall('login', { access, biz, data, … })` declares `${USER_BASE}/login` (the literal path type is kept).
 */
export function endpointsUnder<const Base extends string>(base: Base) {
  return <
    const Name extends string,
    Biz extends z.ZodType,
    Data extends z.ZodType,
    const Access extends EndpointAccess,
    const Idempotent extends boolean = false,
  >(
    name: Name,
    definition: EndpointDefinition<Biz, Data, Access, Idempotent>,
  ): EndpointContract<`${Base}/${Name}`, Idempotent extends true ? WithIdempotencyKey<Biz> : Biz, Data, Access, Idempotent> =>
    defineEndpoint({ ...definition, path: `${base}/${name}` as `${Base}/${Name}` });
}

/** Every code a call may answer: success, its own business codes and the ones its access implies. */
export function endpointCodes(contract: AnyEndpoint): StoreCode[] {
  const codes = new Set<StoreCode>([STORE_CODES.success, STORE_CODES.invalidParameter]);
  if (contract.access === 'user') codes.add(STORE_CODES.tokenInvalid);
  if (contract.permission) codes.add(STORE_CODES.permissionDenied);
  // A key already used with another biz (docs/security.md "Idempotent calls").
  if (contract.idempotent) codes.add(STORE_CODES.alreadyExists);
  for (const code of contract.errors) codes.add(code);
  return [...codes];
}

/** Whether a call may answer this code: what a test fake checks before answering an error. */
export function endpointAllows(contract: AnyEndpoint, code: string): boolean {
  return (endpointCodes(contract) as string[]).includes(code);
}

/** A call that sends no fields: `{}` (an absent biz is read as `{}`). */
export const emptyBiz = z.object({});
/** A call that answers no data: the envelope carries `data: null`. */
export const noData = z.null();

/** console-spec §2: the page sizes a table offers (default 5). */
export const PAGE_SIZES = [5, 10, 20, 50, 100, 200] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 5;

/**
 * The paging fields of a list call, to spread into its biz: `z.object({ ...pageQueryShape, name: … })`.
 * Numbers in strings are accepted (a query string copied into biz) and turned into numbers.
 */
export const pageQueryShape = {
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), rule('option', { values: PAGE_SIZES }))
    .default(DEFAULT_PAGE_SIZE),
};

/** The biz of a plain list call: `pageQuery.extend({ status: … })` for one with filters. */
export const pageQuery = z.object(pageQueryShape);
export type PageQuery = z.output<typeof pageQuery>;

/** console-spec §2 "Table response: list, pageNum, pageSize, total": one page of `item`. */
export function pageResult<Item extends z.ZodType>(item: Item) {
  return z.object({
    pageNum: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
    list: z.array(item),
  });
}

/** One page of rows as a server answers it. */
export interface PageOf<T> {
  pageNum: number;
  pageSize: number;
  total: number;
  list: T[];
}
