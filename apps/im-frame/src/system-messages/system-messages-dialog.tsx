// System notifications (issue 10 §8): friend requests to accept or reject with their state (init,
// passed, rejected, error with its code), team invitations and applications to join or decline
// (issue 32 §1; the team's name read by the teams port, a refusal in the §8 table's words), and the
// other system messages. Everything a sender
// wrote (ps, content) is shown as plain text. Opening the list marks what it shows read.
import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ImSysMsg } from '@merchant/im-core';
import { formatChatTime } from '../i18n/format-time';
import { useContacts, useContactsValue } from '../contacts/use-contacts';
import { useChatController } from '../chat/chat-context';
import { teamErrorKey, type TeamsPort } from '../teams/teams-port';
import { isTeamSysMsg, teamIdOfSysMsg } from '../teams/team-sys-msg';
import { isPendingApplication, systemMessageTypeKey } from './system-message-text';

// Filled chips whose white text keeps AA contrast (warning orange does not; caught by the e2e axe scan).
const STATE_COLORS = { init: 'primary', passed: 'success', rejected: 'default', error: 'error' } as const;

interface TeamSysMsgNames {
  /** teamId → the team's name. */
  teams: ReadonlyMap<string, string>;
  /** account → nick of the inviters and applicants (nickInTeam, else the user's nick). */
  senders: ReadonlyMap<string, string>;
}

const NO_NAMES: TeamSysMsgNames = { teams: new Map(), senders: new Map() };

/** The names of the teams the listed team system messages are about, and of their senders, read once each. */
function useTeamSysMsgNames(teams: TeamsPort | undefined, sysMsgs: readonly ImSysMsg[] | undefined): TeamSysMsgNames {
  const [names, setNames] = useState<TeamSysMsgNames>(NO_NAMES);
  // "teamId:sender" pairs, one string so the effect runs only when they change.
  const wanted = [...new Set((sysMsgs ?? []).filter(isTeamSysMsg).map((s) => `${teamIdOfSysMsg(s) ?? ''}:${s.from}`))].filter((pair) => !pair.startsWith(':')).join(',');
  useEffect(() => {
    if (!teams || !wanted) return;
    let current = true;
    const pairs = wanted.split(',').map((pair) => pair.split(':') as [string, string]);
    const teamIds = [...new Set(pairs.map(([teamId]) => teamId))];
    void Promise.all([
      Promise.all(teamIds.map(async (teamId) => [teamId, await teams.teamName(teamId).catch(() => undefined)] as const)),
      Promise.all(teamIds.map((teamId) => teams.memberNames(teamId, pairs.filter(([id]) => id === teamId).map(([, from]) => from)).catch(() => new Map<string, string>()))),
    ]).then(([teamNames, senderNames]) => {
      if (!current) return;
      setNames({
        teams: new Map(teamNames.filter((entry): entry is readonly [string, string] => Boolean(entry[1]))),
        senders: new Map(senderNames.flatMap((found) => [...found])),
      });
    });
    return () => {
      current = false;
    };
  }, [teams, wanted]);
  return names;
}

/** The buttons' texts and names for a pending item: a friend request, a team invitation, a team application. */
function answerTexts(sysMsg: ImSysMsg, t: TFunction, name: string) {
  if (sysMsg.type === 'teamInvite') {
    return { accept: t('teamAdmin.sysMsg.accept'), reject: t('teamAdmin.sysMsg.decline'), acceptLabel: t('teamAdmin.sysMsg.acceptInvite', { name }), rejectLabel: t('teamAdmin.sysMsg.rejectInvite', { name }) };
  }
  if (sysMsg.type === 'applyTeam') {
    return { accept: t('teamAdmin.sysMsg.pass'), reject: t('teamAdmin.sysMsg.reject'), acceptLabel: t('teamAdmin.sysMsg.passApply', { name }), rejectLabel: t('teamAdmin.sysMsg.rejectApply', { name }) };
  }
  return { accept: t('systemMessages.accept'), reject: t('systemMessages.reject'), acceptLabel: t('systemMessages.acceptFor', { name }), rejectLabel: t('systemMessages.rejectFor', { name }) };
}

export function SystemMessagesDialog({ open, onClose, now }: { open: boolean; onClose(): void; now?: number }) {
  const { t } = useTranslation();
  const contacts = useContacts();
  const teams = useChatController().teams;
  const sysMsgs = useContactsValue(open ? contacts : undefined, (port) => port.listSystemMessages(), [open]);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const names = useTeamSysMsgNames(teams, sysMsgs);
  const teamNameOf = (sysMsg: ImSysMsg) => {
    const teamId = teamIdOfSysMsg(sysMsg) ?? '';
    return names.teams.get(teamId) ?? t('teamAdmin.sysMsg.unknownTeam', { teamId });
  };
  /** A team system message's sender by nick when known; friend requests keep the account. */
  const senderOf = (sysMsg: ImSysMsg) => (isTeamSysMsg(sysMsg) ? (names.senders.get(sysMsg.from) ?? sysMsg.from) : sysMsg.from);

  // What the merchant sees is read (§3 unread per type); pending applications stay until answered.
  const unreadShown = (sysMsgs ?? []).filter((s) => !s.read && !isPendingApplication(s)).map((s) => s.idServer).join(',');
  useEffect(() => {
    if (!open || !contacts || !unreadShown) return;
    contacts.markSystemMessagesRead(unreadShown.split(',')).catch(() => undefined);
  }, [open, contacts, unreadShown]);

  // Answering replaces the focused button by the new state. Focus then moves to the answered item
  // (which reads its new state), never to the page's body, where Escape would no longer reach the dialog.
  const items = useRef(new Map<string, HTMLLIElement>());
  const answer = async (sysMsg: ImSysMsg, accept: boolean) => {
    if (!contacts || busy !== undefined) return;
    setBusy(sysMsg.idServer);
    setFailure(undefined);
    try {
      if (isTeamSysMsg(sysMsg)) {
        if (!teams) throw new Error('teams unavailable');
        await teams.answerTeamSysMsg(sysMsg, accept);
      } else {
        await contacts.answerFriendApplication(sysMsg, accept);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setFailure(isTeamSysMsg(sysMsg) ? t(teamErrorKey(error), { reason: message }) : t('systemMessages.answerFailed', { message }));
    } finally {
      setBusy(undefined);
      items.current.get(sysMsg.idServer)?.focus();
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="system-messages-title" data-testid="system-messages">
      <DialogTitle id="system-messages-title">{t('systemMessages.title')}</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {failure}
          </Alert>
        )}
        {sysMsgs === undefined && <Typography role="status">{t('systemMessages.loading')}</Typography>}
        {sysMsgs?.length === 0 && <Typography color="text.secondary">{t('systemMessages.empty')}</Typography>}
        {sysMsgs && sysMsgs.length > 0 && (
          <List aria-label={t('systemMessages.title')}>
            {sysMsgs.map((sysMsg) => (
              <ListItem
                key={sysMsg.idServer}
                divider
                tabIndex={-1}
                ref={(element: HTMLLIElement | null) => {
                  if (element) items.current.set(sysMsg.idServer, element);
                  else items.current.delete(sysMsg.idServer);
                }}
                data-testid={`sys-msg-${sysMsg.idServer}`}
                sx={{ display: 'block', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: sysMsg.read ? 400 : 600, overflowWrap: 'anywhere' }}>
                    {t(systemMessageTypeKey(sysMsg), { name: senderOf(sysMsg), team: isTeamSysMsg(sysMsg) ? teamNameOf(sysMsg) : '' })}
                  </Typography>
                  {(sysMsg.category === 'friend' || isPendingApplication({ ...sysMsg, state: 'init' })) && (
                    <Chip
                      size="small"
                      color={STATE_COLORS[sysMsg.state]}
                      label={t(`systemMessages.states.${sysMsg.state}`, { code: sysMsg.error?.code ?? '' })}
                    />
                  )}
                  <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
                    {formatChatTime(sysMsg.time, now ?? Date.now(), t)}
                  </Typography>
                </Box>
                {sysMsg.ps && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('systemMessages.note', { ps: sysMsg.ps, interpolation: { escapeValue: false } })}
                  </Typography>
                )}
                {sysMsg.content && (
                  <Typography variant="body2" component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0, fontFamily: 'monospace' }}>
                    {sysMsg.content}
                  </Typography>
                )}
                {sysMsg.error && <Typography variant="body2" color="error">{sysMsg.error.message}</Typography>}
                {isPendingApplication(sysMsg) && (
                  <Box sx={{ display: 'flex', gap: 1, mt: 1 }} data-testid="sys-msg-answers">
                    <Button
                      size="small"
                      variant="contained"
                      // aria-disabled, not disabled: a disabled button drops the focus it holds.
                      aria-disabled={busy !== undefined}
                      aria-label={answerTexts(sysMsg, t, senderOf(sysMsg)).acceptLabel}
                      onClick={() => void answer(sysMsg, true)}
                      data-testid="sys-msg-accept"
                    >
                      {answerTexts(sysMsg, t, senderOf(sysMsg)).accept}
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      aria-disabled={busy !== undefined}
                      aria-label={answerTexts(sysMsg, t, senderOf(sysMsg)).rejectLabel}
                      onClick={() => void answer(sysMsg, false)}
                      data-testid="sys-msg-reject"
                    >
                      {answerTexts(sysMsg, t, senderOf(sysMsg)).reject}
                    </Button>
                  </Box>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="system-messages-close">
          {t('systemMessages.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
