// Loading and failure states shared by the generated detail and form pages.
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { loadErrorText } from '@merchant/ui-kit';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 4, justifyContent: 'center' }}>
      <CircularProgress size={24} />
      <span>{t('resourceKit.loading')}</span>
    </Box>
  );
}

export function PageError({ error, onRetry }: { error: unknown; onRetry?: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={() => void onRetry()}>
            {t('resourceKit.retry')}
          </Button>
        ) : undefined
      }
    >
      {t('resourceKit.loadFailed', { msg: loadErrorText(error) })}
    </Alert>
  );
}
