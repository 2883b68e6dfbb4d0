// Dashboard calls: queryStoreOrderCount (§7). storePcHome (console-spec §3 "Dashboard status") is store
// init's entry (app/storeInit.ts), read here through its hook so start-up asks it once.
// Silent: a failure shows inside its card rather than as a toast over the whole console. Answer
// types come from the contracts of @merchant/api-contracts. The counts provide the orders' 'Order' tag, so
// what refreshes the order screens (a paid order on the event stream, a shipment, a refund paid in full)
// refreshes the dashboard's counts and chart too.
// queryStoreTodoCounts (issue 35 §6): the to-do counts in one call. It provides the tags of every list a to-do
// links to, so handling a to-do anywhere in the console (a shipment, a reply, a refund, a stock change)
// refreshes the dashboard, which stays mounted as the affixed tab.
import { dashboardEndpoints, orderEndpoints, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';

/** existsPromise: a settlement bank card is bound; existsProtocol: the agreement is accepted; days: -1 expired, null unknown (§4). */
export type { StorePcHome } from '../../app/storeInit';
/** One entry per shipping-order status of §4. */
export type StoreOrderCount = EndpointData<typeof orderEndpoints.queryStoreOrderCount>;

export type StoreTodoCounts = EndpointData<typeof dashboardEndpoints.queryStoreTodoCounts>;

/** The order screens' cache tag (ORDER_TAGS in features/orders/api.ts; not imported, it brings the resource kit). */
const ORDER_CACHE_TAG = 'Order';
/** The tags of the lists the to-dos link to (after-sales/api.ts, goods/api.ts), named here for the same reason. */
const TODO_CACHE_TAGS = [ORDER_CACHE_TAG, 'Refund', 'Complaint', 'Evaluation', 'GoodsSku', 'Goods'] as const;

export const dashboardApi = consoleApi.enhanceEndpoints({ addTagTypes: [...TODO_CACHE_TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    storeOrderCount: build.query<StoreOrderCount, void>({
      query: () => ({ path: orderEndpoints.queryStoreOrderCount.path, biz: {}, options: { silent: true } }),
      providesTags: [ORDER_CACHE_TAG],
      keepUnusedDataFor: 0,
    }),
    storeTodoCounts: build.query<StoreTodoCounts, void>({
      query: () => ({ path: dashboardEndpoints.queryStoreTodoCounts.path, biz: {}, options: { silent: true } }),
      providesTags: [...TODO_CACHE_TAGS],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useStoreOrderCountQuery, useStoreTodoCountsQuery } = dashboardApi;
