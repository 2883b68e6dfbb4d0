// Username + password sign-in (§5, §7, §8) on the form kit's parts: the login contract's rules, errors in the
// merchant's language under their fields, `*` marks. Not the whole engine (useResourceForm): it brings zod,
// dialogs and every field kind, past /login's first-load budget (docs/performance.md). When the server asks
// for the graphic verification (10103003) the dialog opens; once solved, the same sign-in continues by itself.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_REQUIRED } from '@merchant/secure-transport';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import type { ResourceFormField } from '../../resource-kit/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isApiError } from '../../app/transport';
import { apiErrorText } from '../../app/apiErrorText';
import { verifiedKeyConsumed } from '../../app/captchaSlice';
import { useLoginMutation } from './api';
import { userErrorDismissed } from './authSlice';
import { signedIn } from './session';
import type { LoginFormValues } from './loginSchema';
import { lazyContractResolver } from './lazyContractResolver';
import { lightInput } from './loginInputs';
import { LoginProblem, type Problem } from './LoginProblem';

const FIELDS: readonly ResourceFormField[] = [
  { name: 'userName', labelKey: 'auth.login.userName', kind: 'text', testId: 'login-username', input: lightInput({ autoComplete: 'username', autoFocus: true }) },
  { name: 'password', labelKey: 'auth.login.password', kind: 'text', testId: 'login-password', input: lightInput({ type: 'password', autoComplete: 'current-password' }) },
];

const resolver = lazyContractResolver<LoginFormValues>(() => import('./loginSchema').then((module) => module.loginSchema));

export function PasswordLoginForm() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [login, loginState] = useLoginMutation();
  const userStatus = useAppSelector((state) => state.auth.userStatus);
  const verifiedCaptchaKey = useAppSelector((state) => state.captcha.verifiedKey);
  const [problem, setProblem] = useState<Problem>(null);
  /** The sign-in waiting for the graphic verification. */
  const awaitingCaptcha = useRef<LoginFormValues | null>(null);
  const form = useForm<LoginFormValues>({ resolver, defaultValues: { userName: '', password: '', remember: false }, mode: 'onTouched' });

  const signIn = useCallback(
    async (values: LoginFormValues, captchaKey: string | null) => {
      setProblem(null);
      dispatch(userErrorDismissed());
      const result = await login({ userName: values.userName, password: values.password, ...(captchaKey ? { captchaKey } : {}) });
      if (captchaKey) dispatch(verifiedKeyConsumed());
      if ('error' in result) {
        if (isApiError(result.error) && result.error.code === CAPTCHA_REQUIRED) {
          // The dialog is open; the alert would only repeat it.
          awaitingCaptcha.current = values;
          return;
        }
        // §8: "Login failure shows msg and stops."
        setProblem({ message: apiErrorText(result.error, i18n.language, t('app.identityFailed')), translate: false });
        return;
      }
      awaitingCaptcha.current = null;
      dispatch(signedIn(result.data.accessToken, values.remember));
    },
    [dispatch, login, i18n.language, t],
  );

  useEffect(() => {
    const waiting = awaitingCaptcha.current;
    if (!verifiedCaptchaKey || !waiting) return;
    awaitingCaptcha.current = null;
    void signIn(waiting, verifiedCaptchaKey);
  }, [verifiedCaptchaKey, signIn]);

  const busy = form.formState.isSubmitting || loginState.isLoading || userStatus === 'loading';
  const locale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';

  // The fields as one memoised element: react-hook-form's useForm sets its state in a layout effect at
  // mount (isReady), a synchronous re-render of this form inside the first commit's task. With the
  // fields memoised that re-render stops here instead of rendering every field and MUI part again
  // (the longest task after /login's first paint, Lighthouse total blocking time; docs/performance.md).
  const fields = useMemo(
    () => (
      <Stack spacing={2}>
        <LoginProblem problem={problem} />
        {FIELDS.map((field) => {
          const Input = field.input!;
          return <Input key={field.name} field={field} required disabled={false} context={{ t, locale }} />;
        })}
        <Controller
          name="remember"
          control={form.control}
          render={({ field }) => (
            <FormControlLabel
              label={t('auth.login.remember')}
              control={
                <Checkbox
                  checked={Boolean(field.value)}
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
    ),
    [problem, form.control, t, locale, busy],
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((values) => signIn(values, verifiedCaptchaKey))} noValidate aria-describedby={problem ? 'login-error' : undefined}>
        {fields}
      </form>
    </FormProvider>
  );
}
