// The calls answered through @merchant/api-contracts: the OpenAPI document generated from them, and
// the contract's biz check in front of every one of them (10100001, nothing changed).
import { allEndpoints, endpointCodes, endpointGroups, STORE_CODES, validationErrInfo, type AnyEndpoint } from '@merchant/api-contracts';
import { z } from 'zod';
import { DEFAULT_CONFIG } from '../config';
import { buildStoreModules } from '../modules';
import { startTestServer, type TestHarness } from '../testing/harness';
import { OPENAPI_PATH } from './openapi';
import type { StoreRoute } from './route';

interface OpenApiOperation {
  summary: string;
  security?: unknown[];
  'x-codes': string[];
  'x-permission'?: string;
  requestBody: { content: { 'application/json': { schema: { properties: { biz: unknown } } } } };
  responses: {
    200: {
      content: {
        'application/json': {
          schema: {
            oneOf: [
              { properties: { code: { const: string }; data: unknown } },
              { properties: { code: { enum: string[] } }; if: { properties: { code: { const: string } } }; then: { required: string[]; properties: { errInfo: { $ref: string } } } },
            ];
          };
        };
      };
    };
  };
}

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

/**
 * zod's schema as the document holds it: its $defs (recursive schemas, schemas with an id) live in
 * components.schemas under their id (openapi.ts), so their refs point there.
 */
const resolved = (schema: Record<string, unknown>): unknown => {
  const { $defs: _defs, ...rest } = schema;
  return JSON.parse(JSON.stringify(rest).replace(/"#\/\$defs\/([^"]+)"/g, '"#/components/schemas/$1"'));
};

describe('endpoint contracts on the real server', () => {
  let h: TestHarness;
  let routes: StoreRoute[];
  beforeAll(async () => {
    h = await startTestServer();
    routes = buildStoreModules({
      db: h.database.db,
      clock: { now: () => new Date() },
      config: { ...DEFAULT_CONFIG, dataDir: 'memory://' },
      checkCodeDelivery: { deliver: async () => {} } as never,
    }).routes;
  });
  afterAll(() => h.close());

  const contractRoutes = () => routes.filter((route): route is StoreRoute & { contract: AnyEndpoint } => route.contract !== undefined);

  it('serves an OpenAPI document with every envelope route and its biz and data schemas', async () => {
    const response = await fetch(`${h.url}${OPENAPI_PATH}`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, { post: OpenApiOperation }>;
      components: { schemas: Record<string, Record<string, unknown>> };
    };
    expect(document.openapi).toBe('3.1.0');
    // 10100001's errInfo: every refused field (api-contracts validationErrInfo), declared once and referenced by every call.
    expect(document.components.schemas.ValidationErrInfo).toMatchObject(schemaOf(validationErrInfo, 'output'));

    const envelopeRoutes = routes.filter((route) => route.contract || route.biz);
    expect(Object.keys(document.paths).sort()).toEqual(envelopeRoutes.map((route) => route.path).sort());
    for (const route of contractRoutes()) {
      const operation = document.paths[route.path]!.post;
      const body = operation.requestBody.content['application/json'].schema;
      expect(body.properties.biz).toEqual(resolved(schemaOf(route.contract.biz, 'input')));
      // The success answer carries the contract's data; the failure answer every other code the call declares.
      const [success, failure] = operation.responses[200].content['application/json'].schema.oneOf;
      expect([success.properties.code.const, success.properties.data]).toEqual([STORE_CODES.success, resolved(schemaOf(route.contract.data, 'output'))]);
      expect(failure.properties.code.enum).not.toContain(STORE_CODES.success);
      for (const code of endpointCodes(route.contract).filter((code) => code !== STORE_CODES.success)) expect(failure.properties.code.enum).toContain(code);
      expect([failure.if.properties.code.const, failure.then]).toEqual([
        STORE_CODES.invalidParameter,
        { required: ['errInfo'], properties: { errInfo: { $ref: '#/components/schemas/ValidationErrInfo' } } },
      ]);
      // Public calls need no sign-in: they opt out of the document's access-token security.
      expect(operation.security).toEqual(route.contract.access === 'public' ? [] : undefined);
      expect(operation.summary).toBe(route.contract.summary);
      expect(operation['x-permission']).toBe(route.contract.permission);
      for (const code of route.contract.errors) expect(operation['x-codes']).toContain(code);
    }
  });

  it('registers a route for every contract, through the contract, and describes each in /openapi.json', async () => {
    const served = new Map(contractRoutes().map((route) => [route.path, route.contract]));
    const document = (await (await fetch(`${h.url}${OPENAPI_PATH}`)).json()) as { paths: Record<string, { post?: { 'x-codes'?: string[] } }> };
    for (const [group, contracts] of Object.entries(endpointGroups)) {
      for (const [name, contract] of Object.entries(contracts)) {
        expect([group, name, served.get(contract.path)]).toEqual([group, name, contract]);
        expect([group, name, document.paths[contract.path]?.post?.['x-codes']]).toEqual([group, name, expect.arrayContaining([...contract.errors])]);
      }
    }
    // A contract served by a route that is not the contract's would answer something else.
    for (const [path, contract] of served) {
      expect(allEndpoints).toContain(contract);
      expect(contract.path).toBe(path);
    }
    // Every envelope call has a contract now (publicRoute/userRoute remain for calls without one).
    expect(routes.filter((route) => route.biz && !route.contract).map((route) => route.path)).toEqual([]);
  });

  it('refuses a biz that is not an object on every contract call with 10100001 and changes nothing', async () => {
    const db = h.database.db;
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all(
          ['store_store', 'store_user', 'store_check_code', 'store_logout_record', 'store_error_report', 'store_operation_log', 'store_bank_card', 'store_captcha'].map(
            (table) => db.selectFrom(table as 'store_store').selectAll().execute(),
          ),
        ),
      );
    const token = await h.login('demo_merchant', 'Demo12345');
    const before = await snapshot();
    for (const route of contractRoutes()) {
      const answer = await h.call(route.path, 'not an object', route.contract.access === 'user' ? token : null);
      expect([route.path, answer.code, answer.data]).toEqual([route.path, STORE_CODES.invalidParameter, null]);
    }
    expect(await snapshot()).toBe(before);
  });
});
