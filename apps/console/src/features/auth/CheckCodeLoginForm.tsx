// Sign-in with an SMS check code (§7 sendLoginCheckCode, checkCodeLogin) on the form kit: the contract's
// rules, the kit's check-code field. Loaded only when the merchant picks this way (LoginPage).
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { authEndpoints } from '@merchant/api-contracts';
import { defineResourceForm, type ResourceActionContext } from '../../resource-kit/types';
import { ResourceFormFields } from '../../resource-kit/ResourceFormFields';
import { useResourceActions } from '../../resource-kit/useResourceActions';
import { useResourceForm } from '../../resource-kit/useResourceForm';
import { useAppDispatch } from '../../app/hooks';
import { apiErrorText } from '../../app/apiErrorText';
import { notify } from '../../app/notificationsSlice';
import { authApi, type LoginResponse } from './api';
import { userErrorDismissed } from './authSlice';
import { signedIn } from './session';
import { useKitMessages } from './useKitMessages';
import { LoginProblem, type Problem } from './LoginProblem';

type Values = { mobile: string; checkCode: string };
type Send = (mobile: string) => Promise<boolean>;

function checkCodeLoginForm(useSend: () => Send) {
  return defineResourceForm<Values>({
    schema: authEndpoints.checkCodeLogin.biz,
    defaults: { mobile: '', checkCode: '' },
    fields: [
      { name: 'mobile', labelKey: 'auth.checkCode.mobile', kind: 'phone', testId: 'login-mobile' },
      { name: 'checkCode', labelKey: 'auth.checkCode.code', kind: 'checkCode', testId: 'login-check-code', checkCode: { mobileField: 'mobile', useSend, sendTestId: 'login-send-code' } },
    ],
    // A sign-in: the console it opens is the answer, no 'saved' notice.
    successKey: null,
    create: { endpoint: authApi.endpoints.checkCodeLogin },
  });
}

export function CheckCodeLoginForm() {
  useKitMessages();
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const actions = useResourceActions();
  const [sendCode] = authApi.useSendLoginCheckCodeMutation();
  const [problem, setProblem] = useState<Problem>(null);
  const failed = (error: unknown) => setProblem({ message: apiErrorText(error, i18n.language, t('app.identityFailed')), translate: false });

  const send = useRef<Send>(async () => false);
  send.current = async (mobile) => {
    setProblem(null);
    const result = await sendCode({ mobile });
    if ('error' in result) {
      failed(result.error);
      return false;
    }
    dispatch(notify({ severity: 'success', message: 'auth.checkCode.sent', translate: true }));
    return true;
  };
  const definition = useMemo(() => checkCodeLoginForm(() => (mobile) => send.current(mobile)), []);

  // A sign-in: its failure msg in the form's alert (the call is silent, §8 "login failure shows msg").
  const context = useMemo<ResourceActionContext>(
    () => ({
      ...actions.context,
      mutate: async (endpoint, arg) => {
        setProblem(null);
        dispatch(userErrorDismissed());
        try {
          return await actions.context.mutate(endpoint, arg);
        } catch (error) {
          failed(error);
          throw error;
        }
      },
    }),
    // `failed` reads the language when it runs, so it is no dependency.
    [actions.context, dispatch],
  );
  const engine = useResourceForm(definition, {
    initial: definition.defaults,
    context,
    successKey: 'resourceKit.saved',
    onSaved: (answer) => dispatch(signedIn((answer as LoginResponse).accessToken, false)),
  });

  return (
    <form onSubmit={engine.submit} noValidate aria-describedby={problem ? 'login-error' : undefined}>
      <Stack spacing={2}>
        <LoginProblem problem={problem} />
        <ResourceFormFields engine={engine} fields={definition.fields} editing={false} />
        <Button type="submit" variant="contained" size="large" disabled={engine.submitting} data-testid="login-check-code-submit">
          {engine.submitting ? t('auth.login.signingIn') : t('auth.login.submit')}
        </Button>
      </Stack>
      {engine.question}
    </form>
  );
}

export default CheckCodeLoginForm;
