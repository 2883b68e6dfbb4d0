// The OpenAPI 3.1 document of the envelope calls, generated from the contracts (issue 37). store-server
// serves it at /openapi.json from the contracts of the routes it registers, and the package build writes
// it as dist/openapi.json (scripts/write-openapi.mjs) for teams that generate clients from it
// (docs/api-document.md). Redocly's recommended lint and openapi-typescript are the consumers' tools it is
// tested with (redocly.yaml; apps/store-server/src/http/openapi-consumer.int.spec.ts).
import { z } from 'zod';
import { endpointCodes, type AnyEndpoint } from './endpoint';
import { endpointGroups } from './endpoints';
import { STORE_CODES, type StoreCode } from './store-codes';
import { describeStoreCode } from './store-code-messages';
import { describeTransportCode, transportCodeMessages } from './transport-code-messages';
import { validationErrInfo } from './validation-answer';

type JsonSchema = Record<string, unknown>;

/** The document as generated: plain JSON, ready for JSON.stringify. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string } };
  servers: OpenApiServer[];
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, { post: OpenApiOperation }>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  /** `[]` for a call that needs no sign-in; absent: the document's default (the access token). */
  security?: Record<string, string[]>[];
  'x-access': AnyEndpoint['access'];
  'x-permission'?: string;
  /** Every code the call answers: success, its own business codes and those its access implies. */
  'x-codes': StoreCode[];
  requestBody: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  responses: { 200: { description: string; content: { 'application/json': { schema: JsonSchema } } } };
}

export interface OpenApiOptions {
  version?: string;
  /** Where the calls are served; default: the development address and a production placeholder. */
  servers?: OpenApiServer[];
}

export interface OpenApiServer {
  url: string;
  description: string;
  variables?: Record<string, { default: string; description: string }>;
}

/** The security scheme of the access token (a field of the body's `sys`, see its description). */
export const ACCESS_TOKEN_SCHEME = 'accessToken';

/** store-server's address under `npm start` (its config default). */
export const DEVELOPMENT_SERVER_URL = 'http://127.0.0.1:3100';
/** The production entry: its `host` variable is a placeholder (RFC 2606 `.invalid`) for the deployment's host name. */
export const PRODUCTION_SERVER: OpenApiServer = {
  url: 'https://{host}',
  description: "Production: set host to your deployment's host name (security mode aes or above)",
  variables: { host: { default: 'store-server.invalid', description: "Your deployment's host name (placeholder)" } },
};

/** Codes the envelope itself may answer on any call (10301xxx refusals, 99999999 internal error). */
const envelopeCodes = (): string[] => Object.keys(transportCodeMessages).filter((code) => /^\d{8}$/.test(code));

const SCHEMA_REF = '#/components/schemas/';

/** Names and collects the schemas of components.schemas; the same name must always mean the same schema. */
class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  /** Stores `schema` under `name`, or under `name` + suffix when another schema already has that name. */
  put(name: string, schema: JsonSchema, suffix: string): string {
    for (const candidate of [name, `${name}${suffix}`]) {
      const existing = this.schemas[candidate];
      if (!existing) {
        this.schemas[candidate] = schema;
        return candidate;
      }
      if (JSON.stringify(existing) === JSON.stringify(schema)) return candidate;
    }
    throw new Error(`OpenAPI: two different schemas named ${name}${suffix}`);
  }
}

/** Replaces every `$ref` by `refs(ref)` (a new object; the input is left as it is). */
function rewriteRefs(value: unknown, refs: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, refs));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key === '$ref' && typeof inner === 'string' ? refs(inner) : rewriteRefs(inner, refs)]),
  );
}

const componentName = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): `biz` as the client sends it (before
 * defaults and transforms), `data` as the client receives it. Recursive schemas and those with a meta `id`
 * come out of zod as `$defs`, which do not resolve from the document's root: they move to
 * components.schemas (by their id, else `<owner>.<n>`) and their refs follow. Checks JSON Schema cannot say
 * (refinements, custom checks) are left out; the contract stays the authority.
 */
function componentSchema(schema: z.ZodType, io: 'input' | 'output', owner: string, components: SchemaComponents): JsonSchema {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
  const { $schema: _dialect, $defs, ...root } = generated as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const suffix = io === 'input' ? 'Input' : 'Output';
  const names = new Map<string, string>();
  let unnamed = 0;
  for (const key of Object.keys($defs ?? {})) names.set(key, key.startsWith('__') ? `${owner}.${unnamed++}` : componentName(key));
  // A schema that contains itself at the root: zod refers to it as '#'.
  let rootName: string | undefined;
  const refs = (ref: string) => {
    if (ref === '#') return `${SCHEMA_REF}${(rootName ??= componentName(owner))}`;
    const def = ref.startsWith('#/$defs/') ? names.get(ref.slice('#/$defs/'.length)) : undefined;
    if (def === undefined) throw new Error(`OpenAPI: ${owner} has a $ref that does not resolve: ${ref}`);
    return `${SCHEMA_REF}${def}`;
  };
  const renamed = new Map<string, string>();
  for (const [key, def] of Object.entries($defs ?? {})) {
    const stored = components.put(names.get(key)!, rewriteRefs(def, refs) as JsonSchema, suffix);
    renamed.set(names.get(key)!, stored);
  }
  // A name taken by a different schema (the input and output forms of one id) got the suffix.
  const final = (ref: string) => {
    const name = ref.slice(SCHEMA_REF.length);
    return `${SCHEMA_REF}${renamed.get(name) ?? name}`;
  };
  for (const def of renamed.values()) components.schemas[def] = rewriteRefs(components.schemas[def], final) as JsonSchema;
  const body = rewriteRefs(rewriteRefs(root, refs), final) as JsonSchema;
  if (rootName === undefined) return body;
  return { $ref: `${SCHEMA_REF}${components.put(rootName, body, suffix)}` };
}

/** The group and name of each contract in endpointGroups: its tag and operationId. */
function contractNames(): Map<AnyEndpoint, { group: string; name: string }> {
  const names = new Map<AnyEndpoint, { group: string; name: string }>();
  for (const [group, contracts] of Object.entries(endpointGroups)) {
    for (const [name, contract] of Object.entries(contracts as Record<string, AnyEndpoint>)) names.set(contract, { group, name });
  }
  return names;
}

/** What each area's calls are about (a tag's description); an area not listed gets a generic line. */
const AREA_DESCRIPTIONS: Readonly<Record<string, string>> = {
  auth: 'Sign-in, registration, captcha and check codes, the signed-in user',
  account: "The store's account: profile, security settings, contacts",
  pay: 'Pay password and bank cards',
  common: 'Reference lists (regions, categories, code tables) and shared look-ups',
  deregistration: 'Closing the store: conditions, application, withdrawal',
  im: 'Instant messaging: tokens and customer-service settings',
  orders: 'Orders: lists, details, shipping, counts',
  afterSales: 'After-sales: refunds, returns, disputes',
  goods: 'Goods: listing, editing, shelves, SKUs',
  inventory: 'Stock: levels, adjustments, warnings',
  savedViews: 'Saved list views of a user',
  media: 'Media library: directories, files, tags',
  exports: 'Exports: requesting and downloading spreadsheets',
  notifications: 'Notifications to the store',
  sessions: "Sign-in sessions of the store's users",
  storeInfoChanges: "Changes of the store's registered information, reviewed by the platform",
  staff: 'Staff accounts, roles and permissions',
  coupons: 'Marketing: coupon campaigns and claims',
  activities: 'Marketing: platform activities and the store’s applications',
  groupBuys: 'Marketing: group buying',
  flashSales: 'Marketing: time-limited sales',
  freight: 'Freight templates',
  deliveryRange: 'Delivery range: the towns a store delivers to, the markup and the time window',
  cartage: 'Cartage (porterage) templates',
  brands: 'Brands',
};

const codeText = (code: string) => describeStoreCode(code, 'en-US') ?? describeTransportCode(code, 'en-US') ?? '';

/** A call's failure answer: the envelope's error answer with the codes this call may answer. */
function failureAnswer(codes: readonly string[]): JsonSchema {
  return {
    type: 'object',
    title: 'Failure',
    description: 'A refusal: `code` says why (the business codes of this call, or one the envelope answers on any call), `data` is null.',
    required: ['code', 'msg', 'data'],
    properties: {
      code: { type: 'string', enum: [...codes] },
      msg: { $ref: `${SCHEMA_REF}AnswerMessage` },
      data: { type: 'null' },
      errInfo: { $ref: `${SCHEMA_REF}ErrInfo` },
    },
    // 10100001 always names the refused fields.
    if: { properties: { code: { const: STORE_CODES.invalidParameter } }, required: ['code'] },
    then: { required: ['errInfo'], properties: { errInfo: { $ref: `${SCHEMA_REF}ValidationErrInfo` } } },
  };
}

function successAnswer(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    title: 'Success',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'string', const: STORE_CODES.success }, msg: { $ref: `${SCHEMA_REF}AnswerMessage` }, data },
  };
}

/** The document's description (a function, so bundles of this package that never build the document drop it). */
const documentDescription = () => [
  'The envelope calls of store-server (console-spec §7), generated from @merchant/api-contracts.',
  '',
  '**The envelope.** Every call is `POST` with the JSON body `{ sys, biz }` and answers HTTP 200 with `{ code, msg, data, errInfo? }`: ',
  '`code` `00000000` with the call\'s `data` (the *Success* answer), or another code with `data: null` (the *Failure* answer; ',
  '`10100001` names every refused field in `errInfo.problems`). HTTP status codes do not carry failures; the `code` does. ',
  'Besides the codes listed per call, the envelope may answer 10301xxx (its security refusals) and 99999999 (internal error) on any call.',
  '',
  '**Security modes** (`sys.safeType`, docs/security.md). In `none`, `biz` and `data` travel as the schemas below describe them. ',
  'In `rsa`, `aes` and `aes-rsa2-sign` they travel sealed (AES-GCM, base64) and the schemas describe them once opened; ',
  'those modes need a session (`createSession`) and the `@merchant/secure-transport` client. store-server accepts `none` in development ',
  'only; in production its floor is `aes` (STORE_MIN_SECURITY_MODE).',
  '',
  '**Sign-in.** A call that needs a signed-in user reads the access token from the body\'s `sys.accessToken` (the *accessToken* scheme); ',
  'login (`/v1/store/eshop/store/user/login`) answers it as `data.accessToken`. Calls marked with no security (login, registration, captcha, ',
  'check codes, reference lists) need none. A call without a valid token answers `10302006`.',
].join('\n');

/**
 * The OpenAPI 3.1 document of these calls: one POST operation per contract (tagged with its area in
 * endpointGroups), its `biz` in the request envelope, its success and failure answers, its security.
 */
export function buildOpenApiDocument(contracts: readonly AnyEndpoint[], options: OpenApiOptions = {}): OpenApiDocument {
  const components = new SchemaComponents();
  const names = contractNames();
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const anyCallCodes = envelopeCodes();
  for (const contract of contracts) {
    const named = names.get(contract);
    const group = named?.group ?? 'other';
    const operationId = named ? `${named.group}.${named.name}` : componentName(contract.path);
    tags.add(group);
    const codes = endpointCodes(contract);
    const failureCodes = [...codes.filter((code) => code !== STORE_CODES.success), ...anyCallCodes.filter((code) => !(codes as string[]).includes(code))];
    const biz = componentSchema(contract.biz, 'input', `${operationId}.biz`, components);
    const data = componentSchema(contract.data, 'output', `${operationId}.data`, components);
    paths[contract.path] = {
      post: {
        operationId,
        tags: [group],
        summary: contract.summary ?? operationId,
        description: [
          [
            `Access: ${contract.access === 'user' ? 'signed-in user (sys.accessToken)' : 'public (no sign-in)'}.`,
            contract.permission ? `Permission: ${contract.permission}.` : '',
            contract.idempotent ? 'Idempotent: `biz.idempotencyKey` (a UUID per submit); a repeated key answers the first answer.' : '',
          ]
            .filter(Boolean)
            .join(' '),
          ['| code | meaning |', '|---|---|', ...codes.map((code) => `| ${code} | ${codeText(code)} |`)].join('\n'),
        ].join('\n\n'),
        ...(contract.access === 'public' ? { security: [] } : {}),
        'x-access': contract.access,
        ...(contract.permission ? { 'x-permission': contract.permission } : {}),
        'x-codes': codes,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['sys', 'biz'], properties: { sys: { $ref: `${SCHEMA_REF}Sys` }, biz } },
            },
          },
        },
        responses: {
          200: {
            description: `The envelope answer: Success (code ${STORE_CODES.success}) or Failure (${codes.length - 1} business codes of this call, and the envelope's)`,
            content: { 'application/json': { schema: { oneOf: [successAnswer(data), failureAnswer(failureCodes)] } } },
          },
        },
      },
    };
  }

  const validation = componentSchema(validationErrInfo, 'output', 'ValidationErrInfo', components);
  return {
    openapi: '3.1.0',
    info: {
      title: 'store-server',
      version: options.version ?? '0.1.0',
      description: documentDescription(),
      // package.json: UNLICENSED (internal, no SPDX licence applies).
      license: { name: 'UNLICENSED: internal to the merchant suite, not for redistribution' },
    },
    servers: options.servers ?? [
      { url: DEVELOPMENT_SERVER_URL, description: 'Development: store-server under `npm start` (accepts security mode none)' },
      PRODUCTION_SERVER,
    ],
    security: [{ [ACCESS_TOKEN_SCHEME]: [] }],
    // In endpointGroups' order, whatever order the calls came in (store-server passes its routes').
    tags: [...Object.keys(endpointGroups).filter((name) => tags.has(name)), ...[...tags].filter((name) => !(name in endpointGroups))].map((name) => ({
      name,
      description: AREA_DESCRIPTIONS[name] ?? `The calls of the ${name} area`,
    })),
    paths,
    components: {
      schemas: {
        ...components.schemas,
        Sys: {
          type: 'object',
          description:
            'The envelope header (@merchant/secure-transport, docs/security.md). In security mode `none` only `safeType` is needed, and ' +
            '`accessToken` for calls that need sign-in; the other modes add the session, timestamp, nonce and their keys or signatures.',
          required: ['safeType'],
          properties: {
            safeType: { type: 'string', enum: ['none', 'rsa', 'aes', 'aes-rsa2-sign'], description: 'The security mode of this request' },
            accessToken: { type: 'string', description: "The signed-in user's token (login's data.accessToken); '' or absent for public calls" },
            sessionKey: { type: 'string', description: 'From createSession (every mode but none)' },
            timestamp: { type: 'integer', description: 'Seconds, server time, within ±300 s (every mode but none)' },
            nonce: { type: 'string', maxLength: 64, description: 'Once per session (every mode but none)' },
            secretKey: { type: 'string', description: 'rsa: the per-request AES key, RSA-OAEP encrypted to the server key (base64)' },
            signature: { type: 'string', description: 'aes-rsa2-sign: the request signature (base64)' },
          },
          additionalProperties: true,
        },
        AnswerMessage: {
          type: 'string',
          description: "The code's text in the caller's language (Accept-Language: zh-CN or en-US); for 10100001 the first refused field's problem",
        },
        ErrInfo: {
          type: 'object',
          description: `Details of some codes: for ${STORE_CODES.invalidParameter} a ValidationErrInfo (problems); for ${STORE_CODES.captchaRequired} the image in value`,
          additionalProperties: true,
        },
        ValidationErrInfo: {
          ...validation,
          description:
            'errInfo of 10100001: every field biz was refused for, its first problem each, in the schema order. ' +
            "problem.rule is a rule code of @merchant/api-contracts (RULE_CODES) with the parameters its text needs; a client says it in the merchant's language.",
        },
      },
      securitySchemes: {
        [ACCESS_TOKEN_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'sys.accessToken',
          description:
            'Not an HTTP header: the token travels in the JSON body as `sys.accessToken`, which OpenAPI cannot name as a place for a key, ' +
            'so this scheme names the field. store-server reads no header; a client puts the token from login (data.accessToken) in sys. ' +
            'Calls with `security: []` need none.',
        },
      },
    },
  };
}
