import { freightEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { FreightService } from './freight.service';

/** Issue 27 §1 freight templates (contracts: @merchant/api-contracts endpoints/freight). */
export function freightRoutes(freight: FreightService): StoreRoute[] {
  return [
    contractRoute(api.freightTemplateList, (biz, caller) => freight.list(caller, biz)),
    contractRoute(api.freightTemplateDetails, (biz, caller) => freight.details(caller, biz.templateId)),
    contractRoute(api.addFreightTemplate, (biz, caller) => freight.add(caller, biz)),
    contractRoute(api.editFreightTemplate, (biz, caller) => freight.edit(caller, biz)),
    contractRoute(api.deleteFreightTemplate, (biz, caller) => freight.delete(caller, biz.templateId)),
    contractRoute(api.freightQuote, (biz, caller) => freight.quote(caller, biz)),
  ];
}
