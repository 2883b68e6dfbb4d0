import { accountEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type Caller, type RouteContext, type StoreRoute } from '../../http/route';
import { clientAddressOf } from '../../http/client-address';
import type { MediaFileUrls } from '../media';
import type { AccountService } from './account.service';
import { storeImageSigner } from './store-images';

/**
 * console-spec §7 user calls for registration and store maintenance (contracts: @merchant/api-contracts endpoints/account).
 * Stored images (logo, licence) are answered signed afresh for the caller's store and address (docs/merchant-centre.md).
 */
export function accountRoutes(account: AccountService, media?: MediaFileUrls): StoreRoute[] {
  const fresh = (caller: Caller, ctx: RouteContext) => storeImageSigner(media, caller, ctx.request);
  return [
    contractRoute(api.sendRegisterCheckCode, (biz, ctx) => account.sendRegisterCheckCode(biz.mobile, clientAddressOf(ctx.request))),
    contractRoute(api.registerUser, (biz) => account.registerUser(biz)),
    contractRoute(api.temporaryStorageStoreInfo, (biz, caller) => account.saveDraft(caller, biz)),
    contractRoute(api.getStorageStoreInfoByToken, (_biz, caller, ctx) => account.getDraft(caller, fresh(caller, ctx))),
    contractRoute(api.recoveryStoreInfoByToken, (_biz, caller, ctx) => account.recoverDraft(caller, fresh(caller, ctx))),
    contractRoute(api.storeAcceptAgreement, (biz, caller) => account.acceptAgreement(caller, biz.agreementVersion)),
    contractRoute(api.registerStore, (biz, caller) => account.submitForReview(caller, biz)),
    contractRoute(api.getStoreInfoByToken, (_biz, caller, ctx) => account.getStoreInfoByToken(caller, fresh(caller, ctx))),
    contractRoute(api.getStoreInfo, (_biz, caller, ctx) => account.getStoreInfo(caller, fresh(caller, ctx))),
    contractRoute(api.updateStoreInfo, (biz, caller, ctx) => account.updateStoreInfo(caller, biz, fresh(caller, ctx))),
    contractRoute(api.sendUpdateEmailCheckCode, (_biz, caller) => account.sendUpdateEmailCheckCode(caller)),
    contractRoute(api.updateStoreEmail, (biz, caller) => account.updateEmail(caller, biz.email, biz.checkCode)),
    contractRoute(api.sendUpdateMobileCheckCode, (biz, caller) => account.sendUpdateMobileCheckCode(caller, biz.mobile)),
    contractRoute(api.updateStoreMobile, (biz, caller) => account.updateMobile(caller, biz.mobile, biz.checkCode)),
    contractRoute(api.updatePasswordByToken, (biz, caller) => account.updatePasswordByToken(caller, biz.oldPassword, biz.newPassword)),
    contractRoute(api.sendUpdateCheckCode, (biz) => account.sendResetPasswordCheckCode(biz.userName)),
    contractRoute(api.updatePassword, (biz) => account.resetPassword(biz.userName, biz.checkCode, biz.newPassword)),
    contractRoute(api.storeBankCardIsExists, (_biz, caller) => account.bankCardExists(caller)),
    contractRoute(api.storePcHome, (_biz, caller) => account.pcHome(caller)),
    contractRoute(api.getStoreBaseCity, (_biz, caller) => account.baseCity(caller)),
    contractRoute(api.updateStoreCategories, (biz, caller) => account.updateCategories(caller, biz.categoryIds)),
  ];
}
