import { payEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { PayService } from './pay.service';

/** console-spec §7 pay calls (contracts: @merchant/api-contracts endpoints/pay; pay:password guards setting it). */
export function payRoutes(pay: PayService): StoreRoute[] {
  return [
    contractRoute(api.isSetPayPassword, (_b, caller) => pay.isSet(caller)),
    contractRoute(api.sendInitPayPasswordCheckCode, (_b, caller) => pay.sendCode(caller, 'init-pay-password')),
    contractRoute(api.initPayPassword, (b, caller) => pay.init(caller, b.payPassword, b.checkCode)),
    contractRoute(api.sendSetPayPasswordCheckCode, (_b, caller) => pay.sendCode(caller, 'set-pay-password')),
    contractRoute(api.setPayPassword, (b, caller) => pay.reset(caller, b.payPassword, b.checkCode)),
    contractRoute(api.updatePayPassword, (b, caller) => pay.update(caller, b.oldPayPassword, b.newPayPassword)),
    contractRoute(api.sendCheckPayPasswordCheckCode, (_b, caller) => pay.sendCode(caller, 'check-pay-password')),
    contractRoute(api.checkPayPassword, (b, caller) => pay.check(caller, b.payPassword, b.checkCode)),
    contractRoute(api.queryPayAccountByUser, (_b, caller) => pay.account(caller)),
    contractRoute(api.getWithdrawBlacklistByUid, (_b, caller) => pay.blacklist(caller)),
    contractRoute(api.queryBankList, () => pay.banks()),
  ];
}
