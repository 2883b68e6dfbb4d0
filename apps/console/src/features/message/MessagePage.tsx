// /message: the heading and connection state; the frame itself is ImFrameHost in the shell,
// shown here and kept alive elsewhere.
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useGetImIdentityQuery } from './api';

export function MessagePage() {
  const { t } = useTranslation();
  const { isLoading, isError, refetch } = useGetImIdentityQuery();
  return (
    <>
      <Typography component="h1" variant="h6" sx={{ mb: 1 }}>
        {t('message.heading')}
      </Typography>
      {isLoading && <Typography role="status">{t('message.connecting')}</Typography>}
      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('message.retry')}
            </Button>
          }
        >
          {t('message.loadFailed')}
        </Alert>
      )}
    </>
  );
}
