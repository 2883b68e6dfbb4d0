// moneyMgmt/turnWithdrawal: the withdrawal form over the summary (balance, card, conditions), and the store's
// withdrawals below it.
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageError, PageLoading, ResourceListPage, ScreenSection } from '../../../resource-kit';
import { walletApi } from './api';
import { WithdrawalForm } from './WithdrawalForm';
import { withdrawals } from './withdrawals';

export function TurnWithdrawalPage() {
  const { t } = useTranslation();
  const summary = walletApi.endpoints.walletSummary.useQuery({}, { refetchOnMountOrArgChange: true });
  const wallet = summary.currentData ?? summary.data;
  return (
    <Stack spacing={2}>
      <ScreenSection title={t('wallet.withdraw.title')} testId="turn-withdrawal">
        {summary.error && !wallet ? <PageError error={summary.error} onRetry={summary.refetch} /> : !wallet ? <PageLoading /> : <WithdrawalForm wallet={wallet} onRefresh={summary.refetch} />}
      </ScreenSection>
      <ResourceListPage
        resource={withdrawals}
        header={
          <Typography component="h2" variant="h6">
            {t('wallet.withdraw.list')}
          </Typography>
        }
      />
    </Stack>
  );
}
