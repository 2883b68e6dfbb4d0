// Session life cycle thunks: sign in (token → storage + client), load the user, sign out.
import { ClientCodes, SESSION_RESET_CODES, TOKEN_INVALID } from '@merchant/secure-transport';
import type { AppThunk } from '../../app/store';
import { isApiError } from '../../app/transport';
import { notify } from '../../app/notificationsSlice';
import { consoleApi } from '../../app/api';
import { recordOperation } from '../../app/telemetry';
import { authApi } from './api';
import { tokenCleared, tokenSet, userLoadFailed, userLoadStarted, userLoaded } from './authSlice';
import { clearStoredToken, storeToken } from './tokenStorage';
import { normalizeUserInfo } from './userInfo';

export const signedIn =
  (token: string, remember: boolean): AppThunk =>
  (dispatch, _getState, { client }) => {
    // Cached server data belongs to the previous session. (Dropped here rather than at sign-out:
    // sign-out can happen inside a pending request, whose result must still arrive.)
    dispatch(consoleApi.util.resetApiState());
    storeToken({ token, remember });
    client.setAccessToken(token);
    dispatch(tokenSet({ token, remember }));
    // §7 operation log, sent with the new token so the entry is attributed to this store.
    void recordOperation(client, 'USER_LOGIN');
  };

/** Forgets the token everywhere: storage, client, state. */
export const signedOutLocally = (): AppThunk => (dispatch, _getState, { client }) => {
  clearStoredToken();
  client.setAccessToken(null);
  dispatch(tokenCleared());
};

/** §8 identity failures: the token (10302006) or the security session (10301xxx reset codes) is no longer valid. */
export function isIdentityFailure(code: string): boolean {
  return code === TOKEN_INVALID || SESSION_RESET_CODES.includes(code);
}

/**
 * What a failed user-info load shows. §8: identity failures show "authentication failed, please sign
 * in again, contact the administrator if it persists" (app.identityFailed), not the server's text;
 * other failures show the server msg.
 */
export function userLoadFailure(error: unknown): { message: string; translate: boolean } {
  if (isApiError(error) && !isIdentityFailure(error.code) && error.msg) return { message: error.msg, translate: false };
  return { message: 'app.identityFailed', translate: true };
}

/**
 * Failures that are no answer from the server: the call timed out, or never got through. A page that
 * navigates away aborts its calls too (a reload during the user-info load, which then came back signed
 * out: the e2e suite's reloads under load). Only an answer ends the session; these are tried again.
 */
const NO_ANSWER_CODES: readonly string[] = [ClientCodes.TIMEOUT, ClientCodes.NETWORK];
/** Pauses before the second and third user-info attempt after a failure that was no answer. */
export const USER_LOAD_RETRY_DELAYS_MS: readonly number[] = [500, 2_000];

const isNoAnswer = (error: unknown) => isApiError(error) && NO_ANSWER_CODES.includes(error.code);
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads the signed-in user. §8: on failure the token is cleared and the error shown; the route
 * guard then sends a non-public path to /login?redirect={path}. A timeout or network failure is tried
 * again (USER_LOAD_RETRY_DELAYS_MS) before it counts as the failure.
 */
export const loadCurrentUser = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const { token, userStatus } = getState().auth;
  if (!token || userStatus === 'loading') return;
  dispatch(userLoadStarted());
  const load = () => dispatch(authApi.endpoints.getUserByToken.initiate({ token }, { subscribe: false, forceRefetch: true }));
  let result = await load();
  for (const delay of USER_LOAD_RETRY_DELAYS_MS) {
    if (!isNoAnswer(result.error)) break;
    await pause(delay);
    if (getState().auth.token !== token) break;
    result = await load();
  }
  const tokenNow = getState().auth.token;
  // Another account signed in meanwhile. (A null token is expected: the client's onTokenReset ran.)
  if (tokenNow !== null && tokenNow !== token) return;
  if (result.error) {
    const failure = userLoadFailure(result.error);
    dispatch(signedOutLocally());
    dispatch(userLoadFailed(failure));
    // The call is silent; a timeout was already announced by the client's onTimeout.
    if (!isApiError(result.error) || result.error.code !== ClientCodes.TIMEOUT) {
      dispatch(notify({ severity: 'error', ...failure }));
    }
    return;
  }
  const checked = normalizeUserInfo(result.data);
  if (!checked.ok) {
    dispatch(signedOutLocally());
    dispatch(userLoadFailed({ message: checked.reasonKey, translate: true }));
    dispatch(notify({ severity: 'error', message: checked.reasonKey, translate: true }));
    return;
  }
  dispatch(userLoaded(checked.user));
};

/** Log out (§7 logout {accessToken}); the local session ends even when the call fails. */
export const logOut = (): AppThunk<Promise<void>> => async (dispatch, getState, { client }) => {
  const token = getState().auth.token;
  if (token) {
    // §7 operation log: started while the token is still valid; not awaited (it must not delay sign-out).
    void recordOperation(client, 'USER_LOGOUT');
    await dispatch(authApi.endpoints.logout.initiate({ accessToken: token }));
  }
  dispatch(signedOutLocally());
};
