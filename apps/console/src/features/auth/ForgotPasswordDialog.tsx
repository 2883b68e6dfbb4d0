// Forgotten password (§7 sendUpdateCheckCode, updatePassword): username, SMS check code to the
// account's mobile, new password twice; success goes to /registered/resetSuccess.
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { apiErrorText } from '../../app/apiErrorText';
import { useSendUpdateCheckCodeMutation, useUpdatePasswordMutation } from './api';
import type { ResetPasswordInput, ResetPasswordValues } from './loginSchema';
import { lazyZodResolver } from './lazyZodResolver';
import { FormTextField } from './FormTextField';
import { useCheckCodeCountdown } from './useCheckCodeCountdown';

export const RESET_SUCCESS_PATH = '/registered/resetSuccess';

type Notice = { severity: 'error' | 'success'; text: string } | null;

export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const [sendCode, sendState] = useSendUpdateCheckCodeMutation();
  const [updatePassword, updateState] = useUpdatePasswordMutation();
  const countdown = useCheckCodeCountdown();
  const [notice, setNotice] = useState<Notice>(null);
  const { control, handleSubmit, trigger, getValues } = useForm<ResetPasswordInput, unknown, ResetPasswordValues>({
    resolver: lazyZodResolver(() => import('./loginSchema').then((module) => module.resetPasswordSchema)),
    defaultValues: { userName: '', checkCode: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const failed = (error: unknown) => setNotice({ severity: 'error', text: apiErrorText(error, i18n.language, t('auth.forgot.failed')) });

  const send = async () => {
    if (!(await trigger('userName'))) return;
    const result = await sendCode({ userName: getValues('userName').trim() });
    if ('error' in result) return failed(result.error);
    countdown.start();
    const mobile = result.data?.mobile;
    setNotice({ severity: 'success', text: mobile ? t('auth.forgot.sentTo', { mobile }) : t('auth.checkCode.sent') });
  };

  const submit = async (values: ResetPasswordValues) => {
    const result = await updatePassword({ userName: values.userName, checkCode: values.checkCode, newPassword: values.newPassword });
    if ('error' in result) return failed(result.error);
    onClose();
    void navigate(RESET_SUCCESS_PATH);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <DialogTitle id={titleId}>{t('auth.forgot.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            {notice && (
              <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} data-testid="forgot-notice">
                {notice.text}
              </Alert>
            )}
            <FormTextField name="userName" control={control} testId="forgot-username" label={t('auth.login.userName')} autoComplete="username" required autoFocus />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <FormTextField name="checkCode" control={control} testId="forgot-check-code" label={t('auth.checkCode.code')} inputMode="numeric" autoComplete="one-time-code" required maxLength={6} sx={{ flex: 1 }} />
              <Button variant="outlined" onClick={() => void send()} disabled={sendState.isLoading || countdown.secondsLeft > 0} data-testid="forgot-send-code" sx={{ mt: 1, whiteSpace: 'nowrap', minWidth: 128 }}>
                {countdown.secondsLeft > 0 ? t('auth.checkCode.resendIn', { seconds: countdown.secondsLeft }) : t('auth.checkCode.send')}
              </Button>
            </Stack>
            <FormTextField name="newPassword" control={control} testId="forgot-new-password" type="password" label={t('auth.forgot.newPassword')} autoComplete="new-password" required />
            <FormTextField name="confirmPassword" control={control} testId="forgot-confirm-password" type="password" label={t('auth.forgot.confirmPassword')} autoComplete="new-password" required />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.captcha.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={updateState.isLoading} data-testid="forgot-submit">
            {t('auth.forgot.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
