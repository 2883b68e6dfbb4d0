// Closing the shop (console-spec §7 store/logout, docs/merchant-centre.md "Closing the shop"): the
// checklist, the request, and the request's public result. Types come from the contracts.
import { deregistrationEndpoints as api, type EndpointBiz, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';

export type LogoutCheck = EndpointData<typeof api.checkStoreCanLogout>;
export type LogoutResult = EndpointData<typeof api.queryLogoutResult>;

export const logoutApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    checkStoreCanLogout: build.query<LogoutCheck, void>({
      query: () => ({ path: api.checkStoreCanLogout.path, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    insertLogoutRecord: build.mutation<EndpointData<typeof api.insertRecords>, EndpointBiz<typeof api.insertRecords>>({
      query: (biz) => ({ path: api.insertRecords.path, biz }),
    }),
    queryLogoutResult: build.query<LogoutResult, string>({
      query: (ref) => ({ path: api.queryLogoutResult.path, biz: { ref } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useCheckStoreCanLogoutQuery, useQueryLogoutResultQuery } = logoutApi;
