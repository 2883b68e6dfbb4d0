import { storeInfoChangeEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type Caller, type RouteContext, type StoreRoute } from '../../http/route';
import type { MediaFileUrls } from '../media';
import type { StoreInfoChangeService } from './store-info-changes.service';
import { storeImageSigner } from './store-images';

/**
 * Issue 26 §1: the shop profile's reviewed changes (contracts: @merchant/api-contracts endpoints/store-info-changes).
 * An asked-for licence image is answered signed afresh, like the approved one (docs/merchant-centre.md).
 */
export function storeInfoChangeRoutes(changes: StoreInfoChangeService, media?: MediaFileUrls): StoreRoute[] {
  const fresh = (caller: Caller, ctx: RouteContext) => storeImageSigner(media, caller, ctx.request);
  return [
    contractRoute(api.queryStoreInfoChanges, (_biz, caller, ctx) => changes.list(caller, fresh(caller, ctx))),
    contractRoute(api.applyStoreNameChange, (biz, caller, ctx) => changes.apply(caller, 'store', biz, fresh(caller, ctx))),
    contractRoute(api.applyStoreLicenseChange, (biz, caller, ctx) => changes.apply(caller, 'license', biz, fresh(caller, ctx))),
    contractRoute(api.applyLegalPersonChange, (biz, caller, ctx) => changes.apply(caller, 'legalPerson', biz, fresh(caller, ctx))),
    contractRoute(api.applyStoreCategoriesChange, (biz, caller, ctx) => changes.apply(caller, 'categories', biz, fresh(caller, ctx))),
  ];
}
