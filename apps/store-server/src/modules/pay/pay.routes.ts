import { payEndpoints as api } from '@merchant/api-contracts';
import { callerLanguage, contractRoute, type Caller, type StoreRoute } from '../../http/route';
import type { PayService } from './pay.service';

/** console-spec §7 pay calls (contracts: @merchant/api-contracts endpoints/pay; pay:password guards setting it). */
/** Issue 26 §5: a successful check is remembered on the caller's session (the auth module owns sessions). */
export interface PayCheckSessions {
  recordPayPasswordCheck(caller: Caller): Promise<void>;
}

export function payRoutes(pay: PayService, sessions: PayCheckSessions): StoreRoute[] {
  return [
    contractRoute(api.isSetPayPassword, (_b, caller) => pay.isSet(caller)),
    contractRoute(api.sendInitPayPasswordCheckCode, (_b, caller) => pay.sendCode(caller, 'init-pay-password')),
    contractRoute(api.initPayPassword, (b, caller) => pay.init(caller, b.payPassword, b.checkCode)),
    contractRoute(api.sendSetPayPasswordCheckCode, (_b, caller) => pay.sendCode(caller, 'set-pay-password')),
    contractRoute(api.setPayPassword, (b, caller) => pay.reset(caller, b.payPassword, b.checkCode)),
    contractRoute(api.updatePayPassword, (b, caller) => pay.update(caller, b.oldPayPassword, b.newPayPassword)),
    contractRoute(api.sendCheckPayPasswordCheckCode, (_b, caller) => pay.sendCode(caller, 'check-pay-password')),
    contractRoute(api.checkPayPassword, async (b, caller) => {
      const checked = await pay.check(caller, b.payPassword, b.checkCode);
      await sessions.recordPayPasswordCheck(caller);
      return checked;
    }),
    contractRoute(api.queryPayAccountByUser, (_b, caller) => pay.account(caller)),
    contractRoute(api.getWithdrawBlacklistByUid, (_b, caller) => pay.blacklist(caller)),
    contractRoute(api.queryBankList, (_b, ctx) => pay.banks(callerLanguage(ctx.request))),
  ];
}
