// Managing the store's quick replies from the chat (issue 32; decision 0018: they are managed where they are
// used). Add at the end, edit in place, move up or down, delete after a confirmation. Every change goes to
// store-server through the console and the list shown is its answer; a refusal is shown and changes nothing.
import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { QUICK_REPLY_LIMITS } from '@merchant/api-contracts';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { deskErrorText, useQuickReplies } from './desk-context';
import type { QuickReplyItem } from './desk-bridge';

/** Why a text cannot be a quick reply (the contract's rule: trimmed, 1 to 500 characters), or null. */
export function quickReplyTextProblem(text: string, t: TFunction): string | null {
  const trimmed = text.trim();
  if (!trimmed) return t('desk.quickReplies.blank');
  if (trimmed.length > QUICK_REPLY_LIMITS.textMax) return t('desk.quickReplies.tooLong', { max: QUICK_REPLY_LIMITS.textMax });
  return null;
}

/** A reply's text shortened for a button's name. */
const short = (text: string): string => (text.length > 24 ? `${text.slice(0, 23)}…` : text);

export function QuickRepliesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const replies = useQuickReplies();
  const [draft, setDraft] = useState('');
  const [draftProblem, setDraftProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ replyId: number; text: string; problem: string | null } | null>(null);
  const [deleting, setDeleting] = useState<QuickReplyItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const refresh = replies?.refresh;
  useEffect(() => {
    if (open) void refresh?.();
  }, [open, refresh]);
  if (!replies) return null;
  const list = replies.list;
  const full = list.length >= QUICK_REPLY_LIMITS.perStore;

  const change = async (action: Parameters<typeof replies.change>[0]): Promise<boolean> => {
    setBusy(true);
    const accepted = await replies.change(action);
    setBusy(false);
    setFailed(!accepted);
    return accepted;
  };

  const add = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    // The dialog sits in the composer's React tree: its submit must not also submit the message.
    event.stopPropagation();
    const problem = quickReplyTextProblem(draft, t);
    setDraftProblem(problem);
    if (problem || full) return;
    if (await change({ kind: 'add', text: draft.trim() })) setDraft('');
  };

  const saveEdit = async (): Promise<void> => {
    if (!editing) return;
    const problem = quickReplyTextProblem(editing.text, t);
    if (problem) {
      setEditing({ ...editing, problem });
      return;
    }
    if (await change({ kind: 'edit', replyId: editing.replyId, text: editing.text.trim() })) setEditing(null);
  };

  const confirmDelete = async (): Promise<void> => {
    if (!deleting) return;
    const replyId = deleting.replyId;
    setDeleting(null);
    await change({ kind: 'delete', replyId });
  };

  const errorText = (failed || replies.status === 'failed') && replies.error ? deskErrorText(replies.error, t) : null;

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="quick-replies-manage-title" data-testid="quick-replies-dialog">
        <DialogTitle id="quick-replies-manage-title">{t('desk.quickReplies.manageTitle')}</DialogTitle>
        <DialogContent dividers>
          <DialogContentText variant="body2" sx={{ mb: 1.5 }}>
            {t('desk.quickReplies.manageHint', { max: QUICK_REPLY_LIMITS.perStore, length: QUICK_REPLY_LIMITS.textMax })}
          </DialogContentText>
          {errorText && (
            <Alert severity="error" role="alert" sx={{ mb: 1.5 }} data-testid="quick-replies-error">
              {errorText}
            </Alert>
          )}
          <Box component="form" onSubmit={(event) => void add(event)} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1 }}>
            <TextField
              label={t('desk.quickReplies.newLabel')}
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                if (draftProblem) setDraftProblem(null);
              }}
              multiline
              minRows={1}
              maxRows={4}
              fullWidth
              size="small"
              error={draftProblem !== null || full}
              helperText={
                full
                  ? t('desk.quickReplies.full', { max: QUICK_REPLY_LIMITS.perStore })
                  : (draftProblem ?? t('desk.quickReplies.length', { length: draft.trim().length, max: QUICK_REPLY_LIMITS.textMax }))
              }
              slotProps={{ htmlInput: { 'data-testid': 'quick-reply-new' }, formHelperText: { role: draftProblem ? 'alert' : undefined } as object }}
            />
            <Button type="submit" variant="contained" disabled={busy || full} data-testid="quick-reply-add" sx={{ flexShrink: 0, mt: 0.25 }}>
              {t('desk.quickReplies.add')}
            </Button>
          </Box>
          <Typography variant="caption" color="text.secondary" role="status" data-testid="quick-replies-count">
            {t('desk.quickReplies.count', { count: list.length, max: QUICK_REPLY_LIMITS.perStore })}
          </Typography>
          <List dense aria-label={t('desk.quickReplies.list')} data-testid="quick-replies-managed">
            {list.map((reply, index) =>
              editing?.replyId === reply.replyId ? (
                <ListItem key={reply.replyId} disableGutters sx={{ gap: 1, alignItems: 'flex-start' }}>
                  <TextField
                    autoFocus
                    label={t('desk.quickReplies.editLabel')}
                    value={editing.text}
                    onChange={(event) => setEditing({ ...editing, text: event.target.value, problem: null })}
                    onKeyDown={(event) => {
                      if (event.key === 'Escape') {
                        event.stopPropagation();
                        setEditing(null);
                      }
                    }}
                    multiline
                    maxRows={4}
                    fullWidth
                    size="small"
                    error={editing.problem !== null}
                    helperText={editing.problem ?? t('desk.quickReplies.length', { length: editing.text.trim().length, max: QUICK_REPLY_LIMITS.textMax })}
                    slotProps={{ htmlInput: { 'data-testid': 'quick-reply-edit-text' } }}
                  />
                  <Button onClick={() => void saveEdit()} disabled={busy} variant="contained" size="small" sx={{ mt: 0.25 }} data-testid="quick-reply-save">
                    {t('desk.quickReplies.save')}
                  </Button>
                  <Button onClick={() => setEditing(null)} size="small" sx={{ mt: 0.25 }}>
                    {t('desk.quickReplies.cancel')}
                  </Button>
                </ListItem>
              ) : (
                <ListItem key={reply.replyId} disableGutters data-testid="quick-reply-row" sx={{ gap: 0.5 }}>
                  <Typography variant="body2" sx={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {reply.text}
                  </Typography>
                  <IconButton size="small" aria-label={t('desk.quickReplies.editOne', { text: short(reply.text) })} disabled={busy} onClick={() => setEditing({ replyId: reply.replyId, text: reply.text, problem: null })}>
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={t('desk.quickReplies.moveUp', { text: short(reply.text) })} disabled={busy || index === 0} onClick={() => void change({ kind: 'move', replyId: reply.replyId, toIndex: index - 1 })}>
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('desk.quickReplies.moveDown', { text: short(reply.text) })}
                    disabled={busy || index === list.length - 1}
                    onClick={() => void change({ kind: 'move', replyId: reply.replyId, toIndex: index + 1 })}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={t('desk.quickReplies.delete', { text: short(reply.text) })} disabled={busy} onClick={() => setDeleting(reply)}>
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </ListItem>
              ),
            )}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="quick-replies-close">
            {t('desk.quickReplies.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="quick-reply-delete-title" aria-describedby="quick-reply-delete-text">
        <DialogTitle id="quick-reply-delete-title">{t('desk.quickReplies.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="quick-reply-delete-text" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {deleting?.text}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} autoFocus>
            {t('desk.quickReplies.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()} data-testid="quick-reply-delete-confirm">
            {t('desk.quickReplies.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
