// Dashboard calls: storePcHome (console-spec §3 "Dashboard status") and queryStoreOrderCount (§7).
// Silent: a failure shows inside its card rather than as a toast over the whole console.
import { consoleApi } from '../../app/api';
import { USER_API_BASE } from '../auth/api';

export interface StorePcHome {
  storeName: string;
  storeStatus: number;
  storeType: number;
  isBlacklist: boolean;
  blacklistRemark: string;
  /** A settlement bank card is bound (apps/store-server/docs/api.md). */
  existsPromise: boolean;
  /** The merchant agreement is accepted. */
  existsProtocol: boolean;
  /** Days left, -1 expired, null unknown (§4). */
  storeLicenseDays: number | null;
  brandExpiryDays: number | null;
}

export interface StoreOrderCount {
  total: number;
  /** One entry per shipping-order status of §4. */
  counts: Array<{ status: number; count: number }>;
}

export const dashboardApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    storePcHome: build.query<StorePcHome, void>({
      query: () => ({ path: `${USER_API_BASE}/storePcHome`, biz: {}, options: { silent: true } }),
      keepUnusedDataFor: 0,
    }),
    storeOrderCount: build.query<StoreOrderCount, void>({
      query: () => ({ path: '/v1/store/eshop/order/queryStoreOrderCount', biz: {}, options: { silent: true } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useStorePcHomeQuery, useStoreOrderCountQuery } = dashboardApi;
