// Account calls (console-spec §7): store info, mobile and email changes with check codes, the
// sign-in password, and the pay password (/v1/store/pay/user/). Dialog calls are silent: a dialog
// shows the server msg itself (§8 "In dialogs, non-success shows the server msg"). Request and
// answer types come from the contracts of @merchant/api-contracts.
import { accountEndpoints as account, payEndpoints as pay, type EndpointBiz, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';

const silent = { silent: true } as const;

export type AccountInfo = EndpointData<typeof account.getStoreInfoByToken>;
export type CheckCodeSent = EndpointData<typeof pay.sendInitPayPasswordCheckCode>;

const PAY_CODE_SENDERS = {
  init: pay.sendInitPayPasswordCheckCode,
  set: pay.sendSetPayPasswordCheckCode,
  check: pay.sendCheckPayPasswordCheckCode,
} as const;

export const accountApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    accountInfo: build.query<AccountInfo, void>({
      query: () => ({ path: account.getStoreInfoByToken.path, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    sendUpdateMobileCheckCode: build.mutation<EndpointData<typeof account.sendUpdateMobileCheckCode>, EndpointBiz<typeof account.sendUpdateMobileCheckCode>>({
      query: (biz) => ({ path: account.sendUpdateMobileCheckCode.path, biz, options: silent }),
    }),
    updateStoreMobile: build.mutation<EndpointData<typeof account.updateStoreMobile>, EndpointBiz<typeof account.updateStoreMobile>>({
      query: (biz) => ({ path: account.updateStoreMobile.path, biz, options: silent }),
    }),
    sendUpdateEmailCheckCode: build.mutation<EndpointData<typeof account.sendUpdateEmailCheckCode>, void>({
      query: () => ({ path: account.sendUpdateEmailCheckCode.path, biz: {}, options: silent }),
    }),
    updateStoreEmail: build.mutation<EndpointData<typeof account.updateStoreEmail>, EndpointBiz<typeof account.updateStoreEmail>>({
      query: (biz) => ({ path: account.updateStoreEmail.path, biz, options: silent }),
    }),
    updatePasswordByToken: build.mutation<EndpointData<typeof account.updatePasswordByToken>, EndpointBiz<typeof account.updatePasswordByToken>>({
      query: (biz) => ({ path: account.updatePasswordByToken.path, biz, options: silent }),
    }),
    isSetPayPassword: build.query<EndpointData<typeof pay.isSetPayPassword>, void>({
      query: () => ({ path: pay.isSetPayPassword.path, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    sendPayPasswordCheckCode: build.mutation<CheckCodeSent, keyof typeof PAY_CODE_SENDERS>({
      query: (kind) => ({ path: PAY_CODE_SENDERS[kind].path, biz: {}, options: silent }),
    }),
    initPayPassword: build.mutation<EndpointData<typeof pay.initPayPassword>, EndpointBiz<typeof pay.initPayPassword>>({
      query: (biz) => ({ path: pay.initPayPassword.path, biz, options: silent }),
    }),
    setPayPassword: build.mutation<EndpointData<typeof pay.setPayPassword>, EndpointBiz<typeof pay.setPayPassword>>({
      query: (biz) => ({ path: pay.setPayPassword.path, biz, options: silent }),
    }),
    updatePayPassword: build.mutation<EndpointData<typeof pay.updatePayPassword>, EndpointBiz<typeof pay.updatePayPassword>>({
      query: (biz) => ({ path: pay.updatePayPassword.path, biz, options: silent }),
    }),
    checkPayPassword: build.mutation<EndpointData<typeof pay.checkPayPassword>, EndpointBiz<typeof pay.checkPayPassword>>({
      query: (biz) => ({ path: pay.checkPayPassword.path, biz, options: silent }),
    }),
  }),
});

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
