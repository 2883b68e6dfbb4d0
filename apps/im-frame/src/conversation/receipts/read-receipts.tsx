// Read receipts under my own messages (issue 32 §5). p2p: "Read" once the customer's receipt time reaches the
// message (§5 "remotely read only if p2p, outgoing, successful and no newer than the receipt time"), else
// "Unread". Team messages sent asking for receipts: "N read · M unread", a button opening who read it and who not.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../chat/chat-client';
import type { MessageExtrasPort, TeamReadCounts } from '../message-actions/message-extras-port';
import { extrasErrorText, isReadByPeer } from '../message-actions/message-action-rules';

export function P2pReadState({ message, receiptTime }: { message: ChatMessage; receiptTime: number | undefined }) {
  const { t } = useTranslation();
  const read = isReadByPeer(message, receiptTime);
  return (
    <Typography
      variant="caption"
      color={read ? 'text.secondary' : 'primary'}
      data-testid="message-read-state"
      data-read={read}
      aria-label={t(read ? 'messageActions.receipts.readLabel' : 'messageActions.receipts.unreadLabel')}
      sx={{ lineHeight: 1.4 }}
    >
      {t(read ? 'messageActions.receipts.read' : 'messageActions.receipts.unread')}
    </Typography>
  );
}

export interface TeamReadStateProps {
  message: ChatMessage;
  counts: TeamReadCounts | undefined;
  extras: MessageExtrasPort;
  /** A member's name (team nick, user nick), else undefined for the account. */
  nameOf(account: string): Promise<string | undefined>;
}

export function TeamReadState({ message, counts, extras, nameOf }: TeamReadStateProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!counts) return null;
  const text = counts.unread === 0 ? t('messageActions.receipts.teamAllRead') : t('messageActions.receipts.team', { read: counts.read, unread: counts.unread });
  return (
    <>
      <Button
        size="small"
        variant="text"
        data-testid="message-team-reads"
        data-read={counts.read}
        data-unread={counts.unread}
        aria-haspopup="dialog"
        aria-label={t('messageActions.receipts.teamLabel', { read: counts.read, unread: counts.unread })}
        onClick={() => setOpen(true)}
        sx={{ minWidth: 0, p: 0, px: 0.5, fontSize: 12, lineHeight: 1.4 }}
      >
        {text}
      </Button>
      {open && <TeamReadDialog message={message} extras={extras} nameOf={nameOf} onClose={() => setOpen(false)} />}
    </>
  );
}

function TeamReadDialog({ message, extras, nameOf, onClose }: { message: ChatMessage; extras: MessageExtrasPort; nameOf(account: string): Promise<string | undefined>; onClose(): void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'read' | 'unread'>('read');
  const [lists, setLists] = useState<{ read: string[]; unread: string[] } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let current = true;
    extras.getTeamReadAccounts(message).then(
      async (loaded) => {
        if (!current) return;
        setLists(loaded);
        const found = await Promise.all([...loaded.read, ...loaded.unread].map(async (account) => [account, (await nameOf(account).catch(() => undefined)) ?? account] as const));
        if (current) setNames(new Map(found));
      },
      (refusal: unknown) => current && setError(extrasErrorText(refusal, t)),
    );
    return () => {
      current = false;
    };
  }, [extras, message, nameOf, t]);
  const shown = lists?.[tab] ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="team-reads-title" data-testid="team-reads-dialog" fullWidth maxWidth="xs">
      <DialogTitle id="team-reads-title">{t('messageActions.receipts.title')}</DialogTitle>
      <DialogContent sx={{ minHeight: 200 }}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {!lists && !error && (
          <Typography role="status" color="text.secondary">
            {t('messageActions.receipts.loading')}
          </Typography>
        )}
        {lists && (
          <>
            <Tabs value={tab} onChange={(_event, next: 'read' | 'unread') => setTab(next)} variant="fullWidth">
              <Tab value="read" label={t('messageActions.receipts.readTab', { count: lists.read.length })} id="team-reads-tab-read" aria-controls="team-reads-panel" data-testid="team-reads-tab-read" />
              <Tab value="unread" label={t('messageActions.receipts.unreadTab', { count: lists.unread.length })} id="team-reads-tab-unread" aria-controls="team-reads-panel" data-testid="team-reads-tab-unread" />
            </Tabs>
            <Box role="tabpanel" id="team-reads-panel" aria-labelledby={`team-reads-tab-${tab}`}>
              {shown.length === 0 ? (
                <Typography color="text.secondary" sx={{ p: 2 }}>
                  {t('messageActions.receipts.nobody')}
                </Typography>
              ) : (
                <List dense data-testid={`team-reads-${tab}`}>
                  {shown.map((account) => (
                    <ListItem key={account} data-account={account}>
                      {names.get(account) ?? account}
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('messageActions.receipts.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
