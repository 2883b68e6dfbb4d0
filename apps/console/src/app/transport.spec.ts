// The RTK Query baseQuery over the secure client: data through, failures as { code, msg }.
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { inventoryEndpoints, STORE_CODES, type EndpointBiz } from '@merchant/api-contracts';
import { createSecureClient, SecureTransportError } from '@merchant/secure-transport';
import { createFakeStoreServer, DEMO_USER, ok } from '../../test/fakeStoreServer';
import { contractMutation } from '../resource-kit/contractEndpoint';
import { CLIENT_ERROR_CODE, secureBaseQuery, toApiError, type TransportClient } from './transport';

function storeWith(client: TransportClient) {
  const api = createApi({
    baseQuery: secureBaseQuery,
    endpoints: (build) => ({
      probe: build.query<unknown, { n: number }>({ query: (biz) => ({ path: '/v1/probe', biz, options: { silent: true } }) }),
    }),
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { client } } }).concat(api.middleware),
  });
  return { api, store };
}

describe('secureBaseQuery', () => {
  it('posts path, biz and options through the client and returns its data', async () => {
    const post = jest.fn().mockResolvedValue({ ok: 1 });
    const { api, store } = storeWith({ post, setAccessToken: jest.fn() });
    const result = await store.dispatch(api.endpoints.probe.initiate({ n: 1 }));
    expect(post).toHaveBeenCalledWith('/v1/probe', { n: 1 }, { silent: true });
    expect(result.data).toEqual({ ok: 1 });
  });

  it('turns a SecureTransportError into { code, msg, errInfo }', async () => {
    const post = jest.fn().mockRejectedValue(new SecureTransportError('10103003', 'verify first', { value: 'img' }));
    const { api, store } = storeWith({ post, setAccessToken: jest.fn() });
    const result = await store.dispatch(api.endpoints.probe.initiate({ n: 2 }));
    expect(result.error).toEqual({ code: '10103003', msg: 'verify first', errInfo: { value: 'img' } });
  });

  it('reports anything else thrown as a client error', () => {
    expect(toApiError(new TypeError('boom'))).toEqual({ code: CLIENT_ERROR_CODE, msg: 'boom' });
    expect(toApiError('bad')).toEqual({ code: CLIENT_ERROR_CODE, msg: 'bad' });
  });
});

describe('a contract mutation through the secure client (fake store-server)', () => {
  const itemAdd = inventoryEndpoints.itemAdd;
  type ItemAddBiz = EndpointBiz<typeof itemAdd>;

  function consoleWith(server: ReturnType<typeof createFakeStoreServer>) {
    const client = createSecureClient({ baseUrl: 'http://127.0.0.1:3100', mode: 'none', fetch: server.fetch, accessToken: DEMO_USER.token });
    const api = createApi({
      baseQuery: secureBaseQuery,
      endpoints: (build) => ({ addItem: build.mutation<{ itemId: number }, ItemAddBiz>(contractMutation(itemAdd, [])) }),
    });
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (getDefault) => getDefault({ thunk: { extraArgument: { client } } }).concat(api.middleware),
    });
    return { add: (biz: ItemAddBiz) => store.dispatch(api.endpoints.addItem.initiate(biz)), dispose: () => client.dispose() };
  }

  it("rejects with 10100001's errInfo.problems exactly as answered: every refused field, in schema order", async () => {
    const server = createFakeStoreServer();
    const handler = jest.fn(() => ok({ itemId: 1 }));
    server.on(itemAdd.path, handler);
    const { add, dispose } = consoleWith(server);
    const result = await add({ skuId: -1, warehouseName: ' ' });
    dispose();
    expect('error' in result && result.error).toEqual({
      code: STORE_CODES.invalidParameter,
      msg: expect.any(String),
      errInfo: {
        problems: [
          { field: 'skuId', problem: { rule: 'positive' } },
          { field: 'warehouseName', problem: { rule: 'required' } },
        ],
      },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("sends an idempotent call with the caller's key, or a fresh one per call when the screen gives none", async () => {
    const server = createFakeStoreServer();
    let next = 0;
    server.on(itemAdd.path, () => ok({ itemId: ++next }));
    const { add, dispose } = consoleWith(server);
    const submitKey = '6f1c2a3e-8a4b-4c1d-9e2f-0123456789ab';
    const kitSubmits = [await add({ skuId: 7, warehouseName: 'Hangzhou', idempotencyKey: submitKey }), await add({ skuId: 7, warehouseName: 'Hangzhou', idempotencyKey: submitKey })];
    const screenCalls = [await add({ skuId: 8, warehouseName: 'Hangzhou' }), await add({ skuId: 8, warehouseName: 'Hangzhou' })];
    dispose();
    // One submit with one key is one change: the repeat gets the first answer.
    expect(kitSubmits.map((result) => result.data)).toEqual([{ itemId: 1 }, { itemId: 1 }]);
    expect(screenCalls.map((result) => result.data)).toEqual([{ itemId: 2 }, { itemId: 3 }]);
    const keys = server.callsTo(itemAdd.path).map((call) => call.biz.idempotencyKey);
    expect(keys.slice(0, 2)).toEqual([submitKey, submitKey]);
    expect(keys[2]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(3);
  });
});
