import { endpointCodes, describeStoreCode, STORE_CODES, validationErrInfo } from '@merchant/api-contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StoreRoute } from './route';

/** Where store-server serves its OpenAPI document (plain HTTP GET, not behind the envelope). */
export const OPENAPI_PATH = '/openapi.json';

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): `biz` as the client sends it (before
 * defaults and transforms), `data` as the client receives it. Checks JSON Schema cannot say (refinements,
 * custom checks) are left out; the contract stays the authority.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The request body on the wire: `sys` (docs: libs/secure-transport README) and the call's `biz`. */
function envelopeRequest(biz: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['sys', 'biz'],
    properties: { sys: { $ref: '#/components/schemas/Sys' }, biz },
  };
}

/** Where the document keeps 10100001's errInfo (api-contracts validationErrInfo). */
const VALIDATION_ERR_INFO_REF = '#/components/schemas/ValidationErrInfo';

/**
 * The answer on the wire: HTTP 200, `code` 00000000 with `data`, or another code with `data: null`.
 * A 10100001 answer carries every refused field in errInfo (docs/security.md "Validation answers").
 */
function envelopeResponse(data: JsonSchema, codes: readonly string[]): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: { type: 'string', enum: [...codes] },
      msg: { type: 'string', description: "The code's text in the caller's language (Accept-Language); for 10100001 the first refused field's problem" },
      data: { anyOf: [data, { type: 'null' }], description: 'The contract data when code is 00000000, else null' },
      errInfo: { type: 'object', additionalProperties: true, description: `Details of some codes; for ${STORE_CODES.invalidParameter} a ValidationErrInfo` },
    },
    if: { properties: { code: { const: STORE_CODES.invalidParameter } }, required: ['code'] },
    then: { required: ['errInfo'], properties: { errInfo: { $ref: VALIDATION_ERR_INFO_REF } } },
  };
}

const ENVELOPE_CODES_NOTE =
  'Besides the codes listed per call, the envelope itself may answer 10301xxx (secure-transport) and 99999999 (internal error).';

/**
 * The OpenAPI 3.1 document of every envelope call store-server registers: from its contract
 * (@merchant/api-contracts) when it has one, else its biz schema only (data not described yet).
 * Plain-HTTP routes (media upload and files, operator) are not envelope calls and are left out.
 */
export function buildOpenApiDocument(routes: readonly StoreRoute[], version = '0.1.0') {
  const paths: Record<string, unknown> = {};
  for (const route of routes) {
    const contract = route.contract;
    const biz = contract?.biz ?? route.biz;
    if (!biz) continue;
    const codes = contract ? endpointCodes(contract) : [STORE_CODES.success, STORE_CODES.invalidParameter, STORE_CODES.tokenInvalid];
    const data = contract ? jsonSchema(contract.data, 'output') : { description: 'not described by a contract yet' };
    paths[route.path] = {
      post: {
        operationId: route.path,
        summary: contract?.summary ?? route.path,
        description: [
          contract ? `Access: ${contract.access === 'user' ? 'signed-in user (sys.accessToken)' : 'public'}.` : 'Registered without a contract.',
          route.permission ? `Permission: ${route.permission}.` : '',
          `Codes: ${codes.map((code) => `${code} ${describeStoreCode(code, 'en-US')}`).join('; ')}.`,
        ]
          .filter(Boolean)
          .join(' '),
        'x-access': contract?.access,
        'x-permission': route.permission,
        'x-codes': codes,
        requestBody: { required: true, content: { 'application/json': { schema: envelopeRequest(jsonSchema(biz, 'input')) } } },
        responses: {
          200: { description: 'The envelope answer', content: { 'application/json': { schema: envelopeResponse(data, codes) } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'store-server',
      version,
      description:
        'The calls of console-spec §7. Every call is POST with the sys + biz envelope of @merchant/secure-transport ' +
        '(libs/secure-transport/README.md, apps/store-server/docs/api.md) and answers HTTP 200 with { code, msg, data, errInfo? }. ' +
        'In the encrypting modes biz and data travel sealed; the schemas describe them in clear. ' +
        ENVELOPE_CODES_NOTE,
    },
    paths,
    components: {
      schemas: {
        Sys: {
          type: 'object',
          description: 'The envelope header: security mode, session, timestamp, nonce, access token (secure-transport)',
          additionalProperties: true,
        },
        ValidationErrInfo: {
          ...jsonSchema(validationErrInfo, 'output'),
          description:
            'errInfo of 10100001: every field biz was refused for, its first problem each, in the schema order. ' +
            "problem.rule is a rule code of @merchant/api-contracts (RULE_CODES) with the parameters its text needs; a client says it in the merchant's language.",
        },
      },
    },
  };
}

/** Serves the document generated once from the registered routes. */
export function registerOpenApi(app: FastifyInstance, routes: readonly StoreRoute[]): void {
  const document = buildOpenApiDocument(routes);
  app.get(OPENAPI_PATH, async () => document);
}
