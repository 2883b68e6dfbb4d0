// The wallet's calls (libs/api-contracts endpoints/wallet.ts), typed by their contracts. 'Wallet' tags every read,
// so a withdrawal refreshes the balances, the money flow and the list at once.
import { walletEndpoints as W, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import type { EnvelopeRequest } from '../../../app/transport';
import { contractQuery } from '../../../resource-kit';

type E = typeof W;

export const walletApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Wallet'] }).injectEndpoints({
  endpoints: (build) => ({
    walletSummary: build.query<Data<E['queryWalletSummary']>, Biz<E['queryWalletSummary']>>({ ...contractQuery(W.queryWalletSummary, ['Wallet']), keepUnusedDataFor: 0 }),
    ledgerEntries: build.query<Data<E['queryLedgerEntries']>, Biz<E['queryLedgerEntries']>>(contractQuery(W.queryLedgerEntries, ['Wallet'])),
    ledgerTransfer: build.query<Data<E['queryLedgerTransfer']>, Biz<E['queryLedgerTransfer']>>(contractQuery(W.queryLedgerTransfer, ['Wallet'])),
    withdrawals: build.query<Data<E['queryWithdrawalList']>, Biz<E['queryWithdrawalList']>>(contractQuery(W.queryWithdrawalList, ['Wallet'])),
    /**
     * The form sends the key of the withdrawal it means (one per intended withdrawal, kept across retries) and shows
     * every refusal itself, beside the fields: silent, so no snackbar repeats it.
     */
    applyWithdrawal: build.mutation<Data<E['applyWithdrawal']>, Biz<E['applyWithdrawal']> & { idempotencyKey: string }>({
      query: (biz): EnvelopeRequest => ({ path: W.applyWithdrawal.path, biz, options: { silent: true } }),
      invalidatesTags: ['Wallet'],
    }),
  }),
});
