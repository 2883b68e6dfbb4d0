// /registered/resultReg: the review result (console-spec §2, §4). Status 0 goes to complete the shop
// info; 1 shows 'under review'; 3 shows the rejection reason and lets the merchant re-submit
// (recoveryStoreInfoByToken copies the submitted info back into the draft); 2 and 4 enter the console.
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STORE_STATUS, STORE_STATUS_LABELS } from '@merchant/api-contracts';
import { statusLabel, type UiKitLocale } from '@merchant/ui-kit/format';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../routes/RootLayout';
import { DASHBOARD_PATH, LOGIN_PATH } from '../../routes/routeDecision';
import { loadCurrentUser } from '../auth/session';
import { isEntitledStoreStatus } from '../auth/storeStatus';
import { useRecoverStoreInfoMutation, useStoreReviewInfoQuery } from './api';
import { OnboardingFrame } from './components/OnboardingFrame';
import { useSwitchAccount } from './components/useSwitchAccount';
import { SHOP_INFO_PATH } from './StoreMsgPage';

export function ResultRegPage() {
  const { t } = useTranslation();
  const { token, user } = useAppSelector((state) => state.auth);
  if (token && !user) return <PageLoading />;
  if (user?.storeStatus === STORE_STATUS.notSubmitted) return <Navigate to={SHOP_INFO_PATH} replace />;
  // The review result offers "switch account" itself while the store cannot enter the console.
  return (
    <OnboardingFrame heading={t('registered.resultReg.heading')} step="review" width={640} switchAccount={!user || isEntitledStoreStatus(user.storeStatus)}>
      {user ? (
        <ReviewResult storeStatus={user.storeStatus} storeName={user.storeName} />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('registered.resultReg.signedOut')}
          </Typography>
          <Button variant="contained" component={RouterLink} to={LOGIN_PATH}>
            {t('registered.resultReg.goToLogin')}
          </Button>
        </>
      )}
    </OnboardingFrame>
  );
}

function ReviewResult({ storeStatus, storeName }: { storeStatus: number | null; storeName: string }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const rejected = storeStatus === STORE_STATUS.rejected;
  const info = useStoreReviewInfoQuery(storeStatus, { refetchOnMountOrArgChange: true });
  const [recover, { isLoading: recovering }] = useRecoverStoreInfoMutation();
  const statusText = statusLabel(STORE_STATUS_LABELS, storeStatus, i18n.language as UiKitLocale);

  const resubmit = async () => {
    if (!('error' in (await recover()))) void navigate(SHOP_INFO_PATH);
  };
  const switchAccount = useSwitchAccount();

  return (
    <Stack spacing={2}>
      {storeName && <Typography>{storeName}</Typography>}
      {info.data?.storeId && (
        <Typography variant="body2" color="text.secondary">
          {t('registered.resultReg.storeId')} <span data-testid="review-store-id">{info.data.storeId}</span>
        </Typography>
      )}
      <Alert severity={rejected ? 'error' : isEntitledStoreStatus(storeStatus) ? 'success' : 'info'} data-testid="review-status">
        {t('registered.resultReg.status', { status: statusText })}
      </Alert>
      {storeStatus === STORE_STATUS.underReview && <Typography color="text.secondary">{t('registered.resultReg.underReview')}</Typography>}
      {rejected && (
        <>
          <Typography>{t('registered.resultReg.rejected')}</Typography>
          {info.data?.rejectReason && (
            <Alert severity="warning" data-testid="review-reject-reason">
              {t('registered.resultReg.reason', { reason: info.data.rejectReason })}
            </Alert>
          )}
        </>
      )}
      {isEntitledStoreStatus(storeStatus) && <Typography>{t('registered.resultReg.approved')}</Typography>}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {rejected && (
          <Button variant="contained" onClick={() => void resubmit()} disabled={recovering} data-testid="review-resubmit">
            {t('registered.resultReg.resubmit')}
          </Button>
        )}
        {storeStatus === STORE_STATUS.underReview && (
          <Button variant="contained" onClick={() => void dispatch(loadCurrentUser())} data-testid="review-refresh">
            {t('registered.resultReg.refresh')}
          </Button>
        )}
        {isEntitledStoreStatus(storeStatus) ? (
          <Button variant="contained" component={RouterLink} to={DASHBOARD_PATH} data-testid="review-enter">
            {t('registered.resultReg.enter')}
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => void switchAccount()} data-testid="review-switch-account">
            {t('registered.resultReg.switchAccount')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
