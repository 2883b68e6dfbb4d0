// §7 store init: once a store enters the console, the shared lists are loaded in the spec's order
// (city, the three statuses, blacklist, exists, category) and kept in RTK Query's cache, where
// every screen reads them through the hooks below instead of fetching its own copy.
import { consoleApi } from './api';
import type { AppThunk } from './store';

const COMMON = '/v1/store/common';
/** Shared lists stay cached for the session's typical length. */
const LIST_CACHE_SECONDS = 60 * 60;

export interface LabelledValue {
  value: string;
  label: string;
}
export interface City {
  cityCode: string;
  cityName: string;
  parentCode?: string;
}
export interface Category {
  id: number;
  name?: string;
  categoryName?: string;
  parentId?: number;
}
export type StatusDictionary = 'stockStatus' | 'freightTemplateStatus' | 'deliveryRangeStatus';

export const storeInitApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    cityList: build.query<City[], void>({
      query: () => ({ path: `${COMMON}/city/list`, biz: {}, options: { silent: true } }),
      transformResponse: (data: { list?: City[] } | null) => data?.list ?? [],
      keepUnusedDataFor: LIST_CACHE_SECONDS,
    }),
    statusList: build.query<LabelledValue[], StatusDictionary>({
      query: (dictType) => ({ path: `${COMMON}/dictionary/list`, biz: { dictType }, options: { silent: true } }),
      transformResponse: (data: { list?: LabelledValue[] } | null) => data?.list ?? [],
      keepUnusedDataFor: LIST_CACHE_SECONDS,
    }),
    withdrawBlacklist: build.query<{ isBlacklist: boolean; blacklistRemark: string }, void>({
      query: () => ({ path: '/v1/store/pay/withdrawal/blacklist/getWithdrawBlacklistByUid', biz: {}, options: { silent: true } }),
      keepUnusedDataFor: LIST_CACHE_SECONDS,
    }),
    homeExists: build.query<{ existsPromise: boolean; existsProtocol: boolean; storeLicenseDays: number; brandExpiryDays: number }, void>({
      query: () => ({ path: '/v1/store/eshop/store/user/storePcHome', biz: {}, options: { silent: true } }),
      keepUnusedDataFor: LIST_CACHE_SECONDS,
    }),
    categoryList: build.query<Category[], void>({
      query: () => ({ path: '/v1/store/eshop/expand/category/list', biz: { parentId: 0 }, options: { silent: true } }),
      transformResponse: (data: { list?: Category[] } | Category[] | null) => (Array.isArray(data) ? data : (data?.list ?? [])),
      keepUnusedDataFor: LIST_CACHE_SECONDS,
    }),
  }),
});

export const { useCityListQuery, useStatusListQuery, useWithdrawBlacklistQuery, useHomeExistsQuery, useCategoryListQuery } = storeInitApi;

/** The three status lists of §3, in the order store init loads them. */
export const STATUS_DICTIONARIES: readonly StatusDictionary[] = ['stockStatus', 'freightTemplateStatus', 'deliveryRangeStatus'];

/**
 * Loads the shared lists one after the other, in the spec's order. A failed list does not stop
 * the others; screens that need it retry through their hook.
 */
export const initStore = (): AppThunk<Promise<void>> => async (dispatch) => {
  const { endpoints } = storeInitApi;
  const steps = [
    () => dispatch(endpoints.cityList.initiate(undefined, { subscribe: false })),
    ...STATUS_DICTIONARIES.map((dictType) => () => dispatch(endpoints.statusList.initiate(dictType, { subscribe: false }))),
    () => dispatch(endpoints.withdrawBlacklist.initiate(undefined, { subscribe: false })),
    () => dispatch(endpoints.homeExists.initiate(undefined, { subscribe: false })),
    () => dispatch(endpoints.categoryList.initiate(undefined, { subscribe: false })),
  ];
  for (const step of steps) await step();
};
