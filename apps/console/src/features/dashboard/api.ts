// Dashboard calls: queryStoreOrderCount (§7). storePcHome (console-spec §3 "Dashboard status") is store
// init's entry (app/storeInit.ts), read here through its hook so start-up asks it once.
// Silent: a failure shows inside its card rather than as a toast over the whole console. Answer
// types come from the contracts of @merchant/api-contracts. The counts provide the orders' 'Order' tag, so
// what refreshes the order screens (a paid order on the event stream, a shipment, a refund paid in full)
// refreshes the dashboard's counts and chart too.
import { orderEndpoints, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';

/** existsPromise: a settlement bank card is bound; existsProtocol: the agreement is accepted; days: -1 expired, null unknown (§4). */
export type { StorePcHome } from '../../app/storeInit';
/** One entry per shipping-order status of §4. */
export type StoreOrderCount = EndpointData<typeof orderEndpoints.queryStoreOrderCount>;

/** The order screens' cache tag (ORDER_TAGS in features/orders/api.ts; not imported, it brings the resource kit). */
const ORDER_CACHE_TAG = 'Order';

export const dashboardApi = consoleApi.enhanceEndpoints({ addTagTypes: [ORDER_CACHE_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    storeOrderCount: build.query<StoreOrderCount, void>({
      query: () => ({ path: orderEndpoints.queryStoreOrderCount.path, biz: {}, options: { silent: true } }),
      providesTags: [ORDER_CACHE_TAG],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useStoreOrderCountQuery } = dashboardApi;
