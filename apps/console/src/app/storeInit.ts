// §7 store init: once a store enters the console, the shared lists are loaded in the spec's order
// (city, the three statuses, blacklist, exists, category), then the app list, and kept in RTK Query's
// cache. These endpoints are the only ones in the console for these calls: screens (onboarding, goods
// release, the dashboard) read them through the hooks below, so each list is fetched once.
import { accountEndpoints, commonEndpoints, hasPermission, payEndpoints, type AnyEndpoint, type EndpointData } from '@merchant/api-contracts';
import { contractQuery } from '../resource-kit/contractEndpoint';
import { consoleApi } from './api';
import type { AppThunk } from './store';

/** Shared lists stay cached for the session's typical length. */
const LIST_CACHE_SECONDS = 60 * 60;

export type City = EndpointData<typeof commonEndpoints.cities>['list'][number];
export type StatusOption = EndpointData<typeof commonEndpoints.dictionary>['list'][number];
/** A top-level backend category with its level-2 children (stores and goods pick level 2). */
export type CategoryNode = EndpointData<typeof commonEndpoints.categoryTree>['list'][number];
/** §8 app names: 1 decoration, 2 craftsman, 3 merchant, 4 mini-program. */
export type AppOption = EndpointData<typeof commonEndpoints.apps>['list'][number];
/** console-spec §3 "Dashboard status": the blacklist, expiry days and the home existence data. */
export type StorePcHome = EndpointData<typeof accountEndpoints.storePcHome>;
export type WithdrawBlacklist = EndpointData<typeof payEndpoints.getWithdrawBlacklistByUid>;
export type StatusDictionary = 'stockStatus' | 'freightTemplateStatus' | 'deliveryRangeStatus';

const listOf = <T>(data: { list?: T[] } | null): T[] => data?.list ?? [];

export const storeInitApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every city (levels 1–3); the onboarding form picks level 2. */
    cityList: build.query<City[], void>({
      ...contractQuery(commonEndpoints.cities, []),
      transformResponse: listOf<City>,
      keepUnusedDataFor: LIST_CACHE_SECONDS,
    }),
    statusList: build.query<StatusOption[], StatusDictionary>({
      query: (dictType) => contractQuery(commonEndpoints.dictionary, []).query({ dictType }),
      transformResponse: listOf<StatusOption>,
      keepUnusedDataFor: LIST_CACHE_SECONDS,
    }),
    withdrawBlacklist: build.query<WithdrawBlacklist, void>({
      ...contractQuery(payEndpoints.getWithdrawBlacklistByUid, []),
      keepUnusedDataFor: LIST_CACHE_SECONDS,
    }),
    /** The dashboard reads the same entry (and refetches it when it opens, for fresh notices). */
    storePcHome: build.query<StorePcHome, void>({
      ...contractQuery(accountEndpoints.storePcHome, []),
      keepUnusedDataFor: LIST_CACHE_SECONDS,
    }),
    /** §7 backend category list, as its two-level tree: the screens choose level-2 categories. */
    categoryTree: build.query<CategoryNode[], void>({
      ...contractQuery(commonEndpoints.categoryTree, []),
      transformResponse: listOf<CategoryNode>,
      keepUnusedDataFor: LIST_CACHE_SECONDS,
    }),
    appList: build.query<AppOption[], void>({
      ...contractQuery(commonEndpoints.apps, []),
      transformResponse: listOf<AppOption>,
      keepUnusedDataFor: LIST_CACHE_SECONDS,
    }),
  }),
});

export const { useCityListQuery, useStatusListQuery, useWithdrawBlacklistQuery, useStorePcHomeQuery, useCategoryTreeQuery, useAppListQuery } = storeInitApi;

/** The three status lists of §3, in the order store init loads them. */
export const STATUS_DICTIONARIES: readonly StatusDictionary[] = ['stockStatus', 'freightTemplateStatus', 'deliveryRangeStatus'];

/**
 * Loads the shared lists one after the other: §7's order (city, the three statuses, blacklist,
 * exists, category), then the app list, which §7 names among the loaders but not in that order.
 * A list already in the cache (a screen asked first) is not asked again. A failed list does not stop
 * the others; screens that need it retry through their hook. A list whose contract needs a code the
 * user lacks (the blacklist: wallet:view, storePcHome: dashboard:view) is not asked: the server would
 * refuse it (docs/permissions.md).
 */
export const initStore = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const { endpoints } = storeInitApi;
  const granted = getState().auth.user?.permissions ?? [];
  const steps: Array<[AnyEndpoint, () => unknown]> = [
    [commonEndpoints.cities, () => dispatch(endpoints.cityList.initiate(undefined, { subscribe: false }))],
    ...STATUS_DICTIONARIES.map((dictType): [AnyEndpoint, () => unknown] => [commonEndpoints.dictionary, () => dispatch(endpoints.statusList.initiate(dictType, { subscribe: false }))]),
    [payEndpoints.getWithdrawBlacklistByUid, () => dispatch(endpoints.withdrawBlacklist.initiate(undefined, { subscribe: false }))],
    [accountEndpoints.storePcHome, () => dispatch(endpoints.storePcHome.initiate(undefined, { subscribe: false }))],
    [commonEndpoints.categoryTree, () => dispatch(endpoints.categoryTree.initiate(undefined, { subscribe: false }))],
    [commonEndpoints.apps, () => dispatch(endpoints.appList.initiate(undefined, { subscribe: false }))],
  ];
  for (const [contract, step] of steps) if (hasPermission(granted, contract.permission)) await step();
};
