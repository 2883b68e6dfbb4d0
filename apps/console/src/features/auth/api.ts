// User endpoints (console-spec §7, base /v1/store/eshop/store/user/). Request and answer types come
// from the contracts of @merchant/api-contracts, the ones store-server answers through.
import { USER_BASE, authEndpoints as api, accountEndpoints, type EndpointBiz, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';

export const USER_API_BASE = USER_BASE;

export type LoginRequest = EndpointBiz<typeof api.login>;
export type LoginResponse = EndpointData<typeof api.login>;

export const authApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      // Failure text is shown inline by the form, so the client does not toast it. On 10103003 the
      // client opens the graphic verification; the next attempt carries the solved captchaKey.
      query: (biz) => ({ path: api.login.path, biz, options: { silent: true } }),
    }),
    /** Raw user info; session.ts validates it (roles) before it reaches the store. */
    getUserByToken: build.query<unknown, EndpointBiz<typeof api.getUserByToken>>({
      // Silent: loadCurrentUser shows the failure itself (the client stays quiet on 10302006).
      query: (biz) => ({ path: api.getUserByToken.path, biz, options: { silent: true } }),
      keepUnusedDataFor: 0,
    }),
    logout: build.mutation<EndpointData<typeof api.logout>, EndpointBiz<typeof api.logout>>({
      query: (biz) => ({ path: api.logout.path, biz }),
    }),
    // The forms below show failures inline, in the merchant's language (apiErrorText), so all are silent.
    sendLoginCheckCode: build.mutation<EndpointData<typeof api.sendLoginCheckCode>, EndpointBiz<typeof api.sendLoginCheckCode>>({
      query: (biz) => ({ path: api.sendLoginCheckCode.path, biz, options: { silent: true } }),
    }),
    checkCodeLogin: build.mutation<LoginResponse, EndpointBiz<typeof api.checkCodeLogin>>({
      query: (biz) => ({ path: api.checkCodeLogin.path, biz, options: { silent: true } }),
    }),
    sendUpdateCheckCode: build.mutation<
      EndpointData<typeof accountEndpoints.sendUpdateCheckCode>,
      EndpointBiz<typeof accountEndpoints.sendUpdateCheckCode>
    >({
      query: (biz) => ({ path: accountEndpoints.sendUpdateCheckCode.path, biz, options: { silent: true } }),
    }),
    updatePassword: build.mutation<EndpointData<typeof accountEndpoints.updatePassword>, EndpointBiz<typeof accountEndpoints.updatePassword>>({
      query: (biz) => ({ path: accountEndpoints.updatePassword.path, biz, options: { silent: true } }),
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
