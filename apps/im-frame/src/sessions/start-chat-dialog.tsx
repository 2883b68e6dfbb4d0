// "New conversation": start a chat with a customer by account, or pick one of the recent
// customers (docs/im-frame.md). The account is checked with im-server (getUsers) before the
// conversation opens, so a typo does not create an empty conversation with nobody.
import { useEffect, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CustomerSummary } from '../chat/chat-client';
import { useChatController } from '../chat/chat-context';
import { SessionAvatar } from './session-avatar';

type LookupProblem = { key: 'empty' | 'self' | 'notFound' | 'failed'; account?: string; reason?: string };

export interface StartChatDialogProps {
  open: boolean;
  onClose(): void;
  /** The merchant's own IM account: not a customer. */
  ownAccount?: string;
}

export function StartChatDialog({ open, onClose, ownAccount }: StartChatDialogProps) {
  const { t } = useTranslation();
  const controller = useChatController();
  const [account, setAccount] = useState('');
  const [problem, setProblem] = useState<LookupProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [recent, setRecent] = useState<CustomerSummary[] | null>(null);

  useEffect(() => {
    if (!open) return;
    setAccount('');
    setProblem(null);
    setRecent(null);
    let current = true;
    controller.listRecentCustomers().then(
      (customers) => current && setRecent(customers),
      () => current && setRecent([]),
    );
    return () => {
      current = false;
    };
  }, [open, controller]);

  const start = async (customer: CustomerSummary) => {
    onClose();
    await controller.startChat(customer);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = account.trim();
    if (!wanted) return setProblem({ key: 'empty' });
    if (wanted === ownAccount) return setProblem({ key: 'self' });
    setBusy(true);
    try {
      const customer = await controller.findCustomer(wanted);
      if (customer) await start(customer);
      else setProblem({ key: 'notFound', account: wanted });
    } catch (error) {
      setProblem({ key: 'failed', reason: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="start-chat-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="start-chat-title">{t('startChat.title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('startChat.account')}
            value={account}
            onChange={(event) => {
              setAccount(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ? t(`startChat.problem.${problem.key}`, problem) : t('startChat.accountHint')}
            slotProps={{ htmlInput: { 'data-testid': 'start-chat-account' }, formHelperText: { role: problem ? 'alert' : undefined } }}
          />
          <Typography component="h3" variant="subtitle2" sx={{ mt: 2 }} id="recent-customers-title">
            {t('startChat.recent')}
          </Typography>
          {recent === null ? (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('startChat.loadingRecent')}
            </Typography>
          ) : recent.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('startChat.noRecent')}
            </Typography>
          ) : (
            <List dense aria-labelledby="recent-customers-title" sx={{ maxHeight: 280, overflowY: 'auto' }}>
              {recent.map((customer) => (
                <ListItem key={customer.account} disablePadding>
                  <ListItemButton data-testid={`recent-customer-${customer.account}`} onClick={() => void start(customer)}>
                    <ListItemAvatar>
                      <SessionAvatar name={customer.nick || customer.account} avatarUrl={customer.avatar} />
                    </ListItemAvatar>
                    <ListItemText primary={customer.nick || customer.account} secondary={customer.nick ? customer.account : undefined} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('startChat.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="start-chat-submit">
            {t('startChat.start')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
