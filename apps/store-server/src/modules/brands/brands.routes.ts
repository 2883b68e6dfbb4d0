import { goodsEndpoints as e } from '@merchant/api-contracts';
import { contractRoute, type Caller, type RouteContext, type StoreRoute } from '../../http/route';
import type { MediaFileUrls } from '../media';
import type { BrandApplicationsService } from './brand-applications.service';
import { keepStoredUrls, type SignFileUrls } from './goods.media';

/** brandApply, the store's applications and its approved brands (docs/goods.md "Brand applications"). */
export function brandApplicationRoutes(brands: BrandApplicationsService, media?: MediaFileUrls): StoreRoute[] {
  // Certificates are the store's own library files: checked and signed through the media module's face.
  const signer = (caller: Caller, ctx: RouteContext): SignFileUrls =>
    media ? (fileIds) => media.signedUrls(caller.storeId, fileIds, ctx.request) : keepStoredUrls;
  return [
    contractRoute(e.brandApply, (biz, caller, ctx) => brands.apply(caller, biz, signer(caller, ctx))),
    contractRoute(e.brandApplicationList, (biz, caller, ctx) => brands.list(caller, biz, signer(caller, ctx))),
    contractRoute(e.queryStoreBrandList, (_biz, caller) => brands.storeBrands(caller)),
  ];
}
