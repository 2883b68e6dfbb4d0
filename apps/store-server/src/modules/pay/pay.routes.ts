import { PERMISSIONS } from '@merchant/api-contracts';
import { z } from 'zod';
import { publicRoute, userRoute, type StoreRoute } from '../../http/route';
import { checkPayPasswordBiz, initPayPasswordBiz, updatePayPasswordBiz } from './pay.schemas';
import type { PayService } from './pay.service';

const none = z.object({});
const PAY_USER = '/v1/store/pay/user';

/** console-spec §7 pay calls. */
export function payRoutes(pay: PayService): StoreRoute[] {
  return [
    userRoute(`${PAY_USER}/isSetPayPassword`, none, (_b, caller) => pay.isSet(caller)),
    // Initialising, setting and changing the pay password (and the check codes for them) need pay:password.
    userRoute(`${PAY_USER}/sendInitPayPasswordCheckCode`, none, (_b, caller) => pay.sendCode(caller, 'init-pay-password'), PERMISSIONS.payPassword),
    userRoute(`${PAY_USER}/initPayPassword`, initPayPasswordBiz, (b, caller) => pay.init(caller, b.payPassword, b.checkCode), PERMISSIONS.payPassword),
    userRoute(`${PAY_USER}/sendSetPayPasswordCheckCode`, none, (_b, caller) => pay.sendCode(caller, 'set-pay-password'), PERMISSIONS.payPassword),
    userRoute(`${PAY_USER}/setPayPassword`, initPayPasswordBiz, (b, caller) => pay.reset(caller, b.payPassword, b.checkCode), PERMISSIONS.payPassword),
    userRoute(
      `${PAY_USER}/updatePayPassword`,
      updatePayPasswordBiz,
      (b, caller) => pay.update(caller, b.oldPayPassword, b.newPayPassword),
      PERMISSIONS.payPassword,
    ),
    userRoute(`${PAY_USER}/sendCheckPayPasswordCheckCode`, none, (_b, caller) => pay.sendCode(caller, 'check-pay-password')),
    userRoute(`${PAY_USER}/checkPayPassword`, checkPayPasswordBiz, (b, caller) => pay.check(caller, b.payPassword, b.checkCode)),
    userRoute('/v1/store/pay/account/queryPayAccountByUser', none, (_b, caller) => pay.account(caller)),
    userRoute('/v1/store/pay/withdrawal/blacklist/getWithdrawBlacklistByUid', none, (_b, caller) => pay.blacklist(caller)),
    publicRoute('/v1/store/pay/bank/queryBankList', none, () => pay.banks()),
  ];
}
