// The profile card's friend line (issue 32): "Add as friend" for a customer who is not one yet; once
// the request is out, that it waits for the customer; their answer as it arrives (a friend row after
// passFriendApply, a rejectFriendApply system message); a friend is said to be one, without the button.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import { useTranslation } from 'react-i18next';
import type { ImSysMsg } from '@merchant/im-core';
import type { ContactsPort, FriendRequest } from '../contacts/contacts-port';
import { useContacts, useContactsValue } from '../contacts/use-contacts';
import { FriendRequestDialog } from './friend-request-dialog';

type Status = 'friends' | 'sent' | 'declined' | 'none';

/** rejectFriendApply system messages from `account`, by idServer. */
const declinesFrom = (sysMsgs: readonly ImSysMsg[], account: string) => sysMsgs.filter((s) => s.type === 'rejectFriendApply' && s.from === account).map((s) => s.idServer);

/** A request sent here (with the declines already known then), and whether a newer decline came. */
function useSentRequest(contacts: ContactsPort | undefined, account: string) {
  const [knownDeclines, setKnownDeclines] = useState<readonly string[] | undefined>(undefined);
  const declines = useContactsValue(knownDeclines ? contacts : undefined, async (port) => declinesFrom(await port.listSystemMessages(), account), [account, knownDeclines]);
  const markSent = async () => {
    const known = contacts ? declinesFrom(await contacts.listSystemMessages().catch(() => []), account) : [];
    setKnownDeclines(known);
  };
  const declined = Boolean(knownDeclines && declines?.some((id) => !knownDeclines.includes(id)));
  return { sent: knownDeclines !== undefined, declined, markSent };
}

export function AddFriendSection({ account, name }: { account: string; name: string }) {
  const { t } = useTranslation();
  const contacts = useContacts();
  const friends = useContactsValue(contacts, (port) => port.listFriends(), []);
  const request = useSentRequest(contacts, account);
  const [open, setOpen] = useState(false);
  if (!contacts?.sendFriendRequest || friends === undefined) return null;

  const status: Status = friends.some((f) => f.account === account) ? 'friends' : request.declined ? 'declined' : request.sent ? 'sent' : 'none';
  const onSent = (sent: FriendRequest) => {
    if (sent.kind === 'apply') void request.markSent();
  };

  return (
    <Box component="section" aria-label={t('friends.title')} sx={{ mt: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }} data-testid="add-friend-section">
      {/* The state is announced as it changes (sent, the customer's answer). */}
      <Typography role="status" variant="body2" color={status === 'declined' ? 'warning.main' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }} data-testid="friend-state">
        {status === 'none' ? '' : t(`friendRequest.${status}`, { name })}
      </Typography>
      {(status === 'none' || status === 'declined') && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<PersonAddOutlined aria-hidden />}
          aria-label={t('friendRequest.addFor', { name })}
          onClick={() => setOpen(true)}
          data-testid="friend-request-open"
        >
          {t('friendRequest.add')}
        </Button>
      )}
      <FriendRequestDialog open={open} contacts={contacts} account={account} name={name} onClose={() => setOpen(false)} onSent={onSent} />
    </Box>
  );
}
