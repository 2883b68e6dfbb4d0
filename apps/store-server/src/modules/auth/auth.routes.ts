import { z } from 'zod';
import { publicRoute, type StoreRoute } from '../../http/route';
import type { CaptchaService } from '../../shared/captcha';
import type { AuthService } from './auth.service';
import { captchaCheckBiz, checkCodeLoginBiz, loginBiz, logoutBiz, mobileBiz, tokenBiz } from './auth.schemas';

/** console-spec §7, user calls for signing in and out. */
export const USER_BASE = '/v1/store/eshop/store/user';

export function authRoutes(auth: AuthService, captcha: CaptchaService): StoreRoute[] {
  return [
    publicRoute(`${USER_BASE}/login`, loginBiz, (biz) => auth.login(biz)),
    publicRoute(`${USER_BASE}/getUserByToken`, tokenBiz, (biz) => auth.getUserByToken(biz.token)),
    publicRoute(`${USER_BASE}/logout`, logoutBiz, async (biz, ctx) => {
      await auth.logout(biz.accessToken ?? ctx.accessToken);
      return null;
    }),
    publicRoute(`${USER_BASE}/sendLoginCheckCode`, mobileBiz, (biz) => auth.sendLoginCheckCode(biz.mobile)),
    publicRoute(`${USER_BASE}/checkCodeLogin`, checkCodeLoginBiz, (biz) => auth.checkCodeLogin(biz.mobile, biz.checkCode)),
    publicRoute(`${USER_BASE}/getCaptcha`, z.object({}), () => captcha.issue()),
    publicRoute(`${USER_BASE}/checkCaptchaCode`, captchaCheckBiz, async (biz) => {
      await captcha.check(biz.key, biz.captchaCode);
      return { verified: true };
    }),
  ];
}
