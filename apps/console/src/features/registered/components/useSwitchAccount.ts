// "Switch account" of the onboarding screens: a real log-out (the token is revoked on the server),
// then the sign-in screen for the other account.
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { LOGIN_PATH } from '../../../routes/routeDecision';
import { logOut } from '../../auth/session';

export function useSwitchAccount(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async () => {
    await dispatch(logOut());
    void navigate(LOGIN_PATH, { replace: true });
  };
}
