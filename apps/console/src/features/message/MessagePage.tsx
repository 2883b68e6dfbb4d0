// /message: the heading and connection state; the frame itself is ImFrameHost in the shell,
// shown here and kept alive elsewhere. The heading is for screen readers only, so the frame comes first
// on the screen and fits a laptop window (issue 35 §2, messageLayout.ts).
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useGetImIdentityQuery } from './api';
import { VISUALLY_HIDDEN } from './messageLayout';

export function MessagePage() {
  const { t } = useTranslation();
  const { isLoading, isError, refetch } = useGetImIdentityQuery();
  return (
    <>
      <Typography component="h1" variant="h6" sx={VISUALLY_HIDDEN} data-testid="message-heading">
        {t('message.heading')}
      </Typography>
      {isLoading && (
        <Typography role="status" sx={{ mb: 1 }}>
          {t('message.connecting')}
        </Typography>
      )}
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
