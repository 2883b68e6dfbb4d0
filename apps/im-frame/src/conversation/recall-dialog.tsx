// The confirmation before recalling one of my messages (issue 31): recalling cannot be undone.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../chat/chat-client';
import { messageSnippet } from '../i18n/message-text';

export interface RecallDialogProps {
  /** The message to recall; undefined closes the dialog. */
  message: ChatMessage | undefined;
  onCancel(): void;
  onConfirm(message: ChatMessage): void;
}

export function RecallDialog({ message, onCancel, onConfirm }: RecallDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={message !== undefined} onClose={onCancel} aria-labelledby="recall-dialog-title" aria-describedby="recall-dialog-text" data-testid="recall-dialog">
      <DialogTitle id="recall-dialog-title">{t('recall.confirmTitle')}</DialogTitle>
      <DialogContent>
        {message && (
          <DialogContentText sx={{ mb: 1, fontStyle: 'italic', overflowWrap: 'anywhere' }} data-testid="recall-dialog-snippet">
            {messageSnippet(message, t)}
          </DialogContentText>
        )}
        <DialogContentText id="recall-dialog-text">{t('recall.confirmText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus data-testid="recall-cancel">
          {t('recall.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={() => message && onConfirm(message)} data-testid="recall-confirm">
          {t('recall.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
