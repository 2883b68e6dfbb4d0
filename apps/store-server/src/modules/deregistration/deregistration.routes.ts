import { deregistrationEndpoints as api } from '@merchant/api-contracts';
import { callerLanguage, contractRoute, type StoreRoute } from '../../http/route';
import type { DeregistrationService } from './deregistration.service';

/** console-spec §7 "/v1/store/eshop/store/logout/checkStoreCanLogout and insertRecords", and the public result (contracts: endpoints/deregistration). */
export function deregistrationRoutes(deregistration: DeregistrationService): StoreRoute[] {
  return [
    contractRoute(api.checkStoreCanLogout, (_b, caller, ctx) => deregistration.check(caller, callerLanguage(ctx.request))),
    contractRoute(api.insertRecords, (b, caller) => deregistration.submit(caller, b.logoutReason)),
    contractRoute(api.queryLogoutResult, (b) => deregistration.result(b.ref)),
  ];
}
