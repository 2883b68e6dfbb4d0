// The inline alert of the sign-in forms: the failure of this attempt, or why the user info failed.
// A plain live region rather than MUI's Alert (which brings its close button and icons), so the
// sign-in page stays within its first-load budget (docs/performance.md).
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useAppSelector } from '../../app/hooks';

export type Problem = { message: string; translate: boolean } | null;

export function LoginProblem({ problem }: { problem: Problem }) {
  const { t } = useTranslation();
  const userError = useAppSelector((state) => state.auth.userError);
  const shown = problem ?? userError;
  if (!shown) return null;
  return (
    <Box
      id="login-error"
      data-testid="login-error"
      role="alert"
      sx={(theme) => ({
        px: 2,
        py: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'error.main',
        bgcolor: alpha(theme.palette.error.main, 0.08),
        color: theme.palette.mode === 'dark' ? 'error.light' : 'error.dark',
      })}
    >
      {shown.translate ? t(shown.message) : shown.message}
    </Box>
  );
}
