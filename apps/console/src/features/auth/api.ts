// User endpoints (console-spec §7, base /v1/store/eshop/store/user/). Request and answer types come
// from the contracts of @merchant/api-contracts, the ones store-server answers through. They are
// imported as types only, and each path is a literal the compiler checks against its contract
// (contractPath): /login loads neither the contracts nor zod (docs/performance.md, initial JS).
import type { authEndpoints, accountEndpoints, EndpointBiz, EndpointData } from '@merchant/api-contracts';
import { consoleApi, contractPath } from '../../app/api';

type api = typeof authEndpoints;
type account = typeof accountEndpoints;

export type LoginRequest = EndpointBiz<api['login']>;
export type LoginResponse = EndpointData<api['login']>;

export const authApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      // Failure text is shown inline by the form, so the client does not toast it. On 10103003 the
      // client opens the graphic verification; the next attempt carries the solved captchaKey.
      query: (biz) => ({ path: contractPath<api['login']>('/v1/store/eshop/store/user/login'), biz, options: { silent: true } }),
    }),
    /** Raw user info; session.ts validates it (roles) before it reaches the store. */
    getUserByToken: build.query<unknown, EndpointBiz<api['getUserByToken']>>({
      // Silent: loadCurrentUser shows the failure itself (the client stays quiet on 10302006).
      query: (biz) => ({ path: contractPath<api['getUserByToken']>('/v1/store/eshop/store/user/getUserByToken'), biz, options: { silent: true } }),
      keepUnusedDataFor: 0,
    }),
    logout: build.mutation<EndpointData<api['logout']>, EndpointBiz<api['logout']>>({
      query: (biz) => ({ path: contractPath<api['logout']>('/v1/store/eshop/store/user/logout'), biz }),
    }),
    // The forms below show failures inline, in the merchant's language (apiErrorText), so all are silent.
    sendLoginCheckCode: build.mutation<EndpointData<api['sendLoginCheckCode']>, EndpointBiz<api['sendLoginCheckCode']>>({
      query: (biz) => ({ path: contractPath<api['sendLoginCheckCode']>('/v1/store/eshop/store/user/sendLoginCheckCode'), biz, options: { silent: true } }),
    }),
    checkCodeLogin: build.mutation<LoginResponse, EndpointBiz<api['checkCodeLogin']>>({
      query: (biz) => ({ path: contractPath<api['checkCodeLogin']>('/v1/store/eshop/store/user/checkCodeLogin'), biz, options: { silent: true } }),
    }),
    sendUpdateCheckCode: build.mutation<
      EndpointData<account['sendUpdateCheckCode']>,
      EndpointBiz<account['sendUpdateCheckCode']>
    >({
      query: (biz) => ({ path: contractPath<account['sendUpdateCheckCode']>('/v1/store/eshop/store/user/sendUpdateCheckCode'), biz, options: { silent: true } }),
    }),
    updatePassword: build.mutation<EndpointData<account['updatePassword']>, EndpointBiz<account['updatePassword']>>({
      query: (biz) => ({ path: contractPath<account['updatePassword']>('/v1/store/eshop/store/user/updatePassword'), biz, options: { silent: true } }),
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useSendLoginCheckCodeMutation,
  useCheckCodeLoginMutation,
  useSendUpdateCheckCodeMutation,
  useUpdatePasswordMutation,
} = authApi;
