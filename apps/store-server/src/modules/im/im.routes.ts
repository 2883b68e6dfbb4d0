import { imEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { ImService } from './im.service';

/** console-spec §7 "/v1/store/im/getCccUserImToken" (the IM account and a short-lived token) and the IM info dialog's save. */
export function imRoutes(im: ImService): StoreRoute[] {
  return [
    contractRoute(api.getCccUserImToken, (_biz, caller, ctx) => im.token(caller, ctx.request)),
    contractRoute(api.updateImInfo, (biz, caller, ctx) => im.updateInfo(caller, biz, ctx.request)),
  ];
}
