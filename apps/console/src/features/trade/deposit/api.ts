// Deposit calls (libs/api-contracts deposit.ts, docs/ledger.md "Deposit top-ups and transfers"), typed by their
// contracts. A top-up or transfer refreshes the lists and the balances shown above them.
import { depositEndpoints as D, payEndpoints as P, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { contractMutation, contractQuery } from '../../../resource-kit';

type E = typeof D;
const TAGS = ['DepositTopUp', 'DepositTransfer', 'DepositBalance'] as const;

export const depositApi = consoleApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    depositTopUps: build.query<Data<E['queryTopUpList']>, Biz<E['queryTopUpList']>>(contractQuery(D.queryTopUpList, ['DepositTopUp'])),
    depositTopUp: build.query<Data<E['queryTopUpDetail']>, Biz<E['queryTopUpDetail']>>(contractQuery(D.queryTopUpDetail, ['DepositTopUp'])),
    applyDepositTopUp: build.mutation<Data<E['applyTopUp']>, Biz<E['applyTopUp']>>(contractMutation(D.applyTopUp, ['DepositTopUp'])),
    depositTransfers: build.query<Data<E['queryTransferList']>, Biz<E['queryTransferList']>>(contractQuery(D.queryTransferList, ['DepositTransfer'])),
    depositTransfer: build.query<Data<E['queryTransferDetail']>, Biz<E['queryTransferDetail']>>(contractQuery(D.queryTransferDetail, ['DepositTransfer', 'DepositBalance'])),
    applyDepositTransfer: build.mutation<Data<E['applyTransfer']>, Biz<E['applyTransfer']>>(contractMutation(D.applyTransfer, ['DepositTransfer', 'DepositBalance'])),
    depositBalances: build.query<Data<typeof P.queryPayAccountByUser>, void>({ ...contractQuery(P.queryPayAccountByUser, ['DepositBalance']), query: () => ({ path: P.queryPayAccountByUser.path, biz: {}, options: { silent: true } }) }),
  }),
});
