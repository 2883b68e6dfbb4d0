// Account calls (console-spec §7): store info, mobile and email changes with check codes, the
// sign-in password, and the pay password (/v1/store/pay/user/). A refused call's server msg is shown
// by the baseQuery while the form stays open (§8 "In dialogs, non-success shows the server msg"), as
// for every form of the kit. Request and answer types come from the contracts of @merchant/api-contracts.
import { accountEndpoints as account, payEndpoints as pay, type EndpointBiz, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';

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
      query: (biz) => ({ path: account.sendUpdateMobileCheckCode.path, biz }),
    }),
    updateStoreMobile: build.mutation<EndpointData<typeof account.updateStoreMobile>, EndpointBiz<typeof account.updateStoreMobile>>({
      query: (biz) => ({ path: account.updateStoreMobile.path, biz }),
    }),
    sendUpdateEmailCheckCode: build.mutation<EndpointData<typeof account.sendUpdateEmailCheckCode>, void>({
      query: () => ({ path: account.sendUpdateEmailCheckCode.path, biz: {} }),
    }),
    updateStoreEmail: build.mutation<EndpointData<typeof account.updateStoreEmail>, EndpointBiz<typeof account.updateStoreEmail>>({
      query: (biz) => ({ path: account.updateStoreEmail.path, biz }),
    }),
    updatePasswordByToken: build.mutation<EndpointData<typeof account.updatePasswordByToken>, EndpointBiz<typeof account.updatePasswordByToken>>({
      query: (biz) => ({ path: account.updatePasswordByToken.path, biz }),
    }),
    isSetPayPassword: build.query<EndpointData<typeof pay.isSetPayPassword>, void>({
      query: () => ({ path: pay.isSetPayPassword.path, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    sendPayPasswordCheckCode: build.mutation<CheckCodeSent, keyof typeof PAY_CODE_SENDERS>({
      query: (kind) => ({ path: PAY_CODE_SENDERS[kind].path, biz: {} }),
    }),
    initPayPassword: build.mutation<EndpointData<typeof pay.initPayPassword>, EndpointBiz<typeof pay.initPayPassword>>({
      query: (biz) => ({ path: pay.initPayPassword.path, biz }),
    }),
    setPayPassword: build.mutation<EndpointData<typeof pay.setPayPassword>, EndpointBiz<typeof pay.setPayPassword>>({
      query: (biz) => ({ path: pay.setPayPassword.path, biz }),
    }),
    updatePayPassword: build.mutation<EndpointData<typeof pay.updatePayPassword>, EndpointBiz<typeof pay.updatePayPassword>>({
      query: (biz) => ({ path: pay.updatePayPassword.path, biz }),
    }),
    checkPayPassword: build.mutation<EndpointData<typeof pay.checkPayPassword>, EndpointBiz<typeof pay.checkPayPassword>>({
      query: (biz) => ({ path: pay.checkPayPassword.path, biz }),
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
