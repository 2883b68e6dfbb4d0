// Shop profile calls (console-spec §7 getStoreInfo / updateStoreInfo; issue 26 §1). Types come from the contracts.
import { accountEndpoints as account, type EndpointBiz, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';

export type ShopProfile = EndpointData<typeof account.getStoreInfo>;

export const shopProfileApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    shopProfile: build.query<ShopProfile, void>({
      query: () => ({ path: account.getStoreInfo.path, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    updateShopProfile: build.mutation<ShopProfile, EndpointBiz<typeof account.updateStoreInfo>>({
      query: (biz) => ({ path: account.updateStoreInfo.path, biz }),
    }),
  }),
});

export const { useShopProfileQuery } = shopProfileApi;
