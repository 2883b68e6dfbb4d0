import { accountEndpoints as api } from '@merchant/api-contracts';
import { callerLanguage, contractRoute, type StoreRoute } from '../../http/route';
import type { SettlementService } from './settlement.service';

/** Issue 26 §2 settlement account calls (contracts: @merchant/api-contracts endpoints/account). */
export function settlementRoutes(settlement: SettlementService): StoreRoute[] {
  return [
    contractRoute(api.queryStoreBankCard, (_biz, caller, ctx) => settlement.account(caller, callerLanguage(ctx.request))),
    contractRoute(api.sendUpdateBankCardCheckCode, (_biz, caller) => settlement.sendChangeCode(caller)),
    contractRoute(api.updateStoreBankCard, (biz, caller, ctx) => settlement.changeCard(caller, biz, callerLanguage(ctx.request))),
  ];
}
