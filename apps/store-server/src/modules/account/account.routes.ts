import { z } from 'zod';
import { publicRoute, userRoute, type StoreRoute } from '../../http/route';
import { USER_BASE } from '../auth/auth.routes';
import type { AccountService } from './account.service';
import {
  agreementBiz,
  bankCardBiz,
  registerUserBiz,
  sendRegisterCheckCodeBiz,
  sendUpdateCheckCodeBiz,
  storeInfoBiz,
  storeInfoDraftBiz,
  updateCategoriesBiz,
  updateEmailBiz,
  updateMobileBiz,
  updatePasswordBiz,
  updatePasswordByTokenBiz,
  updateStoreInfoBiz,
} from './account.schemas';

const none = z.object({});

/** console-spec §7 user calls for registration and store maintenance. */
export function accountRoutes(account: AccountService): StoreRoute[] {
  return [
    publicRoute(`${USER_BASE}/sendRegisterCheckCode`, sendRegisterCheckCodeBiz, (biz) => account.sendRegisterCheckCode(biz.mobile)),
    publicRoute(`${USER_BASE}/registerUser`, registerUserBiz, (biz) => account.registerUser(biz)),
    userRoute(`${USER_BASE}/temporaryStorageStoreInfo`, storeInfoDraftBiz, (biz, caller) => account.saveDraft(caller, biz)),
    userRoute(`${USER_BASE}/getStorageStoreInfoByToken`, none, (_biz, caller) => account.getDraft(caller)),
    userRoute(`${USER_BASE}/recoveryStoreInfoByToken`, none, (_biz, caller) => account.recoverDraft(caller)),
    userRoute(`${USER_BASE}/storeAcceptAgreement`, agreementBiz, (biz, caller) => account.acceptAgreement(caller, biz.agreementVersion)),
    userRoute(`${USER_BASE}/registerStore`, storeInfoBiz, (biz, caller) => account.submitForReview(caller, biz)),
    userRoute(`${USER_BASE}/getStoreInfoByToken`, none, (_biz, caller) => account.getStoreInfoByToken(caller)),
    userRoute(`${USER_BASE}/getStoreInfo`, none, (_biz, caller) => account.getStoreInfo(caller)),
    userRoute(`${USER_BASE}/updateStoreInfo`, updateStoreInfoBiz, (biz, caller) => account.updateStoreInfo(caller, biz)),
    userRoute(`${USER_BASE}/sendUpdateEmailCheckCode`, none, (_biz, caller) => account.sendUpdateEmailCheckCode(caller)),
    userRoute(`${USER_BASE}/updateStoreEmail`, updateEmailBiz, (biz, caller) => account.updateEmail(caller, biz.email, biz.checkCode)),
    userRoute(`${USER_BASE}/sendUpdateMobileCheckCode`, sendRegisterCheckCodeBiz, (biz, caller) => account.sendUpdateMobileCheckCode(caller, biz.mobile)),
    userRoute(`${USER_BASE}/updateStoreMobile`, updateMobileBiz, (biz, caller) => account.updateMobile(caller, biz.mobile, biz.checkCode)),
    userRoute(`${USER_BASE}/updatePasswordByToken`, updatePasswordByTokenBiz, (biz, caller) =>
      account.updatePasswordByToken(caller, biz.oldPassword, biz.newPassword),
    ),
    publicRoute(`${USER_BASE}/sendUpdateCheckCode`, sendUpdateCheckCodeBiz, (biz) => account.sendResetPasswordCheckCode(biz.userName)),
    publicRoute(`${USER_BASE}/updatePassword`, updatePasswordBiz, (biz) => account.resetPassword(biz.userName, biz.checkCode, biz.newPassword)),
    userRoute(`${USER_BASE}/updateStoreBankCard`, bankCardBiz, (biz, caller) => account.updateBankCard(caller, biz)),
    userRoute('/v1/store/eshop/bank/ftEspStoreBankCardAdmin/storeBankCardIsExists', none, (_biz, caller) => account.bankCardExists(caller)),
    userRoute(`${USER_BASE}/storePcHome`, none, (_biz, caller) => account.pcHome(caller)),
    userRoute(`${USER_BASE}/getStoreBaseCity`, none, (_biz, caller) => account.baseCity(caller)),
    userRoute(`${USER_BASE}/updateStoreCategories`, updateCategoriesBiz, (biz, caller) => account.updateCategories(caller, biz.categoryIds)),
  ];
}
