// /login (console-spec §2, §5, §7, §8): password or SMS check-code sign-in, and the forgotten-
// password dialog. After the token is stored, the route guard loads the user and sends them on:
// redirect target or / for status 2/4, the onboarding screen of their status otherwise.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { PasswordLoginForm } from './PasswordLoginForm';
import { CheckCodeLoginForm } from './CheckCodeLoginForm';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';

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
        <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
          {t('auth.login.heading')}
        </Typography>
        <Tabs value={method} onChange={(_event, next: LoginMethod) => setMethod(next)} sx={{ mb: 2 }} aria-label={t('auth.login.methods')}>
          <Tab value="password" label={t('auth.login.byPassword')} id="login-tab-password" aria-controls="login-panel" data-testid="login-tab-password" />
          <Tab value="checkCode" label={t('auth.login.byCheckCode')} id="login-tab-check-code" aria-controls="login-panel" data-testid="login-tab-check-code" />
        </Tabs>
        <div role="tabpanel" id="login-panel" aria-labelledby={method === 'password' ? 'login-tab-password' : 'login-tab-check-code'}>
          {method === 'password' ? <PasswordLoginForm /> : <CheckCodeLoginForm />}
        </div>
        <Box sx={{ mt: 2, textAlign: 'right' }}>
          <Link component="button" type="button" onClick={() => setForgotOpen(true)} data-testid="login-forgot">
            {t('auth.login.forgot')}
          </Link>
        </Box>
      </Paper>
      {forgotOpen && <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} />}
    </Box>
  );
}
