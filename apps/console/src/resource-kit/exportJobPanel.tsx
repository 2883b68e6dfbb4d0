// The server export's progress above the list (docs/export.md): a progress bar while the file is built,
// 'still being prepared' with a check-again button when the §9 tries run out, the download link when it
// is ready, and 'export failed, please retry' with a retry button when it failed.
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatSecondsTimestamp } from '@merchant/ui-kit';
import type { ExportJobView } from './exportAsync';

export interface ExportJobPanelProps {
  view: ExportJobView;
  onCheckAgain(): void;
  onRetry(): void;
  onDismiss(): void;
}

export function ExportJobPanel({ view, onCheckAgain, onRetry, onDismiss }: ExportJobPanelProps) {
  const { t } = useTranslation();
  if (view.phase === 'idle') return null;
  if (view.phase === 'starting' || view.phase === 'running') {
    const job = view.phase === 'running' ? view.job : undefined;
    return (
      <Stack spacing={0.5} data-testid="export-job" data-phase="running" role="status" aria-live="polite">
        <Typography variant="body2">
          {job ? t('resourceKit.exportJob.running', { processed: job.processed, total: job.total, fileName: job.fileName }) : t('resourceKit.exportJob.starting')}
        </Typography>
        <LinearProgress variant={job ? 'determinate' : 'indeterminate'} value={job?.progress ?? 0} aria-label={t('resourceKit.exportJob.progress')} />
      </Stack>
    );
  }
  if (view.phase === 'preparing') {
    return (
      <Alert
        severity="info"
        data-testid="export-job"
        data-phase="preparing"
        action={
          <Button color="inherit" size="small" onClick={onCheckAgain} data-testid="export-check-again">
            {t('resourceKit.exportJob.checkAgain')}
          </Button>
        }
        onClose={onDismiss}
      >
        {t('resourceKit.exportJob.preparing', {
          fileName: view.job.fileName,
          processed: view.job.processed,
          total: view.job.total,
          until: formatSecondsTimestamp(view.job.expireTime),
        })}
        <LinearProgress variant="determinate" value={view.job.progress} sx={{ mt: 1 }} aria-label={t('resourceKit.exportJob.progress')} />
      </Alert>
    );
  }
  if (view.phase === 'done') {
    return (
      <Alert severity="success" data-testid="export-job" data-phase="done" onClose={onDismiss}>
        {t('resourceKit.exportJob.done', { count: view.job.total, fileName: view.job.fileName })}{' '}
        <Link href={view.job.downloadUrl} download={view.job.fileName} data-testid="export-download">
          {t('resourceKit.exportJob.download')}
        </Link>
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      data-testid="export-job"
      data-phase="failed"
      action={
        <Button color="inherit" size="small" onClick={onRetry} data-testid="export-retry">
          {t('resourceKit.retry')}
        </Button>
      }
      onClose={onDismiss}
    >
      {t('resourceKit.exportJob.failed')}
      {view.message && view.message !== t('resourceKit.exportJob.failed') ? ` (${view.message})` : ''}
    </Alert>
  );
}
