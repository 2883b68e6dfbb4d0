// Forward a message (im-client-spec §4: the copy gets a new idClient): choose the conversation to
// send it to. A list of buttons, so arrows/Tab and Enter work and screen readers read each name.
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChatSession } from '../chat/chat-client';
import { sessionDisplayName } from '../sessions/session-list';

export interface ForwardDialogProps {
  open: boolean;
  /** Every conversation but the one the message is in. */
  sessions: readonly ChatSession[];
  onClose(): void;
  onChoose(session: ChatSession): void;
}

export function ForwardDialog({ open, sessions, onClose, onChoose }: ForwardDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="forward-title">
      <DialogTitle id="forward-title">{t('forward.title')}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {sessions.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('forward.none')}
          </Typography>
        ) : (
          <List aria-label={t('forward.title')} data-testid="forward-targets">
            {sessions.map((session) => (
              <ListItemButton key={session.id} onClick={() => onChoose(session)} data-testid="forward-target" data-session-id={session.id}>
                <ListItemText primary={sessionDisplayName(session)} secondary={session.peerAccount} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('forward.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
