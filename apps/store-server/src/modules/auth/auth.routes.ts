import { authEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { CaptchaService } from '../../shared/captcha';
import { signedUrlOfKey, type MediaFileUrls } from '../media';
import type { AuthService } from './auth.service';

/** console-spec §7, user calls for signing in and out (contracts: @merchant/api-contracts endpoints/auth). */
export function authRoutes(auth: AuthService, captcha: CaptchaService, media: MediaFileUrls): StoreRoute[] {
  return [
    contractRoute(api.login, (biz) => auth.login(biz)),
    contractRoute(api.getUserByToken, (biz, ctx) => auth.getUserByToken(biz.token, (storeId, key) => signedUrlOfKey(media, storeId, key, ctx.request))),
    contractRoute(api.logout, (biz, ctx) => auth.logout(biz.accessToken ?? ctx.accessToken)),
    contractRoute(api.sendLoginCheckCode, (biz) => auth.sendLoginCheckCode(biz.mobile)),
    contractRoute(api.checkCodeLogin, (biz) => auth.checkCodeLogin(biz.mobile, biz.checkCode)),
    contractRoute(api.getCaptcha, () => captcha.issue()),
    contractRoute(api.checkCaptchaCode, async (biz) => {
      await captcha.check(biz.key, biz.captchaCode);
      return { verified: true };
    }),
  ];
}
