import { goodsEndpoints as e } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { GoodsService } from './goods.service';

/** The goods calls of docs/goods.md, each registered from its contract (path, biz, data, permission). */
export function goodsRoutes(goods: GoodsService): StoreRoute[] {
  return [
    contractRoute(e.list, (biz, caller) => goods.list(caller, biz)),
    contractRoute(e.draftList, (biz, caller) => goods.draftList(caller, biz)),
    contractRoute(e.detail, (biz, caller) => goods.detail(caller, biz.goodsId)),
    contractRoute(e.saveDraft, (biz, caller) => goods.saveDraft(caller, biz)),
    contractRoute(e.submit, (biz, caller) => goods.submit(caller, biz)),
    contractRoute(e.onShelf, (biz, caller) => goods.onShelf(caller, biz.goodsIds)),
    contractRoute(e.offShelf, (biz, caller) => goods.offShelf(caller, biz.goodsIds)),
    contractRoute(e.delete, (biz, caller) => goods.delete(caller, biz.goodsIds)),
    contractRoute(e.bulkEditSkus, (biz, caller) => goods.bulkEditSkus(caller, biz.skus)),
    contractRoute(e.skuStockList, (biz, caller) => goods.skuStockList(caller, biz)),
    contractRoute(e.updateGoodsSkuStock, (biz, caller) => goods.updateSkuStock(caller, biz)),
    contractRoute(e.checkStoreGoodsSkuStock, (_biz, caller) => goods.checkStoreSkuStock(caller)),
    contractRoute(e.stockWarningList, (biz, caller) => goods.stockWarningList(caller, biz)),
    contractRoute(e.handleStockWarnings, (biz, caller) => goods.handleStockWarnings(caller, biz.warningIds)),
    contractRoute(e.checkExistsUpperShelfGoods, (biz, caller) => goods.upperShelfGoods(caller, biz.categoryId)),
    contractRoute(e.snapshotQueryById, (biz, caller) => goods.snapshot(caller, biz.id)),
  ];
}
