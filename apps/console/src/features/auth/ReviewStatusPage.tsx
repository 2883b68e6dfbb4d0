// /registered/resultReg: where signed-in users whose store is not approved (status not 2/4) land.
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../routes/RootLayout';
import { DASHBOARD_PATH, LOGIN_PATH } from '../../routes/routeDecision';
import { signedOutLocally } from './session';
import { STORE_STATUS, isEntitledStoreStatus, storeStatusKey } from './storeStatus';

export function ReviewStatusPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token, user } = useAppSelector((state) => state.auth);

  if (token && !user) return <PageLoading />;

  const switchAccount = () => {
    dispatch(signedOutLocally());
    void navigate(LOGIN_PATH);
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper sx={{ maxWidth: 520, width: '100%', p: 4 }}>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('auth.review.heading')}
        </Typography>
        {user ? (
          <>
            {user.storeName && <Typography sx={{ mb: 1 }}>{user.storeName}</Typography>}
            <Alert severity={user.storeStatus === STORE_STATUS.rejected ? 'error' : 'info'} data-testid="review-status" sx={{ mb: 2 }}>
              {t('auth.review.statusLabel', { status: t(storeStatusKey(user.storeStatus)) })}
            </Alert>
            {isEntitledStoreStatus(user.storeStatus) ? (
              <Button variant="contained" component={RouterLink} to={DASHBOARD_PATH}>
                {t('auth.review.openConsole')}
              </Button>
            ) : (
              <>
                <Typography color="text.secondary" sx={{ mb: 3 }}>
                  {t('auth.review.notEntitled')}
                </Typography>
                <Button variant="outlined" onClick={switchAccount}>
                  {t('auth.review.switchAccount')}
                </Button>
              </>
            )}
          </>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('auth.review.signedOut')}
            </Typography>
            <Button variant="contained" component={RouterLink} to={LOGIN_PATH}>
              {t('auth.review.goToLogin')}
            </Button>
          </>
        )}
      </Paper>
    </Box>
  );
}
