// Where the merchant's applications to join teams stand (team-applications.ts), under the list's
// header: joined, waiting for the owner or a manager, approved (with the team's chat to open) or
// declined. Each notice is announced as it changes and closes with its own button. Team names are
// text, never markup.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { useTranslation } from 'react-i18next';
import type { TeamApplicationEntry, TeamApplicationState } from './team-applications';

const SEVERITY: Readonly<Record<TeamApplicationState, 'success' | 'info' | 'warning'>> = { joined: 'success', waiting: 'info', passed: 'success', rejected: 'warning' };

export interface TeamApplicationNoticesProps {
  entries: readonly TeamApplicationEntry[];
  onOpenTeam(teamId: string): void;
  onDismiss(teamId: string): void;
}

export function TeamApplicationNotices({ entries, onOpenTeam, onDismiss }: TeamApplicationNoticesProps) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-label={t('teamAdmin.join.outcomes')} sx={{ px: 1, pb: 0.5, display: 'flex', flexDirection: 'column', gap: 0.5 }} data-testid="team-applications">
      {entries.map((entry) => (
        <Alert
          key={entry.teamId}
          severity={SEVERITY[entry.state]}
          role="status"
          sx={{ overflowWrap: 'anywhere' }}
          data-testid={`team-application-${entry.teamId}`}
          data-state={entry.state}
          action={
            // Alert's own close button gives way to `action`: both are here.
            <>
              {entry.state === 'passed' && (
                <Button
                  color="inherit"
                  size="small"
                  aria-label={t('teamAdmin.join.openTeamFor', { team: entry.name })}
                  onClick={() => {
                    onOpenTeam(entry.teamId);
                    onDismiss(entry.teamId);
                  }}
                  data-testid="team-application-open"
                >
                  {t('teamAdmin.join.openTeam')}
                </Button>
              )}
              <IconButton color="inherit" size="small" aria-label={t('teamAdmin.join.dismiss')} onClick={() => onDismiss(entry.teamId)} data-testid="team-application-dismiss">
                <CloseOutlined fontSize="small" />
              </IconButton>
            </>
          }
        >
          {t(`teamAdmin.join.${entry.state}`, { team: entry.name })}
        </Alert>
      ))}
    </Box>
  );
}
