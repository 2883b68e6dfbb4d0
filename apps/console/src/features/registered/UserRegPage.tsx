// /registered/userReg: a new merchant registers with a mobile check code, is signed in, and goes on
// to choose the store type. Server errors are shown by the client (console-spec §8).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../app/notificationsSlice';
import { signedIn } from '../auth/session';
import { LOGIN_PATH } from '../../routes/routeDecision';
import { useRegisterUserMutation, useSendRegisterCheckCodeMutation } from './api';
import { CheckCodeButton } from './components/CheckCodeButton';
import { FormTextField } from './components/FormTextField';
import { OnboardingFrame } from './components/OnboardingFrame';
import { mobileField, registerSchema, type RegisterInput, type RegisterValues } from './storeInfoSchema';

export const STORE_TYPE_STEP_PATH = '/registered/storeMsg';

export function UserRegPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [sendCode] = useSendRegisterCheckCodeMutation();
  const [register, { isLoading }] = useRegisterUserMutation();
  const { control, handleSubmit, getValues, trigger } = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { userName: '', password: '', confirmPassword: '', mobile: '', checkCode: '' },
  });

  const sendCheckCode = async () => {
    if (!(await trigger('mobile'))) return false;
    const result = await sendCode({ mobile: mobileField.parse(getValues('mobile')) });
    if ('error' in result) return false;
    const minutes = Math.round((result.data?.expiresInSeconds ?? 300) / 60);
    dispatch(notify({ severity: 'success', message: t('registered.checkCode.sent', { minutes }) }));
    return true;
  };

  const submit = handleSubmit(async (values) => {
    const result = await register({ userName: values.userName, password: values.password, mobile: values.mobile, checkCode: values.checkCode });
    if ('error' in result || !result.data) return;
    dispatch(signedIn(result.data.accessToken, false));
    dispatch(notify({ severity: 'success', message: 'registered.userReg.succeeded', translate: true }));
    void navigate(STORE_TYPE_STEP_PATH);
  });

  return (
    <OnboardingFrame heading={t('registered.userReg.heading')} step="account" width={560}>
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-label={t('registered.userReg.heading')}>
        <FormTextField control={control} name="userName" label={t('registered.userReg.userName')} helperText={t('registered.userReg.userNameHelp')} autoComplete="username" autoFocus testId="reg-username" required />
        <FormTextField control={control} name="password" type="password" label={t('registered.userReg.password')} helperText={t('registered.userReg.passwordHelp')} autoComplete="new-password" testId="reg-password" required />
        <FormTextField control={control} name="confirmPassword" type="password" label={t('registered.userReg.confirmPassword')} autoComplete="new-password" testId="reg-confirm-password" required />
        <FormTextField control={control} name="mobile" label={t('registered.userReg.mobile')} autoComplete="tel" inputMode="numeric" testId="reg-mobile" required />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormTextField control={control} name="checkCode" label={t('registered.userReg.checkCode')} autoComplete="one-time-code" inputMode="numeric" testId="reg-check-code" required />
          <CheckCodeButton onSend={sendCheckCode} testId="reg-send-code" />
        </Stack>
        <Button type="submit" variant="contained" size="large" disabled={isLoading} data-testid="reg-submit">
          {t('registered.userReg.submit')}
        </Button>
        <Link component={RouterLink} to={LOGIN_PATH} sx={{ alignSelf: 'center' }}>
          {t('registered.backToLogin')}
        </Link>
      </Stack>
    </OnboardingFrame>
  );
}
