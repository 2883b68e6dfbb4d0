// Goods calls of the lists (libs/api-contracts goods.ts, docs/goods.md), typed by their contracts.
// Lists provide the Goods / GoodsSku / StockWarning tags; every mutation invalidates what it
// changes, so the tables reload without a manual refresh.
import { goodsEndpoints as G, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';
import { contractMutation, contractQuery } from '../../resource-kit';

type E = typeof G;
// GoodsDraft is the release screens' tag (release/api.ts): a saved draft refreshes the draft list.
const ALL = ['Goods', 'GoodsDraft', 'GoodsSku', 'StockWarning'] as const;

export const goodsListApi = consoleApi.enhanceEndpoints({ addTagTypes: [...ALL] }).injectEndpoints({
  endpoints: (build) => ({
    goodsList: build.query<Data<E['list']>, Biz<E['list']>>(contractQuery(G.list, ['Goods'])),
    goodsDraftList: build.query<Data<E['draftList']>, Biz<E['draftList']>>(contractQuery(G.draftList, ['Goods', 'GoodsDraft'])),
    goodsOnShelf: build.mutation<Data<E['onShelf']>, Biz<E['onShelf']>>(contractMutation(G.onShelf, ['Goods'])),
    goodsOffShelf: build.mutation<Data<E['offShelf']>, Biz<E['offShelf']>>(contractMutation(G.offShelf, ['Goods'])),
    goodsDelete: build.mutation<Data<E['delete']>, Biz<E['delete']>>(contractMutation(G.delete, ['Goods', 'GoodsDraft'])),
    skuBulkEdit: build.mutation<Data<E['bulkEditSkus']>, Biz<E['bulkEditSkus']>>(contractMutation(G.bulkEditSkus, ALL)),
    skuStockList: build.query<Data<E['skuStockList']>, Biz<E['skuStockList']>>(contractQuery(G.skuStockList, ['GoodsSku'])),
    updateGoodsSkuStock: build.mutation<Data<E['updateGoodsSkuStock']>, Biz<E['updateGoodsSkuStock']>>(contractMutation(G.updateGoodsSkuStock, ALL)),
    checkStoreGoodsSkuStock: build.query<Data<E['checkStoreGoodsSkuStock']>, void>({
      query: () => ({ path: G.checkStoreGoodsSkuStock.path, biz: {}, options: { silent: true } }),
      providesTags: ['GoodsSku', 'StockWarning'],
    }),
    stockWarningList: build.query<Data<E['stockWarningList']>, Biz<E['stockWarningList']>>(contractQuery(G.stockWarningList, ['StockWarning'])),
    handleStockWarnings: build.mutation<Data<E['handleStockWarnings']>, Biz<E['handleStockWarnings']>>(contractMutation(G.handleStockWarnings, ['StockWarning'])),
  }),
});

export const { useCheckStoreGoodsSkuStockQuery, useUpdateGoodsSkuStockMutation, useSkuBulkEditMutation } = goodsListApi;
