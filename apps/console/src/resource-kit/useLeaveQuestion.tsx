// The unsaved-changes question of a form, page or dialog: leaving the screen asks while the form has
// changes (useUnsavedChangesGuard: in-console navigation and the browser's own beforeunload), and so does
// closing a dialog through `requestClose`. One ConfirmDialog answers both.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@merchant/ui-kit';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

export interface LeaveQuestion {
  /** Closes at once without changes, else asks first and closes on 'leave'. */
  requestClose(close: () => void): void;
  /** Lets the next navigation through (after a successful save). */
  allowLeave(): void;
  /** Render it beside the form. */
  question: ReactNode;
}

export function useLeaveQuestion(dirty: boolean): LeaveQuestion {
  const { t } = useTranslation();
  const guard = useUnsavedChangesGuard(dirty);
  const [closing, setClosing] = useState<{ close: () => void } | null>(null);
  const question = (
    <ConfirmDialog
      open={closing !== null || guard.asking}
      title={t('resourceKit.unsavedTitle')}
      content={t('resourceKit.unsavedContent')}
      confirmText={t('resourceKit.leave')}
      cancelText={t('resourceKit.stay')}
      onConfirm={() => {
        if (guard.asking) guard.leave();
        else closing?.close();
      }}
      onClose={() => {
        if (guard.asking) guard.stay();
        setClosing(null);
      }}
    />
  );
  return {
    requestClose: (close) => (dirty ? setClosing({ close }) : close()),
    allowLeave: guard.allowLeave,
    question,
  };
}
