// The confirmation before deleting a conversation (issue 32 §9): it leaves the list on every device.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface DeleteSessionDialogProps {
  /** The conversation's name; undefined closes the dialog. */
  name: string | undefined;
  onCancel(): void;
  onConfirm(): void;
}

export function DeleteSessionDialog({ name, onCancel, onConfirm }: DeleteSessionDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={name !== undefined} onClose={onCancel} aria-labelledby="delete-session-title" aria-describedby="delete-session-text" data-testid="delete-session-dialog">
      <DialogTitle id="delete-session-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('conversations.deleteTitle', { name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-session-text">{t('conversations.deleteText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* Cancel first and focused: deleting is the exception. */}
        <Button onClick={onCancel} autoFocus data-testid="delete-session-cancel">
          {t('conversations.deleteCancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} data-testid="delete-session-confirm">
          {t('conversations.deleteConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
