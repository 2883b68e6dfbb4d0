// The route guard's rules (console-spec §2, §4, §8) as one pure function.
import type { UserInfo } from '../features/auth/userInfo';
import { isEntitledStoreStatus } from '../features/auth/storeStatus';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const DASHBOARD_PATH = '/dashboard';
export const NOT_FOUND_PATH = '/404';
/** Where signed-in users whose store status is not 2 or 4 are sent (§2 "not entitled"). */
export const REVIEW_STATUS_PATH = '/registered/resultReg';

export type RouteDecision = { kind: 'render' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

export interface RouteContext {
  pathname: string;
  search: string;
  isPublic: boolean;
  allowedForStoreType: boolean;
  token: string | null;
  user: UserInfo | null;
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

export function decideRoute(context: RouteContext): RouteDecision {
  const { pathname, search, isPublic, token, user } = context;
  if (!token) {
    return isPublic ? { kind: 'render' } : { kind: 'redirect', to: loginPathFor(`${pathname}${search}`) };
  }
  if (!user) return isPublic ? { kind: 'render' } : { kind: 'wait' };
  if (!isEntitledStoreStatus(user.storeStatus)) {
    if (pathname === LOGIN_PATH || !isPublic) return { kind: 'redirect', to: REVIEW_STATUS_PATH };
    return { kind: 'render' };
  }
  if (pathname === LOGIN_PATH) return { kind: 'redirect', to: safeRedirectTarget(search) ?? HOME_PATH };
  if (!context.allowedForStoreType) return { kind: 'redirect', to: NOT_FOUND_PATH };
  return { kind: 'render' };
}
