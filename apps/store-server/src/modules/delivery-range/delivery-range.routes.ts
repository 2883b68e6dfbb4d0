import { commonEndpoints, deliveryRangeEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { DeliveryRangeService } from './delivery-range.service';

/** Issue 27 §5 delivery range (contracts: @merchant/api-contracts endpoints/delivery-range), and existsStoreSowntown. */
export function deliveryRangeRoutes(ranges: DeliveryRangeService): StoreRoute[] {
  return [
    contractRoute(api.deliveryRangeList, (biz, caller) => ranges.list(caller, biz)),
    contractRoute(api.ineffectiveDeliveryRangeList, (biz, caller) => ranges.ineffectiveList(caller, biz)),
    contractRoute(api.deliveryRangeDetails, (biz, caller) => ranges.details(caller, biz.rangeId)),
    contractRoute(api.addDeliveryRange, (biz, caller) => ranges.add(caller, biz)),
    contractRoute(api.editDeliveryRange, (biz, caller) => ranges.edit(caller, biz)),
    contractRoute(api.stopDeliveryRange, (biz, caller) => ranges.stop(caller, biz.rangeId)),
    contractRoute(api.checkSowntownSetFreightTemplate, (biz, caller) => ranges.checkTowns(caller, biz.sowntownIds)),
    // "Does the store deliver to a town?": a town in a range in force (console-spec §7 Others, sowntown existsStoreSowntown).
    contractRoute(commonEndpoints.storeSowntownExists, (_biz, caller) => ranges.storeHasTownInForce(caller)),
  ];
}
