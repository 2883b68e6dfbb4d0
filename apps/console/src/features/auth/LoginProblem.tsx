// The inline alert of the sign-in forms: the failure of this attempt, or why the user info failed.
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { useAppSelector } from '../../app/hooks';

export type Problem = { message: string; translate: boolean } | null;

export function LoginProblem({ problem }: { problem: Problem }) {
  const { t } = useTranslation();
  const userError = useAppSelector((state) => state.auth.userError);
  const shown = problem ?? userError;
  if (!shown) return null;
  return (
    <Alert severity="error" id="login-error" data-testid="login-error" role="alert">
      {shown.translate ? t(shown.message) : shown.message}
    </Alert>
  );
}
