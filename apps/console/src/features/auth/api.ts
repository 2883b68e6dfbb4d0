// User endpoints (console-spec §7, base /v1/store/eshop/store/user/).
import { consoleApi } from '../../app/api';

export const USER_API_BASE = '/v1/store/eshop/store/user';

export interface LoginRequest {
  userName: string;
  password: string;
  /** Key of a graphic verification solved through checkCaptchaCode (store-server). */
  captchaKey?: string;
}

export interface LoginResponse {
  accessToken: string;
  storeStatus?: number;
}

export const authApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      // Failure text is shown inline by the form, so the client does not toast it. On 10103003 the
      // client opens the graphic verification; the next attempt carries the solved captchaKey.
      query: (biz) => ({ path: `${USER_API_BASE}/login`, biz, options: { silent: true } }),
    }),
    /** Raw user info; session.ts validates it (roles) before it reaches the store. */
    getUserByToken: build.query<unknown, { token: string }>({
      // Silent: loadCurrentUser shows the failure itself (the client stays quiet on 10302006).
      query: (biz) => ({ path: `${USER_API_BASE}/getUserByToken`, biz, options: { silent: true } }),
      keepUnusedDataFor: 0,
    }),
    logout: build.mutation<unknown, { accessToken: string }>({
      query: (biz) => ({ path: `${USER_API_BASE}/logout`, biz }),
    }),
    // The forms below show failures inline, in the merchant's language (apiErrorText), so all are silent.
    sendLoginCheckCode: build.mutation<unknown, { mobile: string }>({
      query: (biz) => ({ path: `${USER_API_BASE}/sendLoginCheckCode`, biz, options: { silent: true } }),
    }),
    checkCodeLogin: build.mutation<LoginResponse, { mobile: string; checkCode: string }>({
      query: (biz) => ({ path: `${USER_API_BASE}/checkCodeLogin`, biz, options: { silent: true } }),
    }),
    sendUpdateCheckCode: build.mutation<{ mobile?: string }, { userName: string }>({
      query: (biz) => ({ path: `${USER_API_BASE}/sendUpdateCheckCode`, biz, options: { silent: true } }),
    }),
    updatePassword: build.mutation<unknown, { userName: string; checkCode: string; newPassword: string }>({
      query: (biz) => ({ path: `${USER_API_BASE}/updatePassword`, biz, options: { silent: true } }),
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
