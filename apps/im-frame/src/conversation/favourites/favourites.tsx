// My favourites (issue 32 §4, im-core collects): a star button beside the new-conversation button opens the
// list, newest first, 20 at a time with "load more"; each shows who wrote it, when, and its snippet (inert),
// with Remove. Messages are added from their menu ("Add to favourites"). Collects belong to the account only.
import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useTranslation } from 'react-i18next';
import type { ChatCollect, MessageExtrasPort } from '../message-actions/message-extras-port';
import { extrasErrorText } from '../message-actions/message-action-rules';
import { messageSnippet } from '../../i18n/message-text';
import { formatChatTime } from '../../i18n/format-time';

/** Favourites per page (our choice; §5 allows up to 100). */
export const FAVOURITES_PAGE = 20;

export function FavouritesButton({ extras, now }: { extras: MessageExtrasPort | undefined; now?: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!extras) return null;
  return (
    <>
      <Tooltip title={t('messageActions.favourites.open')}>
        <IconButton aria-label={t('messageActions.favourites.open')} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="favourites-open">
          <StarBorderIcon />
        </IconButton>
      </Tooltip>
      {open && <FavouritesDialog extras={extras} now={now ?? Date.now()} onClose={() => setOpen(false)} />}
    </>
  );
}

export function FavouritesDialog({ extras, now, onClose }: { extras: MessageExtrasPort; now: number; onClose(): void }) {
  const { t } = useTranslation();
  const [collects, setCollects] = useState<ChatCollect[] | undefined>();
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const load = useCallback(
    async (after?: ChatCollect) => {
      try {
        const page = await extras.listCollects({ limit: FAVOURITES_PAGE, ...(after ? { lastId: after.id } : {}) });
        setCollects((known) => [...(after ? known ?? [] : []), ...page.collects]);
        setTotal(page.total);
      } catch (refusal) {
        setError(extrasErrorText(refusal, t));
        setCollects((known) => known ?? []);
      }
    },
    [extras, t],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const remove = async (collect: ChatCollect) => {
    try {
      await extras.removeCollect(collect.id);
      setCollects((known) => known?.filter((c) => c.id !== collect.id));
      setTotal((count) => Math.max(0, count - 1));
      setStatus(t('messageActions.favourites.removed'));
    } catch (refusal) {
      setError(extrasErrorText(refusal, t));
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="favourites-title" data-testid="favourites-dialog" fullWidth maxWidth="sm">
      <DialogTitle id="favourites-title">
        {t('messageActions.favourites.title')}
        {collects && collects.length > 0 && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {t('messageActions.favourites.total', { count: total })}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers sx={{ maxHeight: 520 }}>
        {error && (
          <Alert severity="error" role="alert" onClose={() => setError(undefined)} sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        <Typography role="status" variant="body2" color="text.secondary" data-testid="favourites-status">
          {collects === undefined ? t('messageActions.favourites.loading') : status ?? ''}
        </Typography>
        {collects?.length === 0 && !error && <Typography color="text.secondary">{t('messageActions.favourites.empty')}</Typography>}
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="favourites-list">
          {collects?.map((collect) => {
            const snippet = collect.message ? messageSnippet(collect.message, t) : t('messageActions.favourites.unknown');
            // A text shows whole (up to four lines); other types by their label, a file with its name.
            const shownText = collect.message?.type === 'text' ? collect.message.text : snippet;
            const who = collect.message ? (collect.message.from === extras.account ? t('conversation.you') : collect.message.fromNick || collect.message.from) : '';
            return (
              <Box component="li" key={collect.id} data-testid="favourite" data-id={collect.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  {collect.message && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('messageActions.favourites.from', { name: who, time: formatChatTime(collect.message.time, now, t) })}
                    </Typography>
                  )}
                  <Typography
                    variant="body2"
                    sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', display: '-webkit-box', WebkitLineClamp: 4, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                    data-testid="favourite-text"
                  >
                    {shownText}
                  </Typography>
                </Box>
                <Button size="small" color="error" aria-label={t('messageActions.favourites.removeLabel', { text: snippet })} onClick={() => void remove(collect)} data-testid="favourite-remove">
                  {t('messageActions.favourites.remove')}
                </Button>
              </Box>
            );
          })}
        </Box>
        {collects && collects.length < total && (
          <Box sx={{ textAlign: 'center', mt: 1 }}>
            <Button size="small" onClick={() => void load(collects.at(-1))} data-testid="favourites-more">
              {t('messageActions.favourites.loadMore')}
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="favourites-close">
          {t('messageActions.favourites.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
