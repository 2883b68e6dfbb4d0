// /shop/accountMgmt/accountInfo/detail (issue 26 §3): the signed-in devices of this account, with "sign out
// everywhere else", and the recent sign-ins and sign-outs from the operation log (time and device).
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { ConfirmDialog, formatSecondsTimestamp } from '@merchant/ui-kit';
import { PageError, PageLoading, RecordTable, ScreenSection, type ResourceColumn } from '../../../resource-kit';
import { ACCOUNT_INFO_PATH } from './checkPayPasswordTarget';
import { useActiveSessionsQuery, useSignInRecordsQuery, useSignOutOtherSessionsMutation, type ActiveSession, type SignInRecord } from './api';

function DeviceCell({ device, current }: { device: string; current: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{device || t('shopAccess.detail.unknownDevice')}</span>
      {current && <Chip size="small" color="primary" variant="outlined" label={t('shopAccess.detail.thisDevice')} />}
    </Stack>
  );
}

const SESSION_COLUMNS: ResourceColumn<ActiveSession>[] = [
  { key: 'device', titleKey: 'shopAccess.detail.device', render: (row) => <DeviceCell device={row.device} current={row.current} /> },
  { key: 'signedInAt', titleKey: 'shopAccess.detail.signedInAt', format: (row) => formatSecondsTimestamp(row.signedInAt) },
];

const SIGN_IN_COLUMNS: ResourceColumn<SignInRecord>[] = [
  { key: 'operationType', titleKey: 'shopAccess.detail.event', format: (row, { t }) => t(`shopAccess.detail.${row.operationType}`) },
  { key: 'time', titleKey: 'shopAccess.detail.time', format: (row) => formatSecondsTimestamp(row.time) },
  { key: 'device', titleKey: 'shopAccess.detail.device', render: (row) => <DeviceCell device={row.device} current={row.current} /> },
];

export function AccountDetailPage() {
  const { t } = useTranslation();
  const sessions = useActiveSessionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const signIns = useSignInRecordsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [signOutOthers, signingOut] = useSignOutOtherSessionsMutation();
  const [confirming, setConfirming] = useState(false);
  const [signedOut, setSignedOut] = useState<number | null>(null);

  if (sessions.isLoading || signIns.isLoading) return <PageLoading />;
  if (sessions.error || signIns.error) return <PageError error={sessions.error ?? signIns.error} onRetry={() => Promise.all([sessions.refetch(), signIns.refetch()])} />;
  const live = sessions.data?.list ?? [];
  const others = live.filter((session) => !session.current).length;

  return (
    <Stack spacing={2}>
      <ScreenSection title={t('shopAccess.detail.heading')} intro={t('shopAccess.detail.sessionsHint')} testId="account-sessions">
        {signedOut !== null && (
          <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="account-signed-out-others">
            {t('shopAccess.detail.signedOutOthers', { count: signedOut })}
          </Alert>
        )}
        <RecordTable titleKey="shopAccess.detail.sessions" rows={live} columns={SESSION_COLUMNS} rowKey={(row) => row.sessionId} />
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" color="error" disabled={others === 0 || signingOut.isLoading} onClick={() => setConfirming(true)} data-testid="account-sign-out-others">
            {t('shopAccess.detail.signOutOthers')}
          </Button>
          <Button component={RouterLink} to={ACCOUNT_INFO_PATH}>
            {t('shopAccess.detail.back')}
          </Button>
        </Stack>
      </ScreenSection>

      <Paper component="section" sx={{ p: 3 }} data-testid="account-sign-ins">
        <RecordTable titleKey="shopAccess.detail.recent" rows={signIns.data?.list ?? []} columns={SIGN_IN_COLUMNS} rowKey={(row) => `${row.time}-${row.operationType}-${row.device}-${String(row.current)}`} />
      </Paper>

      <ConfirmDialog
        open={confirming}
        title={t('shopAccess.detail.signOutOthersTitle')}
        content={t('shopAccess.detail.signOutOthersText')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const answer = await signOutOthers();
          setConfirming(false);
          if ('data' in answer && answer.data) setSignedOut(answer.data.signedOut);
          void sessions.refetch();
          void signIns.refetch();
        }}
      />
    </Stack>
  );
}
