// /shop/settlement (issue 26 §2): the store's settlement bank account as store-server shows it (the number masked to
// its last 4 digits there), the bank's name, the holder and branch; a clear state with 'bind' when none is bound;
// after a change, until when withdrawals pause. Changing it needs account:edit.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSIONS } from '@merchant/api-contracts';
import { PermissionButton } from '@merchant/ui-kit';
import { formatSecondsTimestamp } from '@merchant/ui-kit/format';
import { PageError, PageLoading } from '../../../resource-kit/PageStates';
import { useSettlementAccountQuery, type SettlementAccount } from './api';
import { SETTLEMENT_PATHS } from './paths';

/** The server's masked number ('***************4482') drawn the way a bank card is read: in groups, the last 4 shown. */
export const cardNumberText = (masked: string) => `**** **** **** ${masked.slice(-4)}`;

function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </>
  );
}

export function SettlementPage() {
  const account = useSettlementAccountQuery(undefined, { refetchOnMountOrArgChange: true });
  if (account.isLoading) return <PageLoading />;
  if (!account.data) return <PageError error={account.error} onRetry={account.refetch} />;
  return <SettlementView account={account.data} />;
}

function SettlementView({ account }: { account: SettlementAccount }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const field = (name: string) => t(`shopSettlement.view.field.${name}`);
  const { card } = account;
  const edit = (
    <PermissionButton variant="contained" permission={PERMISSIONS.accountEdit} onClick={() => void navigate(SETTLEMENT_PATHS.edit)} data-testid="settlement-edit">
      {t(card ? 'shopSettlement.view.change' : 'shopSettlement.view.bind')}
    </PermissionButton>
  );

  return (
    <Paper component="section" aria-labelledby="settlement-heading" sx={{ p: 3, maxWidth: 960 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography component="h1" variant="h5" id="settlement-heading">
          {t('shopSettlement.view.heading')}
        </Typography>
        {card && edit}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('shopSettlement.view.intro')}
      </Typography>
      {account.withdrawalPausedUntil !== null && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="settlement-paused">
          {t('shopSettlement.view.paused', { time: formatSecondsTimestamp(account.withdrawalPausedUntil) })}
        </Alert>
      )}
      {card ? (
        <Box component="dl" data-testid="settlement-card" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 2, rowGap: 1 }}>
          <Row label={field('bank')} value={card.bankName} testId="settlement-bank" />
          <Row label={field('cardNumber')} value={cardNumberText(card.cardNumber)} testId="settlement-cardNumber" />
          <Row label={field('accountName')} value={card.accountName} testId="settlement-accountName" />
          <Row label={field('branchName')} value={card.branchName} testId="settlement-branchName" />
          <Row label={field('updateTime')} value={formatSecondsTimestamp(card.updateTime)} testId="settlement-updateTime" />
        </Box>
      ) : (
        <Alert severity="info" data-testid="settlement-none" action={edit}>
          {t('shopSettlement.view.none')}
        </Alert>
      )}
    </Paper>
  );
}
