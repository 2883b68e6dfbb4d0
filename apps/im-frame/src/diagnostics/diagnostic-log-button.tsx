// "Send diagnostic log" (issue 30 §3; docs/im-background.md "Local debug log"): the header button and its
// dialog. The frame's local debug log (last 72 hours, tokens and message bodies redacted) goes to the
// object store and is named to im-server with uploadSdkLogUrl, where support reads it with the operator CLI.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import { useTranslation } from 'react-i18next';
import type { DiagnosticLogPort, DiagnosticLogProgress } from '../chat/chat-client';

type Outcome = { kind: 'idle' } | { kind: 'running'; progress: DiagnosticLogProgress } | { kind: 'done' } | { kind: 'failed'; reason: string };

export function DiagnosticLogButton({ diagnostics }: { diagnostics?: DiagnosticLogPort }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  if (!diagnostics) return null;
  const running = outcome.kind === 'running';

  const send = async () => {
    setOutcome({ kind: 'running', progress: { stage: 'collecting', attempt: 0 } });
    try {
      await diagnostics.send((progress) => {
        if (progress.stage !== 'done' && progress.stage !== 'failed') setOutcome({ kind: 'running', progress });
      });
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
    }
  };
  const close = () => {
    if (running) return;
    setOpen(false);
    setOutcome({ kind: 'idle' });
  };

  return (
    <>
      <Tooltip title={t('diagnostics.open')}>
        <IconButton aria-label={t('diagnostics.open')} onClick={() => setOpen(true)} data-testid="diagnostic-log-open">
          <BugReportOutlined />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={close} aria-labelledby="diagnostic-log-title" data-testid="diagnostic-log-dialog">
        <DialogTitle id="diagnostic-log-title">{t('diagnostics.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('diagnostics.explain')}</DialogContentText>
          <div role="status" aria-live="polite" data-testid="diagnostic-log-status">
            {outcome.kind === 'running' && (
              <>
                <LinearProgress sx={{ mt: 2 }} aria-hidden />
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {outcome.progress.stage === 'collecting'
                    ? t('diagnostics.collecting')
                    : outcome.progress.stage === 'retrying'
                      ? t('diagnostics.retrying', { seconds: Math.round((outcome.progress.retryInMs ?? 0) / 1000) })
                      : t('diagnostics.uploading', { attempt: outcome.progress.attempt })}
                </Typography>
              </>
            )}
            {outcome.kind === 'done' && (
              <Alert severity="success" sx={{ mt: 2 }} data-testid="diagnostic-log-done">
                {t('diagnostics.done')}
              </Alert>
            )}
          </div>
          {outcome.kind === 'failed' && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="diagnostic-log-failed">
              {t('diagnostics.failed', { reason: outcome.reason })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={running}>
            {t('diagnostics.close')}
          </Button>
          {outcome.kind !== 'done' && (
            <Button variant="contained" onClick={() => void send()} disabled={running} data-testid="diagnostic-log-send">
              {t('diagnostics.send')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
