// The statement calls (libs/api-contracts statements.ts, docs/trade.md "Statements"), typed by their contracts. Tagged
// 'Ledger' so a withdrawal, top-up or transfer made on the wallet screens shows in the bills without a reload.
import { statementEndpoints as S, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { contractQuery } from '../../../resource-kit';

type E = typeof S;

export const statementsApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Ledger'] }).injectEndpoints({
  endpoints: (build) => ({
    statements: build.query<Data<E['statementList']>, Biz<E['statementList']>>(contractQuery(S.statementList, ['Ledger'])),
    explainBalance: build.query<Data<E['explainBalance']>, Biz<E['explainBalance']>>(contractQuery(S.explainBalance, ['Ledger'])),
    settlements: build.query<Data<E['settlementList']>, Biz<E['settlementList']>>(contractQuery(S.settlementList, ['Ledger'])),
    settlement: build.query<Data<E['settlementDetail']>, Biz<E['settlementDetail']>>(contractQuery(S.settlementDetail, ['Ledger'])),
    settlementOrders: build.query<Data<E['settlementOrders']>, Biz<E['settlementOrders']>>(contractQuery(S.settlementOrders, ['Ledger'])),
    settlementCalendar: build.query<Data<E['settlementCalendar']>, Biz<E['settlementCalendar']>>(contractQuery(S.settlementCalendar, ['Ledger'])),
  }),
});
