// A reply's thread page (issue 32 §4, im-core getThreadMsgs): the root message, then every reply oldest
// first, each with its sender and time. Opened from a reply's message menu ("View thread"). Inert content.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../chat/chat-client';
import type { ChatThread, MessageExtrasPort } from '../message-actions/message-extras-port';
import { extrasErrorText } from '../message-actions/message-action-rules';
import { MessageContent } from '../message-content';
import { formatChatTime } from '../../i18n/format-time';

export interface ThreadDialogProps {
  /** The reply the thread was opened from; undefined closes the dialog. */
  message: ChatMessage | undefined;
  extras: MessageExtrasPort;
  now: number;
  /** A sender's name as the conversation shows it. */
  nameOf(account: string): string;
  onClose(): void;
}

export function ThreadDialog({ message, extras, now, nameOf, onClose }: ThreadDialogProps) {
  const { t } = useTranslation();
  const [thread, setThread] = useState<ChatThread | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setThread(undefined);
    setError(undefined);
    if (!message) return;
    let current = true;
    extras.getThread(message).then(
      (loaded) => current && setThread(loaded),
      (refusal: unknown) => current && setError(extrasErrorText(refusal, t)),
    );
    return () => {
      current = false;
    };
  }, [extras, message, t]);
  const sender = (m: ChatMessage) => (m.from === extras.account ? t('conversation.you') : m.fromNick || nameOf(m.from));
  const entry = (m: ChatMessage, testId: string) => (
    <Box component="li" key={m.idClient} data-testid={testId} data-id-client={m.idClient} sx={{ mb: 1.5, listStyle: 'none' }}>
      <Typography variant="caption" color="text.secondary">
        {sender(m)} · {formatChatTime(m.time, now, t)}
      </Typography>
      <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <MessageContent message={m} />
      </Box>
    </Box>
  );
  return (
    <Dialog open={message !== undefined} onClose={onClose} aria-labelledby="thread-title" data-testid="thread-dialog" fullWidth maxWidth="sm">
      <DialogTitle id="thread-title">{t('messageActions.thread.title')}</DialogTitle>
      <DialogContent dividers sx={{ maxHeight: 480 }}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {!thread && !error && (
          <Typography role="status" color="text.secondary">
            {t('messageActions.thread.loading')}
          </Typography>
        )}
        {thread && (
          <>
            <Typography variant="overline" component="h3" color="text.secondary">
              {t('messageActions.thread.root')}
            </Typography>
            <Box component="ul" sx={{ m: 0, p: 0 }}>
              {thread.root ? entry(thread.root, 'thread-root') : <Typography color="text.secondary">{t('messageActions.thread.unavailable')}</Typography>}
            </Box>
            <Divider sx={{ my: 1 }} />
            <Typography variant="overline" component="h3" color="text.secondary" data-testid="thread-total">
              {t('messageActions.thread.replies', { count: thread.total })}
            </Typography>
            <Box component="ol" sx={{ m: 0, p: 0 }} aria-label={t('messageActions.thread.replies', { count: thread.total })}>
              {thread.replies.map((reply) => entry(reply, 'thread-reply'))}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="thread-close">
          {t('messageActions.thread.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
