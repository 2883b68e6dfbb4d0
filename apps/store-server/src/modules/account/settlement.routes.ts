import { accountEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { SettlementService } from './settlement.service';

/** Issue 26 §2 settlement account calls (contracts: @merchant/api-contracts endpoints/account). */
export function settlementRoutes(settlement: SettlementService): StoreRoute[] {
  return [
    contractRoute(api.queryStoreBankCard, (_biz, caller) => settlement.account(caller)),
    contractRoute(api.sendUpdateBankCardCheckCode, (_biz, caller) => settlement.sendChangeCode(caller)),
    contractRoute(api.updateStoreBankCard, (biz, caller) => settlement.changeCard(caller, biz)),
  ];
}
