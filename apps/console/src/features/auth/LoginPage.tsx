// /login (console-spec §2, §5, §7, §8). After the token is stored, the route guard loads the
// user and sends them on: redirect target or / for status 2/4, the review page otherwise.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isApiError } from '../../app/transport';
import { verifiedKeyConsumed } from '../../app/captchaSlice';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { useLoginMutation } from './api';
import { userErrorDismissed } from './authSlice';
import { signedIn } from './session';
import { loginSchema, type LoginFormInput, type LoginFormValues } from './loginSchema';

type LoginProblem = { message: string; translate: boolean } | null;

export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [login, loginState] = useLoginMutation();
  const { userStatus, userError } = useAppSelector((state) => state.auth);
  const verifiedCaptchaKey = useAppSelector((state) => state.captcha.verifiedKey);
  const [loginProblem, setLoginProblem] = useState<LoginProblem>(null);
  const { control, handleSubmit, formState } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { userName: '', password: '', remember: false },
    mode: 'onTouched',
  });

  const onSubmit = async (values: LoginFormValues) => {
    setLoginProblem(null);
    dispatch(userErrorDismissed());
    const captcha = verifiedCaptchaKey ? { captchaKey: verifiedCaptchaKey } : {};
    const result = await login({ userName: values.userName, password: values.password, ...captcha });
    if (verifiedCaptchaKey) dispatch(verifiedKeyConsumed());
    if ('error' in result) {
      // §8: "Login failure shows msg and stops."
      const message = isApiError(result.error) ? result.error.msg : t('app.identityFailed');
      setLoginProblem({ message, translate: false });
      return;
    }
    dispatch(signedIn(result.data.accessToken, values.remember));
  };

  const problem = loginProblem ?? userError;
  const busy = formState.isSubmitting || loginState.isLoading || userStatus === 'loading';

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: 4 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="overline">{t('app.siteTitle')}</Typography>
          <LanguageSwitch />
        </Stack>
        <Typography component="h1" variant="h5" sx={{ mb: 3 }}>
          {t('auth.login.heading')}
        </Typography>
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-describedby={problem ? 'login-error' : undefined}>
          <Stack spacing={2}>
            {problem && (
              <Alert severity="error" id="login-error" data-testid="login-error" role="alert">
                {problem.translate ? t(problem.message) : problem.message}
              </Alert>
            )}
            <Controller
              name="userName"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={t('auth.login.userName')}
                  autoComplete="username"
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ? t(fieldState.error.message) : ' '}
                  slotProps={{ htmlInput: { 'data-testid': 'login-username', maxLength: 64 } }}
                />
              )}
            />
            <Controller
              name="password"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  type="password"
                  label={t('auth.login.password')}
                  autoComplete="current-password"
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ? t(fieldState.error.message) : ' '}
                  slotProps={{ htmlInput: { 'data-testid': 'login-password', maxLength: 64 } }}
                />
              )}
            />
            <Controller
              name="remember"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  label={t('auth.login.remember')}
                  control={
                    <Checkbox
                      checked={field.value ?? false}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{ input: { 'data-testid': 'login-remember' } as object }}
                    />
                  }
                />
              )}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="login-submit">
              {busy ? t('auth.login.signingIn') : t('auth.login.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
