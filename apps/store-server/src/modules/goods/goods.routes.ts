import { goodsEndpoints as e } from '@merchant/api-contracts';
import { callerLanguage, contractRoute, type Caller, type RouteContext, type StoreRoute } from '../../http/route';
import type { MediaFileUrls } from '../media';
import { signerFor } from './goods.media';
import type { GoodsService } from './goods.service';

/** The goods calls of docs/goods.md, each registered from its contract (path, biz, data, permission). */
export function goodsRoutes(goods: GoodsService, media?: MediaFileUrls): StoreRoute[] {
  // Images are re-signed for the caller's store at the address the browser called (docs/goods.md "Images").
  const signer = (caller: Caller, ctx: RouteContext) => signerFor(media, caller, ctx.request);
  return [
    contractRoute(e.list, (biz, caller, ctx) => goods.list(caller, biz, signer(caller, ctx), callerLanguage(ctx.request))),
    contractRoute(e.draftList, (biz, caller, ctx) => goods.draftList(caller, biz, signer(caller, ctx), callerLanguage(ctx.request))),
    contractRoute(e.detail, (biz, caller, ctx) => goods.detail(caller, biz.goodsId, signer(caller, ctx), callerLanguage(ctx.request))),
    contractRoute(e.saveDraft, (biz, caller, ctx) => goods.saveDraft(caller, biz, signer(caller, ctx))),
    contractRoute(e.submit, (biz, caller, ctx) => goods.submit(caller, biz, signer(caller, ctx))),
    contractRoute(e.onShelf, (biz, caller) => goods.onShelf(caller, biz.goodsIds)),
    contractRoute(e.offShelf, (biz, caller) => goods.offShelf(caller, biz.goodsIds)),
    contractRoute(e.delete, (biz, caller) => goods.delete(caller, biz.goodsIds)),
    contractRoute(e.bulkEditSkus, (biz, caller) => goods.bulkEditSkus(caller, biz.skus)),
    contractRoute(e.skuStockList, (biz, caller, ctx) => goods.skuStockList(caller, biz, signer(caller, ctx), callerLanguage(ctx.request))),
    contractRoute(e.updateGoodsSkuStock, (biz, caller) => goods.updateSkuStock(caller, biz)),
    contractRoute(e.checkStoreGoodsSkuStock, (_biz, caller) => goods.checkStoreSkuStock(caller)),
    contractRoute(e.stockWarningList, (biz, caller, ctx) => goods.stockWarningList(caller, biz, callerLanguage(ctx.request))),
    contractRoute(e.handleStockWarnings, (biz, caller) => goods.handleStockWarnings(caller, biz.warningIds)),
    contractRoute(e.checkExistsUpperShelfGoods, (biz, caller) => goods.upperShelfGoods(caller, biz.categoryId)),
    contractRoute(e.snapshotQueryById, (biz, caller, ctx) => goods.snapshot(caller, biz.id, signer(caller, ctx))),
  ];
}
