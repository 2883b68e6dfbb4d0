// The route guard's rules (console-spec §2, §4, §8) as one pure function.
import { STORE_STATUS } from '@merchant/api-contracts';
import type { UserInfo } from '../features/auth/userInfo';
import { isEntitledStoreStatus } from '../features/auth/storeStatus';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const DASHBOARD_PATH = '/dashboard';
export const NOT_FOUND_PATH = '/404';
/** §2: "/registered/shopMsg needs a token, otherwise it redirects to /login?redirect=/dashboard". */
export const SHOP_MSG_PATH = '/registered/shopMsg';
/** The review result: status 1 shows 'under review', status 3 the rejection reason and re-submit. */
export const REVIEW_STATUS_PATH = '/registered/resultReg';

export type RouteDecision = { kind: 'render' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

export interface RouteContext {
  pathname: string;
  search: string;
  isPublic: boolean;
  /** The screen's storeType rule and permission code admit this user (§6). */
  allowedForUser: boolean;
  token: string | null;
  user: UserInfo | null;
  /** Whether a full path has a screen in the manifest (onboarding screens are added by their own area). */
  hasScreen?: (path: string) => boolean;
}

/** Query value kept readable (`redirect=/order/list`) like the original console's URLs. */
export function loginPathFor(target: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target).replace(/%2F/gi, '/')}`;
}

/** The `redirect` query value if it is a same-origin in-app path; never back to /login. */
export function safeRedirectTarget(search: string): string | null {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return null;
  return target;
}

/**
 * Where a signed-in store that may not enter the app belongs (§4): status 0 completes its shop
 * info; 1 (under review) and 3 (rejected, with the reason and re-submit) see the review result.
 */
export function onboardingPathFor(storeStatus: number | null, hasScreen: (path: string) => boolean = () => true): string {
  if (storeStatus === STORE_STATUS.notSubmitted && hasScreen(SHOP_MSG_PATH)) return SHOP_MSG_PATH;
  return REVIEW_STATUS_PATH;
}

export function decideRoute(context: RouteContext): RouteDecision {
  const { pathname, search, isPublic, token, user } = context;
  if (!token) {
    if (pathname === SHOP_MSG_PATH) return { kind: 'redirect', to: loginPathFor(DASHBOARD_PATH) };
    return isPublic ? { kind: 'render' } : { kind: 'redirect', to: loginPathFor(`${pathname}${search}`) };
  }
  if (!user) return isPublic ? { kind: 'render' } : { kind: 'wait' };
  if (!isEntitledStoreStatus(user.storeStatus)) {
    // §2: "Any signed-in user whose store status is not 2 or 4 is treated as not entitled and redirected."
    if (pathname === LOGIN_PATH || !isPublic) return { kind: 'redirect', to: onboardingPathFor(user.storeStatus, context.hasScreen) };
    return { kind: 'render' };
  }
  if (pathname === LOGIN_PATH) return { kind: 'redirect', to: safeRedirectTarget(search) ?? HOME_PATH };
  if (!context.allowedForUser) return { kind: 'redirect', to: NOT_FOUND_PATH };
  return { kind: 'render' };
}
