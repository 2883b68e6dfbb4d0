import { authEndpoints as api, sessionEndpoints as sessions } from '@merchant/api-contracts';
import { clientAddressOf } from '../../http/client-address';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { CaptchaService } from '../../shared/captcha';
import { signedUrlOfKey, type MediaFileUrls } from '../media';
import type { AuthService } from './auth.service';
import { deviceLabel } from './device-label';

/** console-spec §7, user calls for signing in and out (contracts: @merchant/api-contracts endpoints/auth). */
export function authRoutes(auth: AuthService, captcha: CaptchaService, media: MediaFileUrls): StoreRoute[] {
  return [
    contractRoute(api.login, (biz, ctx) => auth.login(biz, deviceLabel(ctx.request.headers['user-agent']), clientAddressOf(ctx.request))),
    contractRoute(api.getUserByToken, (biz, ctx) => auth.getUserByToken(biz.token, (storeId, key) => signedUrlOfKey(media, storeId, key, ctx.request))),
    contractRoute(api.logout, (biz, ctx) => auth.logout(biz.accessToken ?? ctx.accessToken)),
    contractRoute(api.sendLoginCheckCode, (biz) => auth.sendLoginCheckCode(biz.mobile)),
    contractRoute(api.checkCodeLogin, (biz, ctx) => auth.checkCodeLogin(biz.mobile, biz.checkCode, deviceLabel(ctx.request.headers['user-agent']))),
    contractRoute(api.getCaptcha, () => captcha.issue()),
    contractRoute(api.checkCaptchaCode, async (biz) => {
      await captcha.check(biz.key, biz.captchaCode);
      return { verified: true };
    }),
    // Issue 26 §3: the caller's own sign-ins and sessions.
    contractRoute(sessions.querySignInRecords, (_biz, caller) => auth.signInRecords(caller)),
    contractRoute(sessions.queryActiveSessions, (_biz, caller) => auth.activeSessions(caller)),
    contractRoute(sessions.signOutOtherSessions, (_biz, caller) => auth.signOutOtherSessions(caller)),
  ];
}
