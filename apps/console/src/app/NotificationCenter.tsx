// Shows queued notifications one at a time (server errors, timeouts, the "new message" notice).
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { describeTransportCode } from '@merchant/api-contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useAppDispatch, useAppSelector } from './hooks';
import { dismissed } from './notificationsSlice';

const AUTO_HIDE_MS = 6000;

export function NotificationCenter() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector((state) => state.notifications.queue[0]);
  if (!current) return null;
  const close = () => dispatch(dismissed(current.id));
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={AUTO_HIDE_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert
        severity={current.severity}
        variant="filled"
        onClose={close}
        data-testid="notification"
        action={
          current.link ? (
            <Button color="inherit" size="small" component={RouterLink} to={current.link.to} onClick={close}>
              {t(current.link.labelKey)}
            </Button>
          ) : undefined
        }
      >
        {current.translate ? t(current.message) : ((current.code ? describeTransportCode(current.code, i18n.language) : undefined) ?? current.message)}
      </Alert>
    </Snackbar>
  );
}
