// Forgotten password (§7 sendUpdateCheckCode, updatePassword) on the form kit: username, SMS check code to the
// account's mobile, new password twice (the contract's rules; the confirmation is the console's own);
// success goes to /registered/resetSuccess.
import { useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { defineResourceForm, type ResourceActionContext } from '../../resource-kit/types';
import { ResourceFormFields } from '../../resource-kit/ResourceFormFields';
import { useResourceActions } from '../../resource-kit/useResourceActions';
import { useResourceForm } from '../../resource-kit/useResourceForm';
import { apiErrorText } from '../../app/apiErrorText';
import { authApi } from './api';
import { useKitMessages } from './useKitMessages';
import { resetPasswordSchema, type ResetPasswordValues } from './loginSchema';

export const RESET_SUCCESS_PATH = '/registered/resetSuccess';

type Notice = { severity: 'error' | 'success'; text: string } | null;
type Send = (userName: string) => Promise<boolean>;

function resetPasswordForm(useSend: () => Send) {
  return defineResourceForm<ResetPasswordValues>({
    schema: resetPasswordSchema,
    defaults: { userName: '', checkCode: '', newPassword: '', confirmPassword: '' },
    fields: [
      { name: 'userName', labelKey: 'auth.login.userName', kind: 'text', testId: 'forgot-username' },
      { name: 'checkCode', labelKey: 'auth.checkCode.code', kind: 'checkCode', testId: 'forgot-check-code', checkCode: { mobileField: 'userName', useSend, sendTestId: 'forgot-send-code' } },
      { name: 'newPassword', labelKey: 'auth.forgot.newPassword', kind: 'password', testId: 'forgot-new-password' },
      { name: 'confirmPassword', labelKey: 'auth.forgot.confirmPassword', kind: 'password', testId: 'forgot-confirm-password' },
    ],
    // The success is the next page, not a notice.
    successKey: null,
    create: {
      endpoint: authApi.endpoints.updatePassword,
      toBiz: ({ userName, checkCode, newPassword }) => ({ userName, checkCode, newPassword }),
    },
  });
}

export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  useKitMessages();
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const actions = useResourceActions();
  const [sendCode] = authApi.useSendUpdateCheckCodeMutation();
  const [notice, setNotice] = useState<Notice>(null);
  const failed = (error: unknown) => setNotice({ severity: 'error', text: apiErrorText(error, i18n.language, t('auth.forgot.failed')) });

  const send = useRef<Send>(async () => false);
  send.current = async (userName) => {
    const result = await sendCode({ userName });
    if ('error' in result) {
      failed(result.error);
      return false;
    }
    const mobile = result.data?.mobile;
    setNotice({ severity: 'success', text: mobile ? t('auth.forgot.sentTo', { mobile }) : t('auth.checkCode.sent') });
    return true;
  };
  const definition = useMemo(() => resetPasswordForm(() => (userName) => send.current(userName)), []);

  // The calls are silent: their failure is said in the dialog.
  const context = useMemo<ResourceActionContext>(
    () => ({
      ...actions.context,
      mutate: async (endpoint, arg) => {
        try {
          return await actions.context.mutate(endpoint, arg);
        } catch (error) {
          failed(error);
          throw error;
        }
      },
    }),
    // `failed` reads the language when it runs, so it is no dependency.
    [actions.context],
  );
  const engine = useResourceForm(definition, {
    initial: definition.defaults,
    context,
    successKey: 'resourceKit.saved',
    onSaved: () => {
      onClose();
      void navigate(RESET_SUCCESS_PATH);
    },
  });
  const close = () => engine.requestClose(onClose);

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={engine.submit} noValidate>
        <DialogTitle id={titleId}>{t('auth.forgot.title')}</DialogTitle>
        <DialogContent>
          {notice && (
            <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} data-testid="forgot-notice" sx={{ mb: 1 }}>
              {notice.text}
            </Alert>
          )}
          <ResourceFormFields engine={engine} fields={definition.fields} editing={false} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('app.captcha.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={engine.submitting} data-testid="forgot-submit">
            {t('auth.forgot.submit')}
          </Button>
        </DialogActions>
      </form>
      {engine.question}
    </Dialog>
  );
}
