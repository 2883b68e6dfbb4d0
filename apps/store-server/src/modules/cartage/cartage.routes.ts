import { cartageEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { CartageService } from './cartage.service';

/** Issue 27 §2 cartage templates (contracts: @merchant/api-contracts endpoints/cartage). */
export function cartageRoutes(cartage: CartageService): StoreRoute[] {
  return [
    contractRoute(api.cartageTemplateList, (biz, caller) => cartage.list(caller, biz)),
    contractRoute(api.cartageTemplateDetails, (biz, caller) => cartage.details(caller, biz.templateId)),
    contractRoute(api.addCartageTemplate, (biz, caller) => cartage.add(caller, biz)),
    contractRoute(api.editCartageTemplate, (biz, caller) => cartage.edit(caller, biz)),
    contractRoute(api.deleteCartageTemplate, (biz, caller) => cartage.delete(caller, biz.templateId)),
    contractRoute(api.cartageQuote, (biz, caller) => cartage.quote(caller, biz)),
  ];
}
