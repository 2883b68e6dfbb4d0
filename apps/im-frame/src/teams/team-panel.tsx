// The team info panel (issue 12): a drawer from the team conversation's header with the members,
// their roles and mute state, the team's mute state, and the actions the merchant's role allows:
// leave (everyone, confirmed first); invite, remove (confirmed) and mute/unmute (owner and managers);
// and which of the team's messages notify the merchant (their own setting). Issue 32 §1 adds the team's
// info and modes (team-info-section), the team-wide mute, managers and transfer (team-member-menu,
// owner only), dismiss (owner, confirmed); the owner cannot leave before handing the team over.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import type { ImTeamMuteType } from '@merchant/im-core';
import { SessionAvatar } from '../sessions/session-avatar';
import { TeamInfoSection } from './team-info-section';
import { TeamMemberMenu, type MemberMenuAction } from './team-member-menu';
import { canManage, TEAM_NOTIFY_MODES, teamErrorKey, type TeamMemberEntry, type TeamNotifyMode, type TeamPanelData, type TeamSettingsValues, type TeamsPort } from './teams-port';

export interface TeamPanelProps {
  teams: TeamsPort;
  teamId: string;
  /** The team's name as the session list shows it (until the panel has read the team). */
  name: string;
  open: boolean;
  onClose(): void;
}

type Confirming = { kind: 'leave' } | { kind: 'dismiss' } | { kind: 'kick'; member: TeamMemberEntry } | { kind: 'transfer'; member: TeamMemberEntry };

const memberName = (member: TeamMemberEntry): string => member.nick || member.account;

export function TeamPanel({ teams, teamId, name, open, onClose }: TeamPanelProps) {
  const { t } = useTranslation();
  const [data, setData] = useState<TeamPanelData | null | undefined>(undefined);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState<Confirming | undefined>();
  const [invitee, setInvitee] = useState('');
  const [busy, setBusy] = useState(false);
  /** Transfer: leave the team right after handing it over. */
  const [leaveAfterTransfer, setLeaveAfterTransfer] = useState(false);
  // The notify mode being saved: shown at once, dropped when the save ends (the panel then shows
  // what im-server keeps, so a refusal puts the previous choice back).
  const [savingNotify, setSavingNotify] = useState<TeamNotifyMode | undefined>();

  const reload = useCallback(
    () =>
      teams.getTeamPanel(teamId).then(
        (found) => setData(found),
        () => setData(null),
      ),
    [teams, teamId],
  );

  useEffect(() => {
    if (!open) return;
    setData(undefined);
    setError(undefined);
    setStatus('');
    void reload();
  }, [open, reload]);

  /** Runs an action; a refusal is shown in the merchant's language (§8 code) and changes nothing. */
  const act = async (action: () => Promise<void>, done?: string): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      if (done) setStatus(done);
      await reload();
      return true;
    } catch (failure) {
      setError(t(teamErrorKey(failure), { reason: failure instanceof Error ? failure.message : String(failure) }));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const me = data?.members.find((member) => member.account === data.myAccount);
  const manager = canManage(me?.type);
  const owner = me?.type === 'owner';
  // §5 modes: inviting and editing the info are for the owner and managers unless the team opened them to all.
  const mayInvite = Boolean(me) && (manager || data?.team?.inviteMode === 'all');
  const mayEdit = Boolean(me) && (manager || data?.team?.updateTeamMode === 'all');
  const teamName = data?.team?.name || name;

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    const account = invitee.trim();
    if (!account) {
      setError(t('teamPanel.inviteEmpty'));
      return;
    }
    if (await act(() => teams.invite(teamId, account), t('teamPanel.invited', { account }))) setInvitee('');
  };

  const confirm = async () => {
    const current = confirming;
    setConfirming(undefined);
    if (current?.kind === 'leave') {
      if (await act(() => teams.leave(teamId), t('teamPanel.left'))) onClose();
    } else if (current?.kind === 'kick') {
      await act(() => teams.kick(teamId, current.member.account));
    } else if (current?.kind === 'dismiss') {
      if (await act(() => teams.dismiss(teamId), t('teamAdmin.dismissed'))) onClose();
    } else if (current?.kind === 'transfer') {
      const leave = leaveAfterTransfer;
      const done = await act(() => teams.transfer(teamId, current.member.account, leave), t('teamAdmin.member.transferred', { name: memberName(current.member) }));
      if (done && leave) onClose();
    }
  };

  const saveSettings = (changes: Partial<TeamSettingsValues>) => act(() => teams.updateTeam(teamId, changes), t('teamAdmin.settings.saved'));
  const setTeamMute = (muteType: ImTeamMuteType) =>
    void act(() => teams.setTeamMute(teamId, muteType), t('teamAdmin.mute.saved', { mode: t(`teamAdmin.mute.modes.${muteType}`) }));
  const memberAction = (member: TeamMemberEntry, action: MemberMenuAction) => {
    const name = memberName(member);
    if (action === 'transfer') {
      setLeaveAfterTransfer(false);
      setConfirming({ kind: 'transfer', member });
    } else if (action === 'makeManager') {
      void act(() => teams.setManager(teamId, member.account, true), t('teamAdmin.member.madeManager', { name }));
    } else {
      void act(() => teams.setManager(teamId, member.account, false), t('teamAdmin.member.removedManager', { name }));
    }
  };

  const confirmText = (current: Confirming | undefined): string => {
    if (!current) return '';
    if (current.kind === 'leave') return t('teamPanel.leaveConfirm', { name: teamName });
    if (current.kind === 'dismiss') return t('teamAdmin.dismissConfirm', { name: teamName });
    if (current.kind === 'transfer') return t('teamAdmin.member.transferConfirm', { name: memberName(current.member) });
    return t('teamPanel.kickConfirm', { name: memberName(current.member) });
  };

  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'team-panel-title', sx: { width: 340, maxWidth: '100%' } } as object }} data-testid="team-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
        <SessionAvatar name={teamName} avatarUrl={data?.team?.avatar} />
        <Typography id="team-panel-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}>
          {teamName}
        </Typography>
        <IconButton aria-label={t('teamPanel.close')} onClick={onClose} size="small" data-testid="team-panel-close">
          <Close fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ px: 2, pb: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {data === undefined && <Typography role="status">{t('teamPanel.loading')}</Typography>}
        {data === null && <Typography color="text.secondary">{t('teamPanel.unavailable')}</Typography>}
        <Box role="status" aria-live="polite" sx={{ minHeight: 0 }} data-testid="team-panel-status">
          {status}
        </Box>
        {error && (
          <Alert severity="error" role="alert" data-testid="team-panel-error">
            {error}
          </Alert>
        )}
        {data && (
          <>
            {data.team && <TeamInfoSection team={data.team} canEdit={mayEdit} canManage={manager} busy={busy} onSave={saveSettings} onMute={setTeamMute} />}
            {me && (
              <FormControl disabled={busy} data-testid="team-notify">
                <FormLabel id="team-notify-label" sx={{ typography: 'subtitle2', color: 'text.primary' }}>
                  {t('teamPanel.notify.label')}
                </FormLabel>
                <RadioGroup
                  aria-labelledby="team-notify-label"
                  value={savingNotify ?? data.myNotify}
                  onChange={(event) => {
                    const mode = event.target.value as TeamNotifyMode;
                    setSavingNotify(mode);
                    void act(() => teams.setMyNotify(teamId, mode), t('teamPanel.notify.saved', { mode: t(`teamPanel.notify.${mode}`) })).finally(() => setSavingNotify(undefined));
                  }}
                >
                  {TEAM_NOTIFY_MODES.map((mode) => (
                    <FormControlLabel key={mode} value={mode} control={<Radio size="small" />} label={t(`teamPanel.notify.${mode}`)} data-testid={`team-notify-${mode}`} />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
            <Typography component="h3" variant="subtitle2">
              {t('teamPanel.members', { count: data.members.length })}
            </Typography>
            <List dense disablePadding aria-label={t('teamPanel.members', { count: data.members.length })} data-testid="team-members">
              {data.members.map((member) => {
                const label = memberName(member);
                const isMe = member.account === data.myAccount;
                // Owners and managers act on normal members; the owner also on managers.
                const canActOn = manager && !isMe && member.type !== 'owner' && (me?.type === 'owner' || member.type === 'normal');
                return (
                  <ListItem key={member.account} disableGutters data-testid={`team-member-${member.account}`} data-role={member.type} data-muted={member.mute || undefined} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    <ListItemAvatar sx={{ minWidth: 40 }}>
                      <SessionAvatar name={label} avatarUrl={member.avatar} size={32} />
                    </ListItemAvatar>
                    <ListItemText
                      primary={`${label}${isMe ? ` ${t('teamPanel.you')}` : ''}`}
                      secondary={member.nick ? member.account : undefined}
                      sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                    />
                    <Chip size="small" label={t(`teamPanel.roles.${member.type}`)} color={member.type === 'normal' ? 'default' : 'primary'} variant={member.type === 'owner' ? 'filled' : 'outlined'} />
                    {member.mute && <Chip size="small" color="warning" label={t('teamPanel.muted')} />}
                    {(canActOn || (owner && !isMe)) && (
                      <Box sx={{ display: 'flex', gap: 0.5, width: '100%', justifyContent: 'flex-end', alignItems: 'center' }}>
                        {canActOn && (
                          <>
                        <Button
                          size="small"
                          disabled={busy}
                          aria-label={t(member.mute ? 'teamPanel.unmuteLabel' : 'teamPanel.muteLabel', { name: label })}
                          data-testid={`team-member-mute-${member.account}`}
                          onClick={() => void act(() => teams.setMemberMute(teamId, member.account, !member.mute))}
                        >
                          {t(member.mute ? 'teamPanel.unmute' : 'teamPanel.mute')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={busy}
                          aria-label={t('teamPanel.kickLabel', { name: label })}
                          data-testid={`team-member-kick-${member.account}`}
                          onClick={() => setConfirming({ kind: 'kick', member })}
                        >
                          {t('teamPanel.kick')}
                        </Button>
                          </>
                        )}
                        {owner && !isMe && <TeamMemberMenu member={member} name={label} teamType={data.team?.type} disabled={busy} onAction={(action) => memberAction(member, action)} />}
                      </Box>
                    )}
                  </ListItem>
                );
              })}
            </List>
            {mayInvite && (
              <Box component="form" onSubmit={(event: FormEvent) => void invite(event)} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextField
                  size="small"
                  label={t('teamPanel.inviteAccount')}
                  value={invitee}
                  onChange={(event) => setInvitee(event.target.value)}
                  slotProps={{ htmlInput: { 'data-testid': 'team-invite-account', maxLength: 64 } }}
                  sx={{ flex: 1 }}
                />
                <Button type="submit" variant="outlined" disabled={busy} data-testid="team-invite-submit">
                  {t('teamPanel.invite')}
                </Button>
              </Box>
            )}
            {me && !owner && (
              <Button color="error" variant="outlined" disabled={busy} onClick={() => setConfirming({ kind: 'leave' })} data-testid="team-leave">
                {t('teamPanel.leave')}
              </Button>
            )}
            {owner && (
              <>
                <Typography variant="caption" color="text.secondary" data-testid="team-owner-leave-hint">
                  {t('teamAdmin.ownerCannotLeave')}
                </Typography>
                <Button color="error" variant="outlined" disabled={busy} onClick={() => setConfirming({ kind: 'dismiss' })} data-testid="team-dismiss">
                  {t('teamAdmin.dismiss')}
                </Button>
              </>
            )}
          </>
        )}
      </Box>
      <Dialog open={confirming !== undefined} onClose={() => setConfirming(undefined)} aria-describedby="team-confirm-text" data-testid="team-confirm">
        <DialogContent>
          <DialogContentText id="team-confirm-text">{confirmText(confirming)}</DialogContentText>
          {confirming?.kind === 'transfer' && (
            <FormControlLabel
              control={<Checkbox checked={leaveAfterTransfer} onChange={(event) => setLeaveAfterTransfer(event.target.checked)} data-testid="team-transfer-leave" />}
              label={t('teamAdmin.member.transferAndLeave')}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(undefined)} data-testid="team-confirm-cancel">
            {t('teamPanel.cancel')}
          </Button>
          <Button color="error" onClick={() => void confirm()} data-testid="team-confirm-ok" autoFocus>
            {t('teamPanel.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Drawer>
  );
}
