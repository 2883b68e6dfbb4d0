// Settlement account calls (issue 26 §2): the card as the server shows it (masked), the banks, the check code to the
// store's mobile and the change itself (idempotent: the kit sends one key per intended change). Types from the contracts.
import { accountEndpoints as account, payEndpoints as pay, type EndpointBiz, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';

export type SettlementAccount = EndpointData<typeof account.queryStoreBankCard>;

export const settlementApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    settlementAccount: build.query<SettlementAccount, void>({
      query: () => ({ path: account.queryStoreBankCard.path, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    bankList: build.query<EndpointData<typeof pay.queryBankList>, void>({
      query: () => ({ path: pay.queryBankList.path, biz: {} }),
    }),
    sendSettlementCheckCode: build.mutation<EndpointData<typeof account.sendUpdateBankCardCheckCode>, void>({
      query: () => ({ path: account.sendUpdateBankCardCheckCode.path, biz: {} }),
    }),
    updateSettlementCard: build.mutation<SettlementAccount, EndpointBiz<typeof account.updateStoreBankCard>>({
      query: (biz) => ({ path: account.updateStoreBankCard.path, biz }),
    }),
  }),
});

export const { useSettlementAccountQuery, useBankListQuery, useSendSettlementCheckCodeMutation } = settlementApi;
