// Where /shop/checkPayPassword returns after a successful check (issue 26 §5): the `redirect` query value
// when it is a console path of this origin (a screen the manifest declares), else the account page.
import { safeRedirectTarget } from '../../../routes/routeDecision';
import { ACCOUNT_INFO_PATH } from '../../account/paths';

export { ACCOUNT_INFO_PATH };

export const CHECK_PAY_PASSWORD_PATH = '/shop/checkPayPassword';

/** The check screen's address for a screen that needs a fresh check first (`returnTo` is its own path and query). */
export function checkPayPasswordPathFor(returnTo: string): string {
  return `${CHECK_PAY_PASSWORD_PATH}?redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * Only a same-origin path (no scheme, no `//host`, no backslash trick) that names a console screen; never
 * the check screen itself (a loop) nor /login. Anything else: the account page.
 */
export function checkPayPasswordReturn(search: string, isConsoleScreen: (pathname: string) => boolean): string {
  const target = safeRedirectTarget(search);
  if (!target || /[\\\s]/.test(target)) return ACCOUNT_INFO_PATH;
  const pathname = new URL(target, 'http://console.invalid').pathname;
  if (pathname === CHECK_PAY_PASSWORD_PATH || !isConsoleScreen(pathname)) return ACCOUNT_INFO_PATH;
  return target;
}
