// Runs a dialog's call: keeps the server msg for the dialog and announces 'modified successfully'.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notificationsSlice';
import { isApiError } from '../../../app/transport';

type CallResult = { data?: unknown; error?: unknown };

export function useDialogCall() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [error, setError] = useState<string | null>(null);

  /** True when the call succeeded; on failure the dialog shows the server msg. */
  const run = async (call: Promise<CallResult>, successKey = 'account.dialog.saved'): Promise<boolean> => {
    setError(null);
    const result = await call;
    if ('error' in result && result.error !== undefined) {
      setError(isApiError(result.error) && result.error.msg ? result.error.msg : t('account.dialog.failed'));
      return false;
    }
    dispatch(notify({ severity: 'success', message: successKey, translate: true }));
    return true;
  };

  return { error, setError, run, clearError: () => setError(null) };
}
