// "Create team" (issue 32 §1): a normal or advanced team with a name, an optional introduction and
// the customers to invite. The merchant becomes its owner (§4); an advanced team invites (each
// invitee accepts in their system notifications, beInviteMode needVerify by default), a normal team
// adds them at once. The new team's conversation opens. A refusal (806, 801, 404 …) stays in the form.
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import { useTranslation } from 'react-i18next';
import { ImError } from '@merchant/im-core';
import { TEAM_TYPES } from '@merchant/im-core/validation';
import { createTeamSchema, ruleText, splitAccounts, type CreateTeamValues } from './team-forms';
import { teamErrorKey, type TeamsPort } from './teams-port';

const EMPTY: CreateTeamValues = { type: 'advanced', name: '', intro: '', accounts: '' };

/** A team's conversation id in the frame (im-core's session id for scene team). */
export const teamSessionId = (teamId: string) => `team-${teamId}`;

export interface CreateTeamDialogProps {
  open: boolean;
  teams: TeamsPort;
  /** The merchant's own account: never invited to their own team. */
  ownAccount?: string;
  onClose(): void;
  /** The team exists: open its conversation. */
  onCreated(teamId: string): void;
}

export function CreateTeamDialog({ open, teams, ownAccount, onClose, onCreated }: CreateTeamDialogProps) {
  const { t } = useTranslation();
  const { register, control, handleSubmit, reset, formState } = useForm<CreateTeamValues>({ defaultValues: EMPTY, resolver: zodResolver(createTeamSchema) });
  const [failure, setFailure] = useState<string | undefined>();

  useEffect(() => {
    if (!open) return;
    reset(EMPTY);
    setFailure(undefined);
  }, [open, reset]);

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    const accounts = splitAccounts(values.accounts).filter((account) => account !== ownAccount);
    try {
      const created = await teams.createTeam({ type: values.type, name: values.name.trim(), intro: values.intro.trim() || undefined, accounts });
      onCreated(created.teamId);
      onClose();
    } catch (error) {
      // 813: the team exists with those who fit; the merchant is told who was left out, and the team opens.
      const aborted = error instanceof ImError && error.code === 813 ? (error.details?.abortedAccidList as string[] | undefined) : undefined;
      const teamId = error instanceof ImError && error.code === 813 ? (error.details?.team as { teamId?: unknown } | undefined)?.teamId : undefined;
      if (aborted && typeof teamId === 'string') onCreated(teamId);
      setFailure(aborted ? t('teamAdmin.create.partial', { accounts: aborted.join(', ') }) : t(teamErrorKey(error), { reason: error instanceof Error ? error.message : String(error) }));
    }
  });

  const nameProblem = ruleText(t, formState.errors.name?.message);
  const introProblem = ruleText(t, formState.errors.intro?.message);
  const accountsProblem = ruleText(t, formState.errors.accounts?.message);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="create-team-title" data-testid="create-team-dialog">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="create-team-title">{t('teamAdmin.create.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: '8px !important' }}>
          {failure && (
            <Alert severity="error" role="alert" data-testid="create-team-error">
              {failure}
            </Alert>
          )}
          <Controller
            name="type"
            control={control}
            render={({ field }) => (
              <FormControl>
                <FormLabel id="create-team-type" sx={{ typography: 'subtitle2', color: 'text.primary' }}>
                  {t('teamAdmin.create.type')}
                </FormLabel>
                <RadioGroup aria-labelledby="create-team-type" value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                  {TEAM_TYPES.map((type) => (
                    <Box key={type}>
                      <FormControlLabel
                        value={type}
                        control={<Radio size="small" slotProps={{ input: { 'aria-describedby': `create-team-type-${type}-hint` } as object }} />}
                        data-testid={`create-team-type-${type}`}
                        label={t(`teamAdmin.create.types.${type}`)}
                      />
                      <Box id={`create-team-type-${type}-hint`} sx={{ typography: 'caption', color: 'text.secondary', pl: 3.5, mt: -0.75 }}>
                        {t(`teamAdmin.create.typeHints.${type}`)}
                      </Box>
                    </Box>
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
          <TextField size="small" required label={t('teamAdmin.create.name')} error={Boolean(nameProblem)} helperText={nameProblem} slotProps={{ htmlInput: { 'data-testid': 'create-team-name' } }} {...register('name')} />
          <TextField size="small" multiline minRows={2} maxRows={4} label={t('teamAdmin.create.intro')} error={Boolean(introProblem)} helperText={introProblem} slotProps={{ htmlInput: { 'data-testid': 'create-team-intro' } }} {...register('intro')} />
          <TextField
            size="small"
            label={t('teamAdmin.create.accounts')}
            error={Boolean(accountsProblem)}
            helperText={accountsProblem ?? t('teamAdmin.create.accountsHint')}
            slotProps={{ htmlInput: { 'data-testid': 'create-team-accounts' } }}
            {...register('accounts')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('teamAdmin.create.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting} data-testid="create-team-submit">
            {t('teamAdmin.create.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The header button that opens "Create team"; absent when the chat client has no teams. */
export function CreateTeamButton({ teams, ownAccount, onCreated }: Omit<CreateTeamDialogProps, 'open' | 'onClose' | 'teams'> & { teams: TeamsPort | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!teams) return null;
  return (
    <>
      <Tooltip title={t('teamAdmin.create.open')}>
        <IconButton aria-label={t('teamAdmin.create.open')} onClick={() => setOpen(true)} data-testid="create-team">
          <GroupAddOutlined />
        </IconButton>
      </Tooltip>
      <CreateTeamDialog open={open} teams={teams} ownAccount={ownAccount} onClose={() => setOpen(false)} onCreated={onCreated} />
    </>
  );
}
