// The toasts on screen (notificationsSlice): one per topic, stacked at the top centre, each with its own timer.
// A replaced toast is a new element (its id is the key), so its timer starts again.
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { describeTransportCode } from '@merchant/api-contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useAppDispatch, useAppSelector } from './hooks';
import { dismissed, type ConsoleNotification } from './notificationsSlice';

const AUTO_HIDE_MS = 6000;

export function NotificationCenter() {
  const shown = useAppSelector((state) => state.notifications.shown);
  if (shown.length === 0) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        top: 24,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        width: 'max-content',
        maxWidth: 'calc(100vw - 16px)',
      }}
    >
      {shown.map((notice) => (
        <Toast key={notice.id} notice={notice} />
      ))}
    </Box>
  );
}

function Toast({ notice }: { notice: ConsoleNotification }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const close = () => dispatch(dismissed(notice.id));
  return (
    <Snackbar
      open
      autoHideDuration={AUTO_HIDE_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
      // In the stack above, not each fixed at the top.
      sx={{ position: 'static', transform: 'none', maxWidth: '100%' }}
    >
      <Alert
        severity={notice.severity}
        variant="filled"
        onClose={close}
        data-testid="notification"
        data-topic={notice.topic}
        sx={{ overflowWrap: 'anywhere' }}
        action={
          notice.link ? (
            <Button color="inherit" size="small" component={RouterLink} to={notice.link.to} onClick={close}>
              {t(notice.link.labelKey)}
            </Button>
          ) : undefined
        }
      >
        {notice.translate ? t(notice.message) : ((notice.code ? describeTransportCode(notice.code, i18n.language) : undefined) ?? notice.message)}
      </Alert>
    </Snackbar>
  );
}
