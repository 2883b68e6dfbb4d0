// The shipping screens' calls (libs/api-contracts endpoints/orders.ts), typed by their contracts. The
// 'Order' tag is the order screens' own (../api.ts), so a shipment refreshes their list, status counts and
// detail, and the dashboard's counts, too.
import { orderEndpoints as O, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { contractMutation, contractQuery } from '../../../resource-kit';

type E = typeof O;
const TAGS = ['Order', 'Shipment'] as const;

export const shippingApi = consoleApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    /** The to-ship worklist (orderList with status 1). */
    ordersToShip: build.query<Data<E['orderList']>, Biz<E['orderList']>>(contractQuery(O.orderList, ['Order'])),
    orderToShip: build.query<Data<E['orderDetail']>, Biz<E['orderDetail']>>(contractQuery(O.orderDetail, ['Order'])),
    shipOrder: build.mutation<Data<E['shipOrder']>, Biz<E['shipOrder']>>(contractMutation(O.shipOrder, [...TAGS])),
    bulkShip: build.mutation<Data<E['bulkShip']>, Biz<E['bulkShip']>>(contractMutation(O.bulkShip, [...TAGS])),
    shipment: build.query<Data<E['shipmentDetail']>, Biz<E['shipmentDetail']>>(contractQuery(O.shipmentDetail, ['Shipment'])),
    deliverySlips: build.query<Data<E['deliverySlip']>, Biz<E['deliverySlip']>>(contractQuery(O.deliverySlip, ['Order', 'Shipment'])),
  }),
});
