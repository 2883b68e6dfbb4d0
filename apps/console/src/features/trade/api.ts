// Trade read calls (libs/api-contracts trade.ts, docs/trade.md), typed by their contracts. Tagged with the
// orders' and refunds' tags, so a refund paid on the after-sales screens shows here without a reload.
import { tradeEndpoints as T, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';
import { contractQuery } from '../../resource-kit';

type E = typeof T;

export const tradeApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Order', 'Refund'] }).injectEndpoints({
  endpoints: (build) => ({
    tradeOrders: build.query<Data<E['tradeOrderList']>, Biz<E['tradeOrderList']>>(contractQuery(T.tradeOrderList, ['Order'])),
    tradeOrder: build.query<Data<E['tradeOrderDetail']>, Biz<E['tradeOrderDetail']>>(contractQuery(T.tradeOrderDetail, ['Order', 'Refund'])),
    tradeRefunds: build.query<Data<E['refundList']>, Biz<E['refundList']>>(contractQuery(T.refundList, ['Refund'])),
    tradeRefund: build.query<Data<E['refundDetail']>, Biz<E['refundDetail']>>(contractQuery(T.refundDetail, ['Refund'])),
  }),
});
