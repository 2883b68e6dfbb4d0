// Edit a team's info (name, avatar, intro, announcement) and, for its owner and managers, its modes:
// join mode and be-invite mode (advanced teams: only they take applications and wait for invitees),
// and who may invite, update the team and update its custom field. Only the changed fields are sent.
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TEAM_BE_INVITE_MODES, TEAM_JOIN_MODES, TEAM_PERMISSION_MODES } from '@merchant/im-core/validation';
import { changedSettings, ruleText, settingsOf, teamSettingsSchema } from './team-forms';
import type { TeamInfo, TeamSettingsValues } from './teams-port';

export interface TeamSettingsDialogProps {
  open: boolean;
  team: TeamInfo;
  /** The owner and managers change the modes; others the info fields only (when updateTeamMode is all). */
  canChangeModes: boolean;
  busy: boolean;
  onClose(): void;
  /** Saves the changed fields; resolves true when im-server took them (the dialog then closes). */
  onSave(changes: Partial<TeamSettingsValues>): Promise<boolean>;
}

type ModeField = 'joinMode' | 'beInviteMode' | 'inviteMode' | 'updateTeamMode' | 'updateCustomMode';

const MODE_FIELDS: readonly { field: ModeField; options: readonly string[]; texts: string; advancedOnly: boolean }[] = [
  { field: 'joinMode', options: TEAM_JOIN_MODES, texts: 'joinModes', advancedOnly: true },
  { field: 'beInviteMode', options: TEAM_BE_INVITE_MODES, texts: 'beInviteModes', advancedOnly: true },
  { field: 'inviteMode', options: TEAM_PERMISSION_MODES, texts: 'permissionModes', advancedOnly: false },
  { field: 'updateTeamMode', options: TEAM_PERMISSION_MODES, texts: 'permissionModes', advancedOnly: false },
  { field: 'updateCustomMode', options: TEAM_PERMISSION_MODES, texts: 'permissionModes', advancedOnly: false },
];

export function TeamSettingsDialog({ open, team, canChangeModes, busy, onClose, onSave }: TeamSettingsDialogProps) {
  const { t } = useTranslation();
  const initial = settingsOf(team);
  const form = useForm<TeamSettingsValues>({ defaultValues: initial, resolver: zodResolver(teamSettingsSchema), mode: 'onSubmit' });
  const { register, handleSubmit, control, reset, formState, setError } = form;

  // The form starts from the team each time it opens (team left out of the deps: not on every re-read while open).
  useEffect(() => {
    if (open) reset(settingsOf(team));
  }, [open]);

  const submit = handleSubmit(async (values) => {
    const changes = changedSettings(initial, values);
    if (Object.keys(changes).length === 0) {
      setError('root', { message: 'teamAdmin.settings.unchanged' });
      return;
    }
    if (await onSave(changes)) onClose();
  });

  const textField = (field: 'name' | 'avatar' | 'intro' | 'announcement', label: string, extra: { multiline?: boolean; required?: boolean } = {}) => {
    const problem = ruleText(t, formState.errors[field]?.message);
    return (
      <TextField
        size="small"
        label={label}
        required={extra.required}
        multiline={extra.multiline}
        minRows={extra.multiline ? 2 : undefined}
        maxRows={6}
        error={Boolean(problem)}
        helperText={problem}
        slotProps={{ htmlInput: { 'data-testid': `team-settings-${field}` } }}
        {...register(field)}
      />
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="team-settings-title" data-testid="team-settings">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="team-settings-title">{t('teamAdmin.settings.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: '8px !important' }}>
          {textField('name', t('teamAdmin.settings.name'), { required: true })}
          {textField('avatar', t('teamAdmin.settings.avatar'))}
          {textField('intro', t('teamAdmin.settings.intro'), { multiline: true })}
          {textField('announcement', t('teamAdmin.settings.announcement'), { multiline: true })}
          {canChangeModes && (
            <>
              <Typography component="h3" variant="subtitle2">
                {t('teamAdmin.settings.modes')}
              </Typography>
              {MODE_FIELDS.filter((mode) => !mode.advancedOnly || team.type === 'advanced').map(({ field, options, texts }) => (
                <Controller
                  key={field}
                  name={field}
                  control={control}
                  render={({ field: props }) => (
                    <TextField
                      select
                      size="small"
                      label={t(`teamAdmin.settings.${field}`)}
                      value={props.value}
                      onChange={props.onChange}
                      onBlur={props.onBlur}
                      inputRef={props.ref}
                      data-testid={`team-settings-${field}`}
                    >
                      {options.map((option) => (
                        <MenuItem key={option} value={option}>
                          {t(`teamAdmin.settings.${texts}.${option}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              ))}
            </>
          )}
          {formState.errors.root?.message && (
            <Typography role="status" variant="body2" color="text.secondary">
              {t(formState.errors.root.message)}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('teamAdmin.settings.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="team-settings-save">
            {t('teamAdmin.settings.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
