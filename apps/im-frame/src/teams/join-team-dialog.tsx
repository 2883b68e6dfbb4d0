// "Join a team" (issue 32): the merchant asks to join a team by its id, with an optional message to
// its owner and managers (applyTeam). A team whose join mode is free takes the merchant at once; one
// that verifies keeps the application waiting (team-applications.ts follows it); a refusal (802 the
// team takes no applications, 803, 805, 809 …) stays in the dialog in the merchant's language.
import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { useTranslation } from 'react-i18next';
import { TEAM_APPLY_PS_MAX_LENGTH, TEAM_ID_PATTERN, teamApplyErrorKey, type TeamApplication, type TeamsPort } from './teams-port';
import { RequestMessageField } from '../contacts/request-message-field';

export interface JoinTeamDialogProps {
  open: boolean;
  teams: TeamsPort;
  onClose(): void;
  /** The server took the application: joined at once, or waiting for the owner or a manager. */
  onApplied(application: TeamApplication): void;
}

export function JoinTeamDialog({ open, teams, onClose, onApplied }: JoinTeamDialogProps) {
  const { t } = useTranslation();
  const [teamId, setTeamId] = useState('');
  const [ps, setPs] = useState('');
  const [problem, setProblem] = useState<'teamIdInvalid' | 'psTooLong' | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTeamId('');
    setPs('');
    setProblem(undefined);
    setFailure(undefined);
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = teamId.trim();
    if (!TEAM_ID_PATTERN.test(wanted)) return setProblem('teamIdInvalid');
    if (ps.length > TEAM_APPLY_PS_MAX_LENGTH) return setProblem('psTooLong');
    setBusy(true);
    setFailure(undefined);
    try {
      const application = await teams.applyToTeam?.(wanted, ps.trim() ? ps : undefined);
      if (application) onApplied(application);
      onClose();
    } catch (error) {
      setFailure(t(teamApplyErrorKey(error), { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullWidth maxWidth="xs" aria-labelledby="join-team-title" data-testid="join-team-dialog">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="join-team-title">{t('teamAdmin.join.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: '8px !important' }}>
          {failure && (
            <Alert severity="error" role="alert" data-testid="join-team-error">
              {failure}
            </Alert>
          )}
          <TextField
            autoFocus
            size="small"
            required
            label={t('teamAdmin.join.teamId')}
            value={teamId}
            onChange={(event) => {
              setTeamId(event.target.value);
              setProblem(undefined);
            }}
            error={problem === 'teamIdInvalid'}
            helperText={problem === 'teamIdInvalid' ? t('teamAdmin.join.teamIdInvalid') : t('teamAdmin.join.teamIdHint')}
            slotProps={{
              htmlInput: { 'data-testid': 'join-team-id', inputMode: 'numeric', autoComplete: 'off' },
              formHelperText: { role: problem === 'teamIdInvalid' ? 'alert' : undefined },
            }}
          />
          <RequestMessageField
            label={t('teamAdmin.join.ps')}
            value={ps}
            onChange={(value) => {
              setPs(value);
              setProblem(undefined);
            }}
            tooLong={problem === 'psTooLong'}
            tooLongText={t('teamAdmin.join.psTooLong', { max: TEAM_APPLY_PS_MAX_LENGTH })}
            countText={t('teamAdmin.join.psCount', { count: ps.length, max: TEAM_APPLY_PS_MAX_LENGTH })}
            testId="join-team-ps"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('teamAdmin.join.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="join-team-submit">
            {busy ? t('teamAdmin.join.sending') : t('teamAdmin.join.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The header button that opens "Join a team"; absent when the chat client's teams cannot apply. */
export function JoinTeamButton({ teams, onApplied }: { teams: TeamsPort | undefined; onApplied(application: TeamApplication): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!teams?.applyToTeam) return null;
  return (
    <>
      <Tooltip title={t('teamAdmin.join.open')}>
        <IconButton aria-label={t('teamAdmin.join.open')} onClick={() => setOpen(true)} data-testid="join-team">
          <GroupsOutlined />
        </IconButton>
      </Tooltip>
      <JoinTeamDialog open={open} teams={teams} onClose={() => setOpen(false)} onApplied={onApplied} />
    </>
  );
}
