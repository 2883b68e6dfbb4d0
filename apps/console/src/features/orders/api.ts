// Order calls of the /order screens (libs/api-contracts endpoints/orders.ts, docs/orders.md), typed by
// their contracts. Every order query provides the 'Order' tag, so a call that changes an order (here, or
// the shipping screens' calls in ./shipping/api.ts) refreshes the list, the tab counts and the detail.
import { orderEndpoints as O, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';
import { contractMutation, contractQuery } from '../../resource-kit';

type E = typeof O;
/** What any change to an order refreshes: the lists, the per-status counts, the detail and its certificate. */
export const ORDER_TAGS = ['Order'] as const;

export const orderApi = consoleApi.enhanceEndpoints({ addTagTypes: [...ORDER_TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    orderList: build.query<Data<E['orderList']>, Biz<E['orderList']>>(contractQuery(O.orderList, ['Order'])),
    orderCounts: build.query<Data<E['queryStoreOrderCount']>, Biz<E['queryStoreOrderCount']>>(contractQuery(O.queryStoreOrderCount, ['Order'])),
    orderDetail: build.query<Data<E['orderDetail']>, Biz<E['orderDetail']>>(contractQuery(O.orderDetail, ['Order'])),
    salesCertificate: build.query<Data<E['salesCertificate']>, Biz<E['salesCertificate']>>(contractQuery(O.salesCertificate, ['Order'])),
    extendReturnPeriod: build.mutation<Data<E['extendReturnPeriod']>, Biz<E['extendReturnPeriod']>>(contractMutation(O.extendReturnPeriod, ['Order'])),
  }),
});
