// /login (console-spec §2, §5, §7, §8): password or SMS check-code sign-in, and the forgotten-
// password dialog. After the token is stored, the route guard loads the user and sends them on:
// redirect target or / for status 2/4, the onboarding screen of their status otherwise.
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { PasswordLoginForm } from './PasswordLoginForm';

// The check-code way and the forgotten-password dialog load when the merchant picks them: they are on the
// whole form kit, which /login's first load has no room for (docs/performance.md).
const CheckCodeLoginForm = lazy(() => import('./CheckCodeLoginForm'));
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog').then((module) => ({ default: module.ForgotPasswordDialog })));

type LoginMethod = 'password' | 'checkCode';

export function LoginPage() {
  const { t } = useTranslation();
  const [method, setMethod] = useState<LoginMethod>('password');
  const [forgotOpen, setForgotOpen] = useState(false);

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: 4 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="overline">{t('app.siteTitle')}</Typography>
          <LanguageSwitch />
        </Stack>
        <Typography component="h1" variant="h5" sx={{ mb: 0.5 }}>
          {t('auth.login.heading')}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }} data-testid="login-method">
          {method === 'password' ? t('auth.login.byPassword') : t('auth.login.byCheckCode')}
        </Typography>
        {method === 'password' ? (
          <PasswordLoginForm />
        ) : (
          <Suspense fallback={null}>
            <CheckCodeLoginForm />
          </Suspense>
        )}
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between', gap: 2 }}>
          {/* A link, not tabs: MUI Tabs would add ~5 KB to the sign-in page's first load. */}
          <Link
            component="button"
            type="button"
            onClick={() => setMethod(method === 'password' ? 'checkCode' : 'password')}
            data-testid={method === 'password' ? 'login-use-check-code' : 'login-use-password'}
          >
            {method === 'password' ? t('auth.login.useCheckCode') : t('auth.login.usePassword')}
          </Link>
          <Link component="button" type="button" onClick={() => setForgotOpen(true)} data-testid="login-forgot">
            {t('auth.login.forgot')}
          </Link>
        </Stack>
      </Paper>
      <Suspense fallback={null}>{forgotOpen && <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} />}</Suspense>
    </Box>
  );
}
