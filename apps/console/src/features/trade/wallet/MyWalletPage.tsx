// moneyMgmt/myWallet: the four balances (one call, from the ledger), what stands in the way of a withdrawal (the
// blacklist remark, the pause after a card change), the newest movements, and the ways on: withdraw, top up the
// deposit, the money flow and the transfers (each drawn only where the manifest has the screen).
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PERMISSIONS, type LedgerEntryRecord } from '@merchant/api-contracts';
import { formatCents } from '@merchant/ui-kit';
import { useHasPermission } from '../../auth/permissions';
import { PageError, PageLoading, RecordTable, ScreenSection, type ResourceColumn } from '../../../resource-kit';
import { useRouteManifest } from '../../../routes/manifestContext';
import { collectPaths } from '../../../routes/routeHandle';
import { walletApi } from './api';
import { ACCOUNT_STATUS, KIND_STATUS, SourceLink, accountText, kindText, signedMoney, sourceText, time } from './ledgerText';
import { WALLET_PATHS } from './paths';

const RECENT_COLUMNS: ResourceColumn<LedgerEntryRecord>[] = [
  { key: 'createTime', titleKey: 'wallet.field.time', format: (row) => time(row.createTime) },
  { key: 'kind', titleKey: 'wallet.field.kind', status: KIND_STATUS },
  { key: 'account', titleKey: 'wallet.field.account', status: ACCOUNT_STATUS },
  { key: 'amountCents', titleKey: 'wallet.field.amount', align: 'right', format: (row) => signedMoney(row.amountCents) },
  { key: 'source', derived: true, titleKey: 'wallet.field.source', format: (row, context) => sourceText(row, context), render: (row, context) => <SourceLink source={row} context={context} /> },
];

/** Under 600 px the time and the account share a cell with the kind, so the row fits a phone without a side scroll. */
const NARROW_COLUMNS: ResourceColumn<LedgerEntryRecord>[] = [
  {
    key: 'kind',
    titleKey: 'wallet.field.kind',
    render: (row, context) => (
      <>
        <Typography variant="body2">{kindText(row.kind, context)}</Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {time(row.createTime)} · {accountText(row.account, context)}
        </Typography>
      </>
    ),
  },
  { key: 'amountCents', titleKey: 'wallet.field.amount', align: 'right', format: (row) => signedMoney(row.amountCents) },
];

const BALANCES = [
  { key: 'available', field: 'availableCents' },
  { key: 'frozen', field: 'frozenCents' },
  { key: 'deposit', field: 'depositCents' },
  { key: 'pendingSettlement', field: 'pendingSettlementCents' },
] as const;

export function MyWalletPage() {
  const { t } = useTranslation();
  const summary = walletApi.endpoints.walletSummary.useQuery({}, { refetchOnMountOrArgChange: true });
  const known = new Set(collectPaths(useRouteManifest()));
  const mayWithdraw = useHasPermission(PERMISSIONS.walletWithdraw);
  const wallet = summary.currentData ?? summary.data;
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));

  const links = [
    { key: 'withdraw', path: WALLET_PATHS.turnWithdrawal, shown: mayWithdraw, primary: true },
    { key: 'topUp', path: WALLET_PATHS.topUp, shown: known.has(WALLET_PATHS.topUp), primary: false },
    { key: 'moneyWater', path: WALLET_PATHS.moneyWater, shown: known.has(WALLET_PATHS.moneyWater), primary: false },
    { key: 'transferRecord', path: WALLET_PATHS.transferRecord, shown: known.has(WALLET_PATHS.transferRecord), primary: false },
  ].filter((link) => link.shown);

  return (
    <ScreenSection title={t('wallet.menu.myWallet')} testId="my-wallet">
      {summary.error && !wallet ? (
        <PageError error={summary.error} onRetry={summary.refetch} />
      ) : !wallet ? (
        <PageLoading />
      ) : (
        <Stack spacing={3}>
          {wallet.blacklistRemark !== null && (
            <Alert severity="error" data-testid="wallet-blacklisted">
              {t('wallet.withdraw.blacklisted', { remark: wallet.blacklistRemark })}
            </Alert>
          )}
          {wallet.withdrawalPausedUntil !== null && (
            <Alert severity="warning" data-testid="wallet-paused">
              {t('wallet.withdraw.paused', { until: time(wallet.withdrawalPausedUntil) })}
            </Alert>
          )}
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}>
            {BALANCES.map((balance) => (
              <Paper key={balance.key} variant="outlined" sx={{ p: 2 }} data-testid={`wallet-${balance.key}`}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(`wallet.balance.${balance.key}`)}
                </Typography>
                <Typography component="dd" variant="h5" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }} data-testid={`wallet-${balance.key}-amount`}>
                  {formatCents(wallet[balance.field])}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`wallet.balance.${balance.key}Hint`)}
                </Typography>
              </Paper>
            ))}
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {links.map((link) => (
              <Button key={link.key} component={RouterLink} to={link.path} variant={link.primary ? 'contained' : 'outlined'} data-testid={`wallet-link-${link.key}`}>
                {t(`wallet.action.${link.key}`)}
              </Button>
            ))}
          </Stack>
          <Box sx={{ overflowX: 'auto' }} data-testid="wallet-recent">
            {wallet.recent.length === 0 ? (
              <Typography color="text.secondary">{t('wallet.noRecent')}</Typography>
            ) : (
              <RecordTable titleKey="wallet.recent" rows={wallet.recent} rowKey={(row) => row.entryId} columns={narrow ? NARROW_COLUMNS : RECENT_COLUMNS} />
            )}
          </Box>
          {known.has(WALLET_PATHS.moneyWater) && wallet.recent.length > 0 && (
            <Box>
              <Button component={RouterLink} to={WALLET_PATHS.moneyWater} size="small">
                {t('wallet.action.allEntries')}
              </Button>
            </Box>
          )}
        </Stack>
      )}
    </ScreenSection>
  );
}
