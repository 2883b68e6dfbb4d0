// Sign-in with an SMS check code (§7 sendLoginCheckCode, checkCodeLogin).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppDispatch } from '../../app/hooks';
import { apiErrorText } from '../../app/apiErrorText';
import { notify } from '../../app/notificationsSlice';
import { useCheckCodeLoginMutation, useSendLoginCheckCodeMutation } from './api';
import { userErrorDismissed } from './authSlice';
import { signedIn } from './session';
import type { CheckCodeLoginInput, CheckCodeLoginValues } from './loginSchema';
import { lazyZodResolver } from './lazyZodResolver';
import { FormTextField } from './FormTextField';
import { LoginProblem, type Problem } from './LoginProblem';
import { useCheckCodeCountdown } from './useCheckCodeCountdown';

export function CheckCodeLoginForm() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [sendCode, sendState] = useSendLoginCheckCodeMutation();
  const [checkCodeLogin, loginState] = useCheckCodeLoginMutation();
  const countdown = useCheckCodeCountdown();
  const [problem, setProblem] = useState<Problem>(null);
  const { control, handleSubmit, trigger, getValues, formState } = useForm<CheckCodeLoginInput, unknown, CheckCodeLoginValues>({
    resolver: lazyZodResolver(() => import('./loginSchema').then((module) => module.checkCodeLoginSchema)),
    defaultValues: { mobile: '', checkCode: '', remember: false },
    mode: 'onTouched',
  });
  const failed = (error: unknown) => setProblem({ message: apiErrorText(error, i18n.language, t('app.identityFailed')), translate: false });

  const send = async () => {
    if (!(await trigger('mobile'))) return;
    setProblem(null);
    const result = await sendCode({ mobile: getValues('mobile').trim() });
    if ('error' in result) return failed(result.error);
    countdown.start();
    dispatch(notify({ severity: 'success', message: 'auth.checkCode.sent', translate: true }));
  };

  const submit = async (values: CheckCodeLoginValues) => {
    setProblem(null);
    dispatch(userErrorDismissed());
    const result = await checkCodeLogin({ mobile: values.mobile, checkCode: values.checkCode });
    if ('error' in result) return failed(result.error);
    dispatch(signedIn(result.data.accessToken, values.remember));
  };

  const busy = formState.isSubmitting || loginState.isLoading;
  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-describedby={problem ? 'login-error' : undefined}>
      <Stack spacing={2}>
        <LoginProblem problem={problem} />
        <FormTextField name="mobile" control={control} testId="login-mobile" label={t('auth.checkCode.mobile')} autoComplete="tel" inputMode="tel" required autoFocus maxLength={11} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormTextField name="checkCode" control={control} testId="login-check-code" label={t('auth.checkCode.code')} autoComplete="one-time-code" inputMode="numeric" required maxLength={6} sx={{ flex: 1 }} />
          <Button variant="outlined" onClick={() => void send()} disabled={sendState.isLoading || countdown.secondsLeft > 0} data-testid="login-send-code" sx={{ mt: 1, whiteSpace: 'nowrap', minWidth: 128 }}>
            {countdown.secondsLeft > 0 ? t('auth.checkCode.resendIn', { seconds: countdown.secondsLeft }) : t('auth.checkCode.send')}
          </Button>
        </Stack>
        <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="login-check-code-submit">
          {busy ? t('auth.login.signingIn') : t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
