// A question before an action that cannot be undone (delete for me, clear history): Cancel has the focus first.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmDialogProps {
  open: boolean;
  /** For test ids: `<id>-dialog`, `<id>-cancel`, `<id>-confirm`. */
  id: string;
  title: string;
  text: string;
  /** The message concerned (shown in italics), if any. */
  quote?: string;
  confirmLabel: string;
  cancelLabel: string;
  onCancel(): void;
  onConfirm(): void;
}

export function ConfirmDialog({ open, id, title, text, quote, confirmLabel, cancelLabel, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid={`${id}-dialog`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {quote && <DialogContentText sx={{ mb: 1, fontStyle: 'italic', overflowWrap: 'anywhere' }}>{quote}</DialogContentText>}
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus data-testid={`${id}-cancel`}>
          {cancelLabel}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} data-testid={`${id}-confirm`}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
