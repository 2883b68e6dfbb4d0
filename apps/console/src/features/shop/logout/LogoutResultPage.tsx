// /logouting (console-spec §2, open without sign-in): the result of one closing request, by the
// unguessable reference the merchant got when sending it (docs/merchant-centre.md "Closing the shop").
// It loads its own texts: the public screens' first bundle does not carry the signed-in areas'.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LOGOUT_RECORD_STATUS_LABELS, LogoutRecordStatus, labelOf } from '@merchant/api-contracts';
import { formatSecondsTimestamp } from '@merchant/ui-kit';
import { addFeatureMessages, announceFeatureMessages } from '../../../app/i18n';
import { PageLoading } from '../../../resource-kit/PageStates';
import { useQueryLogoutResultQuery } from './api';
import { shopLogoutMessages } from './messages';

const SEVERITY = { [LogoutRecordStatus.pending]: 'info', [LogoutRecordStatus.completed]: 'success', [LogoutRecordStatus.rejected]: 'warning' } as const;
const TEXT = { [LogoutRecordStatus.pending]: 'pendingText', [LogoutRecordStatus.completed]: 'completedText', [LogoutRecordStatus.rejected]: 'rejectedText' } as const;

export function LogoutResultPage() {
  const { t, i18n } = useTranslation();
  useState(() => addFeatureMessages(i18n, [shopLogoutMessages], { silent: true }));
  useEffect(() => announceFeatureMessages(i18n), [i18n]);
  const ref = (useSearchParams()[0].get('ref') ?? '').trim();
  const result = useQueryLogoutResultQuery(ref, { skip: ref === '' });
  const lng = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const data = result.currentData;

  let body;
  if (ref === '') body = <Alert severity="warning">{t('shopLogout.result.noRef')}</Alert>;
  else if (result.isFetching && !data) body = <PageLoading />;
  else if (!data) body = <Alert severity="warning" data-testid="logout-result-not-found">{t('shopLogout.result.notFound')}</Alert>;
  else {
    const status = data.status as 1 | 2 | 3;
    const rows: [string, string][] = [
      ['store', data.storeName],
      ['requestId', String(data.id)],
      ['status', labelOf(LOGOUT_RECORD_STATUS_LABELS, status, lng)],
      ['submittedAt', formatSecondsTimestamp(data.createTime)],
      ...(data.decideTime ? ([['decidedAt', formatSecondsTimestamp(data.decideTime)]] as [string, string][]) : []),
      ...(data.rejectReason ? ([['rejectReason', data.rejectReason]] as [string, string][]) : []),
    ];
    body = (
      <>
        <Alert severity={SEVERITY[status] ?? 'info'} sx={{ mb: 2 }} data-testid="logout-result-summary">
          {t(`shopLogout.result.${TEXT[status] ?? 'pendingText'}`)}
        </Alert>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
          {rows.map(([key, value]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {t(`shopLogout.result.${key}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} data-testid={`logout-result-${key}`}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </>
    );
  }

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'flex-start', justifyContent: 'center', bgcolor: 'background.default', p: 3 }}>
      <Paper component="section" aria-labelledby="logout-result-heading" sx={{ p: 4, width: '100%', maxWidth: 560, mt: 8 }} data-testid="logout-result">
        <Typography id="logout-result-heading" component="h1" variant="h5" sx={{ mb: 2 }}>
          {t('shopLogout.result.heading')}
        </Typography>
        {body}
        <Button component={RouterLink} to="/login" sx={{ mt: 3 }}>
          {t('shopLogout.result.login')}
        </Button>
      </Paper>
    </Box>
  );
}
