// Time-limited sales and their orders (issue 28 §3; contract libs/api-contracts/src/endpoints/flash-sales.ts), typed
// by their contracts. The list's rows carry how far the server's clock is from this browser's, so a slot's
// countdown counts from the server's time.
import { flashSaleEndpoints as F, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { contractMutation, contractQuery } from '../../../resource-kit';

type E = typeof F;
const TAGS = ['FlashSale'] as const;

type ListAnswer = Data<E['flashSaleList']>;
export type FlashSaleRow = ListAnswer['list'][number] & { clockOffsetMs: number };
export type FlashSaleListQuery = Biz<E['flashSaleList']>;
export type FlashSaleDetails = Data<E['flashSaleDetails']>;
export type FlashSaleOrderRow = Data<E['flashSaleOrders']>['list'][number];
export type FlashSaleOrdersQuery = Biz<E['flashSaleOrders']>;

export const flashSalesApi = consoleApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    flashSaleList: build.query<Omit<ListAnswer, 'list'> & { list: FlashSaleRow[] }, Biz<E['flashSaleList']>>({
      ...contractQuery(F.flashSaleList, [...TAGS]),
      transformResponse: (answer: ListAnswer) => ({ ...answer, list: answer.list.map((row) => ({ ...row, clockOffsetMs: row.serverTime * 1000 - Date.now() })) }),
    }),
    flashSaleDetails: build.query<FlashSaleDetails, Biz<E['flashSaleDetails']>>(contractQuery(F.flashSaleDetails, [...TAGS])),
    flashSaleOrders: build.query<Data<E['flashSaleOrders']>, Biz<E['flashSaleOrders']>>(contractQuery(F.flashSaleOrders, [...TAGS])),
    addFlashSale: build.mutation<Data<E['addFlashSale']>, Biz<E['addFlashSale']>>(contractMutation(F.addFlashSale, [...TAGS])),
    editFlashSale: build.mutation<Data<E['editFlashSale']>, Biz<E['editFlashSale']>>(contractMutation(F.editFlashSale, [...TAGS])),
    stopFlashSale: build.mutation<Data<E['stopFlashSale']>, Biz<E['stopFlashSale']>>(contractMutation(F.stopFlashSale, [...TAGS])),
  }),
});
