import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useUiKitText } from '../i18n/locale-context';
import type { AsyncTaskLike, AsyncTaskState } from './use-async-task';

export interface AsyncTaskProgressProps<T extends AsyncTaskLike> {
  state: AsyncTaskState<T>;
  /** The poller's try limit (secure-transport's ASYNC_TASK_MAX_TRIES), for "try 2 of 5". */
  maxTries: number;
  /** Accessible name of the progress bar, e.g. 'exporting orders'. */
  label: string;
}

/** Progress of an async task while it is polled; its failure text (failReason or §4 message) when it fails. */
export function AsyncTaskProgress<T extends AsyncTaskLike>({ state, maxTries, label }: AsyncTaskProgressProps<T>) {
  const t = useUiKitText();
  if (state.phase === 'running') {
    const value = Math.min(100, (state.attempt / maxTries) * 100);
    return (
      <Box sx={{ py: 1 }}>
        <LinearProgress variant="determinate" value={value} aria-label={label} />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('taskAttempt', { attempt: Math.max(1, state.attempt), maxTries })}
        </Typography>
      </Box>
    );
  }
  if (state.phase === 'failed') return <Alert severity="error">{state.message}</Alert>;
  if (state.phase === 'succeeded') return <Alert severity="success">{t('taskDone')}</Alert>;
  return null;
}
