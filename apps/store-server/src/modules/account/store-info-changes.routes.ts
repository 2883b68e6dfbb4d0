import { storeInfoChangeEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { StoreInfoChangeService } from './store-info-changes.service';

/** Issue 26 §1: the shop profile's reviewed changes (contracts: @merchant/api-contracts endpoints/store-info-changes). */
export function storeInfoChangeRoutes(changes: StoreInfoChangeService): StoreRoute[] {
  return [
    contractRoute(api.queryStoreInfoChanges, (_biz, caller) => changes.list(caller)),
    contractRoute(api.applyStoreNameChange, (biz, caller) => changes.apply(caller, 'store', biz)),
    contractRoute(api.applyStoreLicenseChange, (biz, caller) => changes.apply(caller, 'license', biz)),
    contractRoute(api.applyLegalPersonChange, (biz, caller) => changes.apply(caller, 'legalPerson', biz)),
    contractRoute(api.applyStoreCategoriesChange, (biz, caller) => changes.apply(caller, 'categories', biz)),
  ];
}
