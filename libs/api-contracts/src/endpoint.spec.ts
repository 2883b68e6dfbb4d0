import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  defineEndpoint,
  endpointAllows,
  endpointCodes,
  endpointsUnder,
  emptyBiz,
  noData,
  pageQuery,
  pageResult,
  type EndpointBiz,
  type EndpointData,
  type EndpointParsedBiz,
} from './endpoint';
import { allEndpoints, endpointByPath, endpointGroups } from './endpoints';
import { PERMISSIONS } from './permissions';
import { STORE_CODES } from './store-codes';

const sample = defineEndpoint({
  path: '/v1/test/sample',
  access: 'user',
  permission: PERMISSIONS.goodsEdit,
  biz: z.object({ name: z.string().trim(), size: z.number().default(5) }),
  data: z.strictObject({ id: z.number() }),
  errors: [STORE_CODES.notFound],
});

// Compile-time checks: the request and answer types flow out of the contract.
const bizIn: EndpointBiz<typeof sample> = { name: ' a ' };
const bizOut: EndpointParsedBiz<typeof sample> = { name: 'a', size: 5 };
const data: EndpointData<typeof sample> = { id: 1 };

describe('defineEndpoint', () => {
  it('keeps the path, schemas, access, permission and codes', () => {
    expect(sample.path).toBe('/v1/test/sample');
    expect(sample.access).toBe('user');
    expect(sample.permission).toBe('goods:edit');
    expect(sample.biz.parse(bizIn)).toEqual(bizOut);
    expect(sample.data.parse(data)).toEqual(data);
    expect(Object.isFrozen(sample)).toBe(true);
  });

  it('lists the codes a call may answer: its own and the ones its access implies', () => {
    expect(endpointCodes(sample).sort()).toEqual(
      [STORE_CODES.success, STORE_CODES.invalidParameter, STORE_CODES.tokenInvalid, STORE_CODES.permissionDenied, STORE_CODES.notFound].sort(),
    );
    const open = defineEndpoint({ path: '/v1/test/open', access: 'public', biz: z.object({}), data: z.null() });
    expect(endpointCodes(open).sort()).toEqual([STORE_CODES.success, STORE_CODES.invalidParameter].sort());
    expect(endpointAllows(open, STORE_CODES.tokenInvalid)).toBe(false);
    expect(endpointAllows(sample, STORE_CODES.notFound)).toBe(true);
    expect(endpointAllows(sample, STORE_CODES.wrongCredentials)).toBe(false);
  });

  it('refuses a relative path and a permission on a public call', () => {
    expect(() => defineEndpoint({ path: 'v1/x', access: 'public', biz: z.object({}), data: z.null() })).toThrow(/start with/);
    expect(() =>
      defineEndpoint({ path: '/v1/x', access: 'public', permission: PERMISSIONS.goodsEdit, biz: z.object({}), data: z.null() }),
    ).toThrow(/permission needs access 'user'/);
  });

  it('rejects an answer outside the data schema, including extra fields', () => {
    expect(sample.data.safeParse({ id: 'one' }).success).toBe(false);
    expect(sample.data.safeParse({ id: 1, passwordHash: 'x' }).success).toBe(false);
  });
});

describe('pageQuery and pageResult', () => {
  it('defaults to page 1 of 5 and turns numeric strings into numbers', () => {
    expect(pageQuery.parse({})).toEqual({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(pageQuery.parse({ pageNum: '3', pageSize: '50' })).toEqual({ pageNum: 3, pageSize: 50 });
  });

  it.each([{ pageNum: 0 }, { pageNum: 1.5 }, { pageSize: 7 }, { pageSize: 500 }, { pageNum: 'x' }])('rejects %p', (query) => {
    expect(pageQuery.safeParse(query).success).toBe(false);
  });

  it('extends with filters', () => {
    expect(pageQuery.extend({ name: z.string().optional() }).parse({ name: 'a', pageSize: 10 })).toEqual({ name: 'a', pageNum: 1, pageSize: 10 });
  });

  it('describes one page of items', () => {
    const page = pageResult(z.strictObject({ id: z.number() }));
    expect(page.parse({ pageNum: 1, pageSize: 5, total: 1, list: [{ id: 1 }] }).list).toEqual([{ id: 1 }]);
    expect(page.safeParse({ pageNum: 1, pageSize: 5, total: -1, list: [] }).success).toBe(false);
    expect(page.safeParse({ pageNum: 1, pageSize: 5, total: 1, list: [{ id: '1' }] }).success).toBe(false);
  });
});

describe('the endpoint catalogue', () => {
  it('has one contract per path', () => {
    const paths = allEndpoints.map((endpoint) => endpoint.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(endpointByPath(endpointGroups.auth.login.path)).toBe(endpointGroups.auth.login);
    expect(endpointByPath('/v1/unknown')).toBeUndefined();
  });

  it('gives every contract a summary and a JSON Schema for biz and data', () => {
    for (const endpoint of allEndpoints) {
      expect(endpoint.summary).toBeTruthy();
      expect(() => z.toJSONSchema(endpoint.biz, { io: 'input', unrepresentable: 'any' })).not.toThrow();
      expect(() => z.toJSONSchema(endpoint.data, { io: 'output', unrepresentable: 'any' })).not.toThrow();
    }
  });

  it('keeps permission codes only on user calls', () => {
    for (const endpoint of allEndpoints) if (endpoint.permission) expect(endpoint.access).toBe('user');
  });
});

describe('endpointsUnder', () => {
  it('declares calls under one base path, keeping the rest of the definition', () => {
    const call = endpointsUnder('/v1/store/test');
    const contract = call('ping', { access: 'user', biz: emptyBiz, data: noData, errors: [STORE_CODES.notFound], summary: 'ping' });
    const path: '/v1/store/test/ping' = contract.path;
    expect(path).toBe('/v1/store/test/ping');
    expect(contract).toMatchObject({ access: 'user', summary: 'ping', errors: [STORE_CODES.notFound] });
    expect(endpointCodes(contract)).toContain(STORE_CODES.tokenInvalid);
    expect(() => call('x', { access: 'public', permission: 'goods:view' as never, biz: emptyBiz, data: noData })).toThrow(/needs access 'user'/);
  });
});

describe('idempotent calls', () => {
  const stockChange = defineEndpoint({
    path: '/v1/test/stock',
    access: 'user',
    idempotent: true,
    biz: z.object({ delta: z.number().int(), note: z.string().default('') }).refine((biz) => biz.delta !== 0, { message: 'no change', path: ['delta'] }),
    data: z.object({ stock: z.number() }),
  });
  const key = '6f1c2a3e-8a4b-4c1d-9e2f-0123456789ab';

  // Compile-time: a screen may leave the key to the console's call helper; a handler always receives it.
  const fromScreen: EndpointBiz<typeof stockChange> = { delta: 1 };
  const received: EndpointParsedBiz<typeof stockChange> = { delta: 1, note: '', idempotencyKey: key };

  it('adds a required UUID idempotencyKey to the biz and keeps the object\'s own rules', () => {
    expect(stockChange.idempotent).toBe(true);
    expect(sample.idempotent).toBe(false);
    expect(stockChange.biz.parse({ ...fromScreen, idempotencyKey: key })).toEqual(received);
    expect(stockChange.biz.safeParse(fromScreen).error?.issues.map((issue) => issue.path)).toEqual([['idempotencyKey']]);
    expect(stockChange.biz.safeParse({ delta: 1, idempotencyKey: 'not-a-uuid' }).success).toBe(false);
    expect(stockChange.biz.safeParse({ delta: 0, idempotencyKey: key }).error?.issues.map((issue) => issue.path)).toEqual([['delta']]);
    const document = z.toJSONSchema(stockChange.biz, { io: 'input' }) as { required: string[] };
    expect(document.required).toContain('idempotencyKey');
  });

  it('may answer 10100009 for a key already used with another biz', () => {
    expect(endpointCodes(stockChange)).toContain(STORE_CODES.alreadyExists);
    expect(endpointCodes(sample)).not.toContain(STORE_CODES.alreadyExists);
  });

  it('is only for a signed-in store user\'s object-shaped call that does not declare the key itself', () => {
    expect(() => defineEndpoint({ path: '/v1/x', access: 'public', idempotent: true, biz: z.object({}), data: z.null() })).toThrow(/needs access 'user'/);
    expect(() => defineEndpoint({ path: '/v1/x', access: 'user', idempotent: true, biz: z.array(z.number()), data: z.null() })).toThrow(/must be a z.object/);
    expect(() =>
      defineEndpoint({ path: '/v1/x', access: 'user', idempotent: true, biz: z.object({ idempotencyKey: z.string() }), data: z.null() }),
    ).toThrow(/declares idempotencyKey itself/);
    const call = endpointsUnder('/v1/store/test');
    expect(call('add', { access: 'user', idempotent: true, biz: emptyBiz, data: noData }).biz.shape).toHaveProperty('idempotencyKey');
  });

  it('flags the console form calls whose double submit would change twice', () => {
    const flagged = allEndpoints.filter((endpoint) => endpoint.idempotent).map((endpoint) => endpoint.path);
    expect(flagged).toEqual(
      expect.arrayContaining([
        endpointGroups.inventory.itemAdd.path,
        endpointGroups.inventory.countCreate.path,
        endpointGroups.inventory.countComplete.path,
        endpointGroups.inventory.inboundCreate.path,
        endpointGroups.inventory.outboundCreate.path,
        endpointGroups.goods.updateGoodsSkuStock.path,
      ]),
    );
    for (const endpoint of allEndpoints.filter((candidate) => candidate.idempotent)) expect(endpoint.access).toBe('user');
  });
});
