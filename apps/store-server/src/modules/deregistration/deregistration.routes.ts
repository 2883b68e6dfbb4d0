import { PERMISSIONS } from '@merchant/api-contracts';
import { z } from 'zod';
import { callerLanguage, userRoute, type StoreRoute } from '../../http/route';
import { ruleText } from '../../shared/fields';
import type { DeregistrationService } from './deregistration.service';

const LOGOUT_BASE = '/v1/store/eshop/store/logout';

const REASON_REQUIRED = ruleText('请填写注销原因', 'logoutReason is required');

export const insertLogoutRecordBiz = z.object({
  logoutReason: z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(1, REASON_REQUIRED)
    .max(200, ruleText('注销原因不能超过 200 个字符', 'logoutReason must be at most 200 characters')),
});

/** console-spec §7 "/v1/store/eshop/store/logout/checkStoreCanLogout and insertRecords". */
export function deregistrationRoutes(deregistration: DeregistrationService): StoreRoute[] {
  return [
    userRoute(`${LOGOUT_BASE}/checkStoreCanLogout`, z.object({}), (_b, caller, ctx) => deregistration.check(caller, callerLanguage(ctx.request))),
    userRoute(`${LOGOUT_BASE}/insertRecords`, insertLogoutRecordBiz, (b, caller) => deregistration.submit(caller, b.logoutReason), PERMISSIONS.shopDeregister),
  ];
}
