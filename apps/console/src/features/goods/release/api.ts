// The calls of the release screens: the §7 common lists (category tree, category specs, units) and
// the goods calls of the contract (detail, submit for review, save a server-side draft).
import { consoleApi } from '../../../app/api';
import { goodsEndpoints, type GoodsDetail, type GoodsDraftInput, type GoodsSaved, type GoodsSubmitInput } from './contract';

export interface CategoryNode {
  id: number;
  categoryName: string;
  parentId: number;
  level?: number;
  children?: CategoryNode[];
}

export interface CategorySpec {
  id: number;
  specName: string;
  specValues: string[];
}

export interface UnitOption {
  id: number;
  unitName: string;
}

const silent = { silent: true } as const;
const HOUR = 60 * 60;

export const goodsReleaseApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Goods', 'GoodsDraft'] }).injectEndpoints({
  endpoints: (build) => ({
    /** §7 backend category list, as a tree: goods are released under a level-2 category. */
    releaseCategories: build.query<CategoryNode[], void>({
      query: () => ({ path: '/v1/store/eshop/expand/category/tree', biz: {}, options: silent }),
      transformResponse: (data: { list?: CategoryNode[] } | null) => data?.list ?? [],
      keepUnusedDataFor: HOUR,
    }),
    /** §7 getStoreCategoryList: the store's business categories; goods are released only under these. */
    storeCategoryIds: build.query<number[], void>({
      query: () => ({ path: '/v1/store/eshop/expand/category/getStoreCategoryList', biz: {}, options: silent }),
      transformResponse: (data: { list?: Array<{ id: number }> } | null) => (data?.list ?? []).map((category) => category.id),
    }),
    /** §7 common: category specs. */
    categorySpecs: build.query<CategorySpec[], number>({
      query: (categoryId) => ({ path: '/v1/store/common/category/specList', biz: { categoryId } }),
      transformResponse: (data: { list?: CategorySpec[] } | null) => data?.list ?? [],
      keepUnusedDataFor: HOUR,
    }),
    /** §7 common: units searchAllEnableUnitList. */
    enabledUnits: build.query<UnitOption[], void>({
      query: () => ({ path: '/v1/store/common/unit/searchAllEnableUnitList', biz: {}, options: silent }),
      transformResponse: (data: { list?: UnitOption[] } | null) => data?.list ?? [],
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
  }),
});

export const {
  useReleaseCategoriesQuery,
  useStoreCategoryIdsQuery,
  useCategorySpecsQuery,
  useEnabledUnitsQuery,
  useGoodsDetailQuery,
  useSubmitGoodsMutation,
  useSaveGoodsDraftMutation,
} = goodsReleaseApi;
