// "Add friend" (issue 32): the merchant sends a friend request (applyFriend, the customer accepts or
// declines in their notifications) or adds at once (addFriend, the spec's request type without
// approval), with an optional message (§5: at most FRIEND_PS_MAX_LENGTH). From the profile card the
// customer is given; from the friends pane the merchant types the account. A refusal (7101 blocked,
// 417 already friends, 404, 416 …) stays in the dialog in the merchant's language.
import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FRIEND_PS_MAX_LENGTH } from '@merchant/im-core/validation';
import { friendRequestErrorKey, type ContactsPort, type FriendRequest } from '../contacts/contacts-port';
import { RequestMessageField } from '../contacts/request-message-field';

const KINDS: readonly FriendRequest['kind'][] = ['apply', 'add'];

export interface FriendRequestDialogProps {
  open: boolean;
  contacts: ContactsPort;
  /** The customer (from the profile card); absent: the merchant types the account. */
  account?: string;
  /** The customer's name for the title (their nick, else the account). */
  name?: string;
  onClose(): void;
  /** The request went out: `apply` waits for the customer, `add` made a friend at once. */
  onSent(request: FriendRequest): void;
}

export function FriendRequestDialog({ open, contacts, account: givenAccount, name, onClose, onSent }: FriendRequestDialogProps) {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState<FriendRequest['kind']>('apply');
  const [ps, setPs] = useState('');
  const [problem, setProblem] = useState<'accountEmpty' | 'psTooLong' | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setAccount('');
    setKind('apply');
    setPs('');
    setProblem(undefined);
    setFailure(undefined);
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = (givenAccount ?? account).trim();
    if (!target) return setProblem('accountEmpty');
    if (ps.length > FRIEND_PS_MAX_LENGTH) return setProblem('psTooLong');
    const request: FriendRequest = { account: target, kind, ...(ps.trim() ? { ps } : {}) };
    setBusy(true);
    setFailure(undefined);
    try {
      await contacts.sendFriendRequest?.(request);
      onSent(request);
      onClose();
    } catch (error) {
      setFailure(t(friendRequestErrorKey(error), { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };

  const title = givenAccount ? t('friendRequest.titleFor', { name: name || givenAccount }) : t('friendRequest.title');
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullWidth maxWidth="xs" aria-labelledby="friend-request-title" data-testid="friend-request-dialog">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="friend-request-title" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: '8px !important' }}>
          {failure && (
            <Alert severity="error" role="alert" data-testid="friend-request-error">
              {failure}
            </Alert>
          )}
          {givenAccount === undefined && (
            <TextField
              autoFocus
              size="small"
              required
              label={t('friendRequest.account')}
              value={account}
              onChange={(event) => {
                setAccount(event.target.value);
                setProblem(undefined);
              }}
              error={problem === 'accountEmpty'}
              helperText={problem === 'accountEmpty' ? t('friendRequest.accountEmpty') : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'friend-request-account' }, formHelperText: { role: problem === 'accountEmpty' ? 'alert' : undefined } }}
            />
          )}
          <FormControl>
            <FormLabel id="friend-request-kind" sx={{ typography: 'subtitle2', color: 'text.primary' }}>
              {t('friendRequest.kind')}
            </FormLabel>
            <RadioGroup aria-labelledby="friend-request-kind" value={kind} onChange={(event) => setKind(event.target.value as FriendRequest['kind'])}>
              {KINDS.map((option) => (
                <Box key={option}>
                  <FormControlLabel
                    value={option}
                    control={<Radio size="small" autoFocus={givenAccount !== undefined && option === 'apply'} slotProps={{ input: { 'aria-describedby': `friend-request-kind-${option}-hint` } as object }} />}
                    data-testid={`friend-request-kind-${option}`}
                    label={t(`friendRequest.kinds.${option}`)}
                  />
                  <Box id={`friend-request-kind-${option}-hint`} sx={{ typography: 'caption', color: 'text.secondary', pl: 3.5, mt: -0.75 }}>
                    {t(`friendRequest.kindHints.${option}`)}
                  </Box>
                </Box>
              ))}
            </RadioGroup>
          </FormControl>
          <RequestMessageField
            label={t('friendRequest.ps')}
            value={ps}
            onChange={(value) => {
              setPs(value);
              setProblem(undefined);
            }}
            tooLong={problem === 'psTooLong'}
            tooLongText={t('friendRequest.psTooLong', { max: FRIEND_PS_MAX_LENGTH })}
            countText={t('friendRequest.psCount', { count: ps.length, max: FRIEND_PS_MAX_LENGTH })}
            testId="friend-request-ps"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('friendRequest.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="friend-request-submit">
            {busy ? t('friendRequest.sending') : t(`friendRequest.submit.${kind}`)}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
