// The console's side of the §8 error table: what happens on screen when the secure client
// decides a response needs the login page, an error message, the captcha, or timed out.
import type { AppDispatch } from './store';
import type { TransportReactions } from './transport';
import { notify } from './notificationsSlice';
import { captchaRequested } from './captchaSlice';
import { signedOutLocally } from '../features/auth/session';
import { LOGIN_PATH, loginPathFor } from '../routes/routeDecision';

export interface ReactionTargets {
  dispatch: AppDispatch;
  navigate(to: string): void;
  /** pathname + search of the screen being shown. */
  currentPath(): string;
}

/** Targets are looked up lazily: the client is created before the store and router exist. */
export function createTransportReactions(targets: () => ReactionTargets): TransportReactions {
  return {
    goToLogin() {
      const { dispatch, navigate, currentPath } = targets();
      dispatch(signedOutLocally());
      const current = currentPath();
      navigate(current.startsWith(LOGIN_PATH) ? current : loginPathFor(current));
    },
    showError(msg, code) {
      targets().dispatch(notify({ severity: 'error', message: msg, code }));
    },
    showCaptcha(image) {
      targets().dispatch(captchaRequested(image));
    },
    onTimeout() {
      targets().dispatch(notify({ severity: 'error', message: 'app.requestTimedOut', translate: true }));
    },
    onTokenReset() {
      targets().dispatch(signedOutLocally());
    },
  };
}
