// The calls of the release screens: the §7 common lists (category specs, units; the category tree is
// store init's shared list, app/storeInit.ts) and the goods calls of the contract (detail, submit for
// review, save a server-side draft) and the store's brands to choose from (the brands module: features/shop/brands).
import { brandEndpoints, commonEndpoints, type EndpointData } from '@merchant/api-contracts';
import { consoleApi } from '../../../app/api';
import { goodsEndpoints, type GoodsDetail, type GoodsDraftInput, type GoodsSaved, type GoodsSubmitInput } from './contract';

/** A top-level backend category with its leaves (§7 category list, as a tree). */
export type { CategoryNode } from '../../../app/storeInit';
export type CategorySpec = EndpointData<typeof commonEndpoints.categorySpecs>['list'][number];
export type UnitOption = EndpointData<typeof commonEndpoints.units>['list'][number];
type ListOf<T> = { list?: T[] } | null;

const silent = { silent: true } as const;
const HOUR = 60 * 60;

export type StoreBrand = EndpointData<typeof brandEndpoints.queryStoreBrandList>['list'][number];

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
    /** queryStoreBrandList: approved brands whose authorisation has not ended (goodRelease's brand choices); an application changes it. */
    storeBrands: build.query<StoreBrand[], void>({
      query: () => ({ path: brandEndpoints.queryStoreBrandList.path, biz: {}, options: silent }),
      transformResponse: (data: EndpointData<typeof brandEndpoints.queryStoreBrandList> | null) => data?.list ?? [],
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
  useStoreBrandsQuery,
} = goodsReleaseApi;
