// The team's info in the panel: introduction and announcement (another member's words, shown as
// text only), the team-wide mute, and "Edit team info" for who may (updateTeamMode, or the owner and
// managers). The owner and managers set the team-wide mute; everyone else reads it.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TEAM_MUTE_TYPES } from '@merchant/im-core/validation';
import type { ImTeamMuteType } from '@merchant/im-core';
import { TeamSettingsDialog } from './team-settings-dialog';
import type { TeamInfo, TeamSettingsValues } from './teams-port';

export interface TeamInfoSectionProps {
  team: TeamInfo;
  /** May edit name, avatar, intro and announcement. */
  canEdit: boolean;
  /** The owner or a manager: the modes and the team-wide mute. */
  canManage: boolean;
  busy: boolean;
  onSave(changes: Partial<TeamSettingsValues>): Promise<boolean>;
  onMute(muteType: ImTeamMuteType): void;
}

function InfoText({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography component="h3" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: value ? 'text.primary' : 'text.secondary' }} data-testid={testId}>
        {value || t('teamAdmin.settings.empty')}
      </Typography>
    </Box>
  );
}

export function TeamInfoSection({ team, canEdit, canManage, busy, onSave, onMute }: TeamInfoSectionProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <InfoText label={t('teamAdmin.settings.intro')} value={team.intro} testId="team-intro" />
      <InfoText label={t('teamAdmin.settings.announcement')} value={team.announcement} testId="team-announcement" />
      {canEdit && (
        <Button size="small" variant="outlined" disabled={busy} onClick={() => setEditing(true)} sx={{ alignSelf: 'flex-start' }} data-testid="team-settings-open">
          {t('teamAdmin.settings.edit')}
        </Button>
      )}
      {canManage ? (
        <TextField
          select
          size="small"
          label={t('teamAdmin.mute.label')}
          value={team.muteType}
          disabled={busy}
          onChange={(event) => onMute(event.target.value as ImTeamMuteType)}
          data-testid="team-mute-select"
        >
          {TEAM_MUTE_TYPES.map((muteType) => (
            <MenuItem key={muteType} value={muteType} data-testid={`team-mute-${muteType}`}>
              {t(`teamAdmin.mute.modes.${muteType}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="team-mute-state" data-mute-type={team.muteType}>
          {team.muteType !== 'none' ? t('teamPanel.teamMuted') : t('teamPanel.teamNotMuted')}
        </Typography>
      )}
      <TeamSettingsDialog open={editing} team={team} canChangeModes={canManage} busy={busy} onClose={() => setEditing(false)} onSave={onSave} />
    </Box>
  );
}
