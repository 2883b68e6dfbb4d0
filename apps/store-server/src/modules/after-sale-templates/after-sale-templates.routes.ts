import { afterSaleTemplateEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { AfterSaleTemplatesService } from './after-sale-templates.service';

/** Issue 27 §3 after-sale explanation templates (contracts: @merchant/api-contracts endpoints/after-sale-templates). */
export function afterSaleTemplateRoutes(service: AfterSaleTemplatesService): StoreRoute[] {
  return [
    contractRoute(api.afterSaleTemplateList, (biz, caller) => service.list(caller, biz)),
    contractRoute(api.afterSaleTemplateDetail, (biz, caller) => service.detail(caller, biz.templateId)),
    contractRoute(api.addAfterSaleTemplate, (biz, caller) => service.add(caller, biz)),
    contractRoute(api.editAfterSaleTemplate, (biz, caller) => service.edit(caller, biz)),
    contractRoute(api.deleteAfterSaleTemplate, (biz, caller) => service.delete(caller, biz.templateId)),
  ];
}
