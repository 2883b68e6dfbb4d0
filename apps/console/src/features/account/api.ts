// Account calls (console-spec §7): store info, mobile and email changes with check codes, the
// sign-in password, and the pay password (/v1/store/pay/user/). Dialog calls are silent: a dialog
// shows the server msg itself (§8 "In dialogs, non-success shows the server msg").
import { consoleApi } from '../../app/api';
import { USER_API_BASE } from '../auth/api';

const PAY_USER = '/v1/store/pay/user';
const silent = { silent: true } as const;

export interface AccountInfo {
  storeId: number;
  storeName: string;
  storeStatus: number;
  storeType: number;
  email: string;
  mobile: string;
}

export interface CheckCodeSent {
  expiresInSeconds: number;
}

export const accountApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    accountInfo: build.query<AccountInfo, void>({
      query: () => ({ path: `${USER_API_BASE}/getStoreInfoByToken`, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    sendUpdateMobileCheckCode: build.mutation<CheckCodeSent, { mobile: string }>({
      query: (biz) => ({ path: `${USER_API_BASE}/sendUpdateMobileCheckCode`, biz, options: silent }),
    }),
    updateStoreMobile: build.mutation<{ mobile: string }, { mobile: string; checkCode: string }>({
      query: (biz) => ({ path: `${USER_API_BASE}/updateStoreMobile`, biz, options: silent }),
    }),
    sendUpdateEmailCheckCode: build.mutation<CheckCodeSent & { mobile: string }, void>({
      query: () => ({ path: `${USER_API_BASE}/sendUpdateEmailCheckCode`, biz: {}, options: silent }),
    }),
    updateStoreEmail: build.mutation<{ email: string }, { email: string; checkCode: string }>({
      query: (biz) => ({ path: `${USER_API_BASE}/updateStoreEmail`, biz, options: silent }),
    }),
    updatePasswordByToken: build.mutation<null, { oldPassword: string; newPassword: string }>({
      query: (biz) => ({ path: `${USER_API_BASE}/updatePasswordByToken`, biz, options: silent }),
    }),
    isSetPayPassword: build.query<{ isSetPayPassword: boolean }, void>({
      query: () => ({ path: `${PAY_USER}/isSetPayPassword`, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    sendPayPasswordCheckCode: build.mutation<CheckCodeSent, 'init' | 'set' | 'check'>({
      query: (kind) => ({ path: `${PAY_USER}/${PAY_CODE_SENDERS[kind]}`, biz: {}, options: silent }),
    }),
    initPayPassword: build.mutation<null, { payPassword: string; checkCode: string }>({
      query: (biz) => ({ path: `${PAY_USER}/initPayPassword`, biz, options: silent }),
    }),
    setPayPassword: build.mutation<null, { payPassword: string; checkCode: string }>({
      query: (biz) => ({ path: `${PAY_USER}/setPayPassword`, biz, options: silent }),
    }),
    updatePayPassword: build.mutation<null, { oldPayPassword: string; newPayPassword: string }>({
      query: (biz) => ({ path: `${PAY_USER}/updatePayPassword`, biz, options: silent }),
    }),
    checkPayPassword: build.mutation<{ checked: boolean }, { payPassword: string; checkCode: string }>({
      query: (biz) => ({ path: `${PAY_USER}/checkPayPassword`, biz, options: silent }),
    }),
  }),
});

const PAY_CODE_SENDERS = {
  init: 'sendInitPayPasswordCheckCode',
  set: 'sendSetPayPasswordCheckCode',
  check: 'sendCheckPayPasswordCheckCode',
} as const;

export const {
  useAccountInfoQuery,
  useSendUpdateMobileCheckCodeMutation,
  useUpdateStoreMobileMutation,
  useSendUpdateEmailCheckCodeMutation,
  useUpdateStoreEmailMutation,
  useUpdatePasswordByTokenMutation,
  useIsSetPayPasswordQuery,
  useSendPayPasswordCheckCodeMutation,
  useInitPayPasswordMutation,
  useSetPayPasswordMutation,
  useUpdatePayPasswordMutation,
  useCheckPayPasswordMutation,
} = accountApi;
