import { brandEndpoints as e } from '@merchant/api-contracts';
import { contractRoute, type Caller, type RouteContext, type StoreRoute } from '../../http/route';
import type { MediaFileUrls } from '../media';
import type { BrandApplicationsService, SignFileUrls } from './brands.service';

/** No media module (unit wiring): stored URLs are answered as they are. */
const keepStoredUrls: SignFileUrls = async () => new Map();

/** BrandApply (+add, details), brandManagement and goodRelease's brand list (docs/merchant-centre.md "Brands"). */
export function brandRoutes(brands: BrandApplicationsService, media?: MediaFileUrls): StoreRoute[] {
  // Certificates are the store's own library files: checked and signed through the media module's face.
  const signer = (caller: Caller, ctx: RouteContext): SignFileUrls =>
    media ? (fileIds) => media.signedUrls(caller.storeId, fileIds, ctx.request) : keepStoredUrls;
  return [
    contractRoute(e.brandApply, (biz, caller, ctx) => brands.apply(caller, biz, signer(caller, ctx))),
    contractRoute(e.brandApplicationList, (biz, caller, ctx) => brands.list(caller, biz, signer(caller, ctx))),
    contractRoute(e.brandApplicationDetail, (biz, caller, ctx) => brands.detail(caller, biz.applicationId, signer(caller, ctx))),
    contractRoute(e.brandManagementList, (biz, caller, ctx) => brands.management(caller, biz, signer(caller, ctx))),
    contractRoute(e.queryStoreBrandList, (_biz, caller) => brands.storeBrands(caller)),
  ];
}
