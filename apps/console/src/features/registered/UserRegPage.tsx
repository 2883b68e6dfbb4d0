// /registered/userReg on the form kit: a new merchant registers with a mobile check code (the registerUser
// contract's rules), is signed in, and goes on to choose the store type. Server errors are shown by the
// client (console-spec §8).
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { defineResourceForm } from '../../resource-kit/types';
import { ResourceFormFields } from '../../resource-kit/ResourceFormFields';
import { useResourceActions } from '../../resource-kit/useResourceActions';
import { useResourceForm } from '../../resource-kit/useResourceForm';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../app/notificationsSlice';
import { signedIn } from '../auth/session';
import { LOGIN_PATH } from '../../routes/routeDecision';
import { registeredApi, useSendRegisterCheckCodeMutation } from './api';
import { OnboardingFrame } from './components/OnboardingFrame';
import { registerSchema, type RegisterValues } from './storeInfoSchema';

export const STORE_TYPE_STEP_PATH = '/registered/storeMsg';

/** Sends the registration code; says how long it stays valid. */
function useSendRegisterCode() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [sendCode] = useSendRegisterCheckCodeMutation();
  return async (mobile: string) => {
    const result = await sendCode({ mobile });
    if ('error' in result) return false;
    const minutes = Math.round((result.data?.expiresInSeconds ?? 300) / 60);
    dispatch(notify({ severity: 'success', message: t('registered.checkCode.sent', { minutes }) }));
    return true;
  };
}

export const registerForm = defineResourceForm<RegisterValues>({
  schema: registerSchema,
  defaults: { userName: '', password: '', confirmPassword: '', mobile: '', checkCode: '' },
  fields: [
    { name: 'userName', labelKey: 'registered.userReg.userName', helperKey: 'registered.userReg.userNameHelp', kind: 'text', testId: 'reg-username' },
    { name: 'password', labelKey: 'registered.userReg.password', helperKey: 'registered.userReg.passwordHelp', kind: 'password', testId: 'reg-password' },
    { name: 'confirmPassword', labelKey: 'registered.userReg.confirmPassword', kind: 'password', testId: 'reg-confirm-password' },
    { name: 'mobile', labelKey: 'registered.userReg.mobile', kind: 'phone', testId: 'reg-mobile' },
    { name: 'checkCode', labelKey: 'registered.userReg.checkCode', kind: 'checkCode', testId: 'reg-check-code', checkCode: { mobileField: 'mobile', useSend: useSendRegisterCode, sendTestId: 'reg-send-code' } },
  ],
  create: {
    endpoint: registeredApi.endpoints.registerUser,
    toBiz: ({ userName, password: secret, mobile, checkCode }) => ({ userName, password: secret, mobile, checkCode }),
  },
});

export function UserRegPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const actions = useResourceActions();
  const engine = useResourceForm(registerForm, {
    initial: registerForm.defaults,
    context: actions.context,
    successKey: 'registered.userReg.succeeded',
    onSaved: (answer) => {
      dispatch(signedIn((answer as { accessToken: string }).accessToken, false));
      actions.context.navigate(STORE_TYPE_STEP_PATH);
    },
  });

  return (
    <OnboardingFrame heading={t('registered.userReg.heading')} step="account" width={560}>
      <Stack component="form" noValidate spacing={2} onSubmit={engine.submit} aria-label={t('registered.userReg.heading')}>
        <ResourceFormFields engine={engine} fields={registerForm.fields} editing={false} />
        <Button type="submit" variant="contained" size="large" disabled={engine.submitting} data-testid="reg-submit">
          {t('registered.userReg.submit')}
        </Button>
        <Link component={RouterLink} to={LOGIN_PATH} sx={{ alignSelf: 'center' }}>
          {t('registered.backToLogin')}
        </Link>
      </Stack>
      {engine.question}
    </OnboardingFrame>
  );
}
