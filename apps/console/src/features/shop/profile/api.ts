// Shop profile calls (console-spec §7 getStoreInfo / updateStoreInfo; issue 26 §1 reviewed changes). Types come from the contracts.
import { accountEndpoints as account, storeInfoChangeEndpoints as changes, type EndpointBiz, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';

export type ShopProfile = EndpointData<typeof account.getStoreInfo>;
export type StoreInfoChange = EndpointData<typeof changes.applyStoreNameChange>;

export const shopProfileApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    shopProfile: build.query<ShopProfile, void>({
      query: () => ({ path: account.getStoreInfo.path, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    storeInfoChanges: build.query<EndpointData<typeof changes.queryStoreInfoChanges>, void>({
      query: () => ({ path: changes.queryStoreInfoChanges.path, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    updateShopProfile: build.mutation<ShopProfile, EndpointBiz<typeof account.updateStoreInfo>>({
      query: (biz) => ({ path: account.updateStoreInfo.path, biz }),
    }),
    applyStoreNameChange: build.mutation<StoreInfoChange, EndpointBiz<typeof changes.applyStoreNameChange>>({
      query: (biz) => ({ path: changes.applyStoreNameChange.path, biz }),
    }),
    applyStoreLicenseChange: build.mutation<StoreInfoChange, EndpointBiz<typeof changes.applyStoreLicenseChange>>({
      query: (biz) => ({ path: changes.applyStoreLicenseChange.path, biz }),
    }),
    applyLegalPersonChange: build.mutation<StoreInfoChange, EndpointBiz<typeof changes.applyLegalPersonChange>>({
      query: (biz) => ({ path: changes.applyLegalPersonChange.path, biz }),
    }),
    applyStoreCategoriesChange: build.mutation<StoreInfoChange, EndpointBiz<typeof changes.applyStoreCategoriesChange>>({
      query: (biz) => ({ path: changes.applyStoreCategoriesChange.path, biz }),
    }),
  }),
});

export const { useShopProfileQuery, useStoreInfoChangesQuery } = shopProfileApi;
