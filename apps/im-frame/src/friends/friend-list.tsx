// The friends list (issue 10 §8, im-core friends service): search by name or account, open a chat
// with a friend, delete a friend after a confirmation. Every row is a button (Enter/Space opens the
// chat) with its own labelled delete button; the confirmation is a dialog that takes the focus.
// "Add friend" beside the search sends a friend request by account (friend-request-dialog.tsx).
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { useTranslation } from 'react-i18next';
import { useChatController } from '../chat/chat-context';
import { friendDisplayName, type FriendEntry } from '../contacts/contacts-port';
import { useContacts, useContactsValue } from '../contacts/use-contacts';
import { SessionAvatar } from '../sessions/session-avatar';
import { FriendRequestDialog } from './friend-request-dialog';

/** Case-insensitive match on alias, nick and account; an empty query keeps everyone. */
export function matchesFriend(friend: FriendEntry, query: string): boolean {
  const wanted = query.trim().toLocaleLowerCase();
  if (!wanted) return true;
  return [friend.alias, friend.nick, friend.account].some((text) => text?.toLocaleLowerCase().includes(wanted));
}

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const byName = (a: FriendEntry, b: FriendEntry) => friendDisplayName(a).localeCompare(friendDisplayName(b)) || a.account.localeCompare(b.account);

export interface FriendListProps {
  /** Called after a chat with a friend was opened (the frame shows the conversations again). */
  onChatOpened?(account: string): void;
}

export function FriendList({ onChatOpened }: FriendListProps) {
  const { t } = useTranslation();
  const contacts = useContacts();
  const controller = useChatController();
  const friends = useContactsValue(contacts, (port) => port.listFriends(), []);
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<FriendEntry | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  const [adding, setAdding] = useState(false);
  /** The last friend request sent from here, shown until closed (the answer comes as a system message). */
  const [sentNote, setSentNote] = useState<string | undefined>(undefined);

  const shown = useMemo(() => (friends ?? []).filter((f) => matchesFriend(f, query)).sort(byName), [friends, query]);

  if (!contacts) {
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {t('friends.unavailable')}
      </Typography>
    );
  }

  const openChat = async (friend: FriendEntry) => {
    await controller.startChat({ account: friend.account, nick: friend.alias || friend.nick, avatar: friend.avatar });
    onChatOpened?.(friend.account);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await contacts.deleteFriend(deleting.account);
      setAnnouncement(t('friends.deleted', { name: friendDisplayName(deleting) }));
      setDeleting(undefined);
    } catch (error) {
      setFailure(t('friends.deleteFailed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="friend-list">
      <Box sx={{ px: 2, pt: 1.5, pb: 1, display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <TextField
          fullWidth
          size="small"
          type="search"
          label={t('friends.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': 'friend-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        {contacts.sendFriendRequest && (
          <Tooltip title={t('friendRequest.open')}>
            <IconButton aria-label={t('friendRequest.open')} onClick={() => setAdding(true)} data-testid="friend-add">
              <PersonAddOutlined />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <FriendRequestDialog
        open={adding}
        contacts={contacts}
        onClose={() => setAdding(false)}
        onSent={(request) => setSentNote(t(request.kind === 'add' ? 'friendRequest.added' : 'friendRequest.sent', { name: request.account }))}
      />
      {sentNote && (
        <Alert severity="success" role="status" closeText={t('friendRequest.dismiss')} onClose={() => setSentNote(undefined)} sx={{ mx: 2, mb: 1, overflowWrap: 'anywhere' }} data-testid="friend-request-outcome">
          {sentNote}
        </Alert>
      )}
      {/* Deletions and the filtered count are announced without moving the focus. */}
      <Box role="status" aria-live="polite" sx={VISUALLY_HIDDEN} data-testid="friend-status">
        {announcement || (friends && query.trim() ? t('friends.found', { count: shown.length }) : '')}
      </Box>
      {friends === undefined ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('friends.loading')}
        </Typography>
      ) : friends.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('friends.empty')}
        </Typography>
      ) : shown.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('friends.noMatch', { query: query.trim() })}
        </Typography>
      ) : (
        <List disablePadding aria-label={t('friends.title')}>
          {shown.map((friend) => {
            const name = friendDisplayName(friend);
            const secondary = name === friend.account ? undefined : friend.account;
            return (
              <ListItem
                key={friend.account}
                disablePadding
                secondaryAction={
                  <Tooltip title={t('friends.delete')}>
                    <IconButton
                      edge="end"
                      aria-label={t('friends.deleteFor', { name })}
                      data-testid={`friend-delete-${friend.account}`}
                      onClick={() => {
                        setFailure(undefined);
                        setDeleting(friend);
                      }}
                    >
                      <PersonRemoveOutlined />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemButton data-testid={`friend-item-${friend.account}`} onClick={() => void openChat(friend)}>
                  <ListItemAvatar>
                    <SessionAvatar name={name} avatarUrl={friend.avatar} />
                  </ListItemAvatar>
                  <ListItemText
                    primary={
                      <>
                        {name}
                        {/* What the button does, read out after the visible name (WCAG 2.5.3 label in name). */}
                        <Box component="span" sx={VISUALLY_HIDDEN}>{`, ${t('friends.openChat')}`}</Box>
                      </>
                    }
                    secondary={secondary}
                    slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      <Dialog
        open={deleting !== undefined}
        onClose={() => !busy && setDeleting(undefined)}
        aria-labelledby="delete-friend-title"
        aria-describedby="delete-friend-text"
        data-testid="delete-friend-dialog"
      >
        <DialogTitle id="delete-friend-title">{t('friends.confirmTitle')}</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {failure}
            </Alert>
          )}
          <DialogContentText id="delete-friend-text">
            {deleting ? t('friends.confirmText', { name: friendDisplayName(deleting), interpolation: { escapeValue: false } }) : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setDeleting(undefined)} disabled={busy}>
            {t('friends.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()} disabled={busy} data-testid="delete-friend-confirm">
            {t('friends.confirmDelete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
