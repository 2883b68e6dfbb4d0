import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useUiKitText } from '../i18n/locale-context';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  content?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  /** May return a promise: the confirm button shows busy until it settles, then the dialog closes. */
  onConfirm: () => void | Promise<void>;
  onClose: () => void;
}

/** A yes/no question, e.g. before a bulk delete (console-spec §4). */
export function ConfirmDialog({ open, title, content, confirmText, cancelText, onConfirm, onClose }: ConfirmDialogProps) {
  const t = useUiKitText();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="ui-kit-confirm-title">
      <DialogTitle id="ui-kit-confirm-title">{title}</DialogTitle>
      {content !== undefined && <DialogContent>{content}</DialogContent>}
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {cancelText ?? t('cancel')}
        </Button>
        <Button variant="contained" onClick={() => void confirm().catch(() => undefined)} loading={busy}>
          {confirmText ?? t('confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
