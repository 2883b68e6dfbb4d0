// User endpoints (console-spec §7, base /v1/store/eshop/store/user/).
import { CAPTCHA_REQUIRED } from '@merchant/secure-transport';
import { consoleApi } from '../../app/api';

export const USER_API_BASE = '/v1/store/eshop/store/user';

export interface LoginRequest {
  userName: string;
  password: string;
}

export interface LoginResponse {
  /** Absent when the server only asks for graphic verification (10103003). */
  accessToken?: string;
  storeStatus?: number;
}

export const authApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      // §8: login also accepts 10103003 (the client shows the captcha); its failure text is shown
      // inline by the login form, so the client does not toast it as well.
      query: (biz) => ({ path: `${USER_API_BASE}/login`, biz, options: { silent: true, acceptCodes: [CAPTCHA_REQUIRED] } }),
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
  }),
});

export const { useLoginMutation, useLogoutMutation } = authApi;
