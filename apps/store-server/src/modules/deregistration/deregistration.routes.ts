import { z } from 'zod';
import { callerLanguage, userRoute, type StoreRoute } from '../../http/route';
import type { DeregistrationService } from './deregistration.service';

const LOGOUT_BASE = '/v1/store/eshop/store/logout';

export const insertLogoutRecordBiz = z.object({
  logoutReason: z
    .string({ error: 'logoutReason is required' })
    .trim()
    .min(1, 'logoutReason is required')
    .max(200, 'logoutReason must be at most 200 characters'),
});

/** console-spec §7 "/v1/store/eshop/store/logout/checkStoreCanLogout and insertRecords". */
export function deregistrationRoutes(deregistration: DeregistrationService): StoreRoute[] {
  return [
    userRoute(`${LOGOUT_BASE}/checkStoreCanLogout`, z.object({}), (_b, caller, ctx) => deregistration.check(caller, callerLanguage(ctx.request))),
    userRoute(`${LOGOUT_BASE}/insertRecords`, insertLogoutRecordBiz, (b, caller) => deregistration.submit(caller, b.logoutReason)),
  ];
}
