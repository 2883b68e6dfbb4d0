// The calls of the release screens: the §7 common lists (category specs, units; the category tree is
// store init's shared list, app/storeInit.ts) and the goods calls of the contract (detail, submit for
// review, save a server-side draft, brand applications).
import { commonEndpoints, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { goodsEndpoints, type GoodsDetail, type GoodsDraftInput, type GoodsSaved, type GoodsSubmitInput } from './contract';
import type { BrandApplicationRow, BrandApplyInput } from '@merchant/api-contracts';

/** A top-level backend category with its leaves (§7 category list, as a tree). */
export type { CategoryNode } from '../../../app/storeInit';
export type CategorySpec = EndpointData<typeof commonEndpoints.categorySpecs>['list'][number];
export type UnitOption = EndpointData<typeof commonEndpoints.units>['list'][number];
type ListOf<T> = { list?: T[] } | null;

const silent = { silent: true } as const;
const HOUR = 60 * 60;

export type BrandApplyAnswer = EndpointData<typeof goodsEndpoints.brandApply>;
export type StoreBrand = EndpointData<typeof goodsEndpoints.queryStoreBrandList>['list'][number];
/** Our design: the brand page lists the store's latest applications (one page, newest first). */
export const BRAND_APPLICATIONS_SHOWN = 20;

export const goodsReleaseApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Goods', 'GoodsDraft', 'BrandApplication'] }).injectEndpoints({
  endpoints: (build) => ({
    /** §7 getStoreCategoryList: the store's business categories; goods are released only under these. */
    storeCategoryIds: build.query<number[], void>({
      query: () => ({ path: commonEndpoints.storeCategories.path, biz: {}, options: silent }),
      transformResponse: (data: EndpointData<typeof commonEndpoints.storeCategories> | null) => (data?.list ?? []).map((category) => category.id),
    }),
    /** §7 common: category specs. */
    categorySpecs: build.query<CategorySpec[], number>({
      query: (categoryId) => ({ path: commonEndpoints.categorySpecs.path, biz: { categoryId } }),
      transformResponse: (data: ListOf<CategorySpec>) => data?.list ?? [],
      keepUnusedDataFor: HOUR,
    }),
    /** §7 common: units searchAllEnableUnitList. */
    enabledUnits: build.query<UnitOption[], void>({
      query: () => ({ path: commonEndpoints.units.path, biz: {}, options: silent }),
      transformResponse: (data: ListOf<UnitOption>) => data?.list ?? [],
      keepUnusedDataFor: HOUR,
    }),
    /** A good or a draft (drafts are goods in status draft). The page shows why a load failed itself. */
    goodsDetail: build.query<GoodsDetail, number>({
      query: (goodsId) => ({ path: goodsEndpoints.detail.path, biz: { goodsId }, options: silent }),
      providesTags: (_result, _error, goodsId) => [{ type: 'Goods', id: goodsId }],
      keepUnusedDataFor: 0,
    }),
    /** Submit for review (create, or edit with goodsId). The form shows a refusal, e.g. a disabled store's, itself. */
    submitGoods: build.mutation<GoodsSaved, GoodsSubmitInput>({
      query: (biz) => ({ path: goodsEndpoints.submit.path, biz, options: silent }),
      invalidatesTags: ['Goods', 'GoodsDraft'],
    }),
    /** Drafts are kept on the server; the first save answers the new draft's goodsId. */
    saveGoodsDraft: build.mutation<GoodsSaved, GoodsDraftInput>({
      query: (biz) => ({ path: goodsEndpoints.saveDraft.path, biz, options: silent }),
      invalidatesTags: ['Goods', 'GoodsDraft'],
    }),
    /** brandApply: answers the application id, under review; the page shows a refusal itself. */
    applyBrand: build.mutation<BrandApplyAnswer, BrandApplyInput>({
      query: (biz) => ({ path: goodsEndpoints.brandApply.path, biz, options: silent }),
      invalidatesTags: ['BrandApplication'],
    }),
    /** The store's brand applications, newest first, with their review state. */
    brandApplications: build.query<BrandApplicationRow[], void>({
      query: () => ({ path: goodsEndpoints.brandApplicationList.path, biz: { pageNum: 1, pageSize: BRAND_APPLICATIONS_SHOWN }, options: silent }),
      transformResponse: (data: EndpointData<typeof goodsEndpoints.brandApplicationList> | null) => data?.list ?? [],
      providesTags: ['BrandApplication'],
    }),
    /** queryStoreBrandList: approved brands whose authorisation has not ended (goodRelease's brand choices). */
    storeBrands: build.query<StoreBrand[], void>({
      query: () => ({ path: goodsEndpoints.queryStoreBrandList.path, biz: {}, options: silent }),
      transformResponse: (data: EndpointData<typeof goodsEndpoints.queryStoreBrandList> | null) => data?.list ?? [],
      providesTags: ['BrandApplication'],
    }),
  }),
});

export const {
  useStoreCategoryIdsQuery,
  useCategorySpecsQuery,
  useEnabledUnitsQuery,
  useGoodsDetailQuery,
  useSubmitGoodsMutation,
  useSaveGoodsDraftMutation,
  useApplyBrandMutation,
  useBrandApplicationsQuery,
  useStoreBrandsQuery,
} = goodsReleaseApi;
