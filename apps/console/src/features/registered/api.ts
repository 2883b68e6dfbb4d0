// Onboarding calls (console-spec §7, base /v1/store/eshop/store/user/): registration, the shop-info
// draft, the merchant agreement, submission for review and the review result.
import { consoleApi } from '../../app/api';
import { USER_API_BASE, type LoginResponse } from '../auth/api';
import type { StoreInfoDraft, StoreInfoSubmission } from './storeInfoSchema';

export interface CityOption {
  cityCode: string;
  cityName: string;
  parentCode: string;
  level: number;
}

export interface CategoryNode {
  id: number;
  categoryName: string;
  parentId: number;
  children?: CategoryNode[];
}

/** getStoreInfoByToken: what the review-result screen shows. */
export interface StoreReviewInfo {
  storeId: number;
  storeName: string;
  storeStatus: number;
  storeType: number;
  rejectReason: string;
  forbiddenReason: string;
  agreementAccepted: boolean;
}

export const registeredApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    sendRegisterCheckCode: build.mutation<{ expiresInSeconds: number }, { mobile: string }>({
      query: (biz) => ({ path: `${USER_API_BASE}/sendRegisterCheckCode`, biz }),
    }),
    registerUser: build.mutation<LoginResponse, { userName: string; password: string; mobile: string; checkCode: string }>({
      query: (biz) => ({ path: `${USER_API_BASE}/registerUser`, biz }),
    }),
    storeDraft: build.query<StoreInfoDraft, void>({
      query: () => ({ path: `${USER_API_BASE}/getStorageStoreInfoByToken`, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    saveStoreDraft: build.mutation<{ saved: true }, StoreInfoDraft>({
      query: (biz) => ({ path: `${USER_API_BASE}/temporaryStorageStoreInfo`, biz }),
    }),
    acceptAgreement: build.mutation<{ agreementVersion: string; acceptTime: number }, void>({
      query: () => ({ path: `${USER_API_BASE}/storeAcceptAgreement`, biz: {} }),
    }),
    registerStore: build.mutation<{ storeStatus: number }, StoreInfoSubmission>({
      query: (biz) => ({ path: `${USER_API_BASE}/registerStore`, biz }),
    }),
    /** Keyed by the store status it is read for, so a new status (after a review decision) reads it again. */
    storeReviewInfo: build.query<StoreReviewInfo, number | null>({
      query: () => ({ path: `${USER_API_BASE}/getStoreInfoByToken`, biz: {} }),
      keepUnusedDataFor: 0,
    }),
    recoverStoreInfo: build.mutation<StoreInfoDraft, void>({
      query: () => ({ path: `${USER_API_BASE}/recoveryStoreInfoByToken`, biz: {} }),
    }),
    /** Level-2 cities (a store belongs to a city, console-spec §3 cityList). */
    onboardingCities: build.query<CityOption[], void>({
      query: () => ({ path: '/v1/store/common/city/list', biz: {}, options: { silent: true } }),
      transformResponse: (data: { list?: CityOption[] } | null) => (data?.list ?? []).filter((city) => city.level === 2),
      keepUnusedDataFor: 60 * 60,
    }),
    /** Business categories as a tree; a store picks level-2 categories. */
    onboardingCategories: build.query<CategoryNode[], void>({
      query: () => ({ path: '/v1/store/eshop/expand/category/tree', biz: {}, options: { silent: true } }),
      transformResponse: (data: { list?: CategoryNode[] } | null) => data?.list ?? [],
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const {
  useSendRegisterCheckCodeMutation,
  useRegisterUserMutation,
  useStoreDraftQuery,
  useSaveStoreDraftMutation,
  useAcceptAgreementMutation,
  useRegisterStoreMutation,
  useStoreReviewInfoQuery,
  useRecoverStoreInfoMutation,
  useOnboardingCitiesQuery,
  useOnboardingCategoriesQuery,
} = registeredApi;
