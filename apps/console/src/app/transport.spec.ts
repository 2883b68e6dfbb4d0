// The RTK Query baseQuery over the secure client: data through, failures as { code, msg }.
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { SecureTransportError } from '@merchant/secure-transport';
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
