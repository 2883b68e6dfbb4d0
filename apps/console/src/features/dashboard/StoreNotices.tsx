// The dashboard's status prompts (console-spec §3 "Dashboard status"): withdrawal blacklist, licence
// and brand expiry (§4, 60-day window of §9), and the existsPromise / existsProtocol prompts.
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SETTLEMENT_PATHS } from '../shop/settlement/paths';
import { SHOP_PROFILE_PATHS } from '../shop/profile/paths';
import type { StorePcHome } from './api';
import { expiryNotice } from './expiry';

interface Notice {
  id: string;
  severity: 'error' | 'warning' | 'info';
  text: string;
  detail?: string;
  action?: { to: string; label: string };
}

function useNotices(home: StorePcHome): Notice[] {
  const { t } = useTranslation();
  const notices: Notice[] = [];
  if (home.isBlacklist) {
    notices.push({
      id: 'blacklist',
      severity: 'error',
      text: t('dashboard.notices.blacklist'),
      detail: home.blacklistRemark ? t('dashboard.notices.blacklistRemark', { remark: home.blacklistRemark }) : undefined,
    });
  }
  for (const [id, days] of [['license', home.storeLicenseDays], ['brand', home.brandExpiryDays]] as const) {
    const notice = expiryNotice(days);
    // The licence is renewed on the shop profile's reviewed licence screen (issue 26 §1).
    const action = id === 'license' ? { to: SHOP_PROFILE_PATHS.storeLicense, label: t('dashboard.notices.renewLicense') } : undefined;
    if (notice?.kind === 'expired') notices.push({ id, severity: 'error', text: t(`dashboard.notices.${id}Expired`), action });
    if (notice?.kind === 'expiringSoon') notices.push({ id, severity: 'warning', text: t(`dashboard.notices.${id}Soon`, { days: notice.daysLeft }), action });
  }
  if (!home.existsPromise) {
    notices.push({ id: 'promise', severity: 'info', text: t('dashboard.notices.noPromise'), action: { to: SETTLEMENT_PATHS.edit, label: t('dashboard.notices.bindCard') } });
  }
  if (!home.existsProtocol) {
    notices.push({ id: 'protocol', severity: 'info', text: t('dashboard.notices.noProtocol'), action: { to: '/registered/agrtSig', label: t('dashboard.notices.signProtocol') } });
  }
  return notices;
}

export function StoreNotices({ home }: { home: StorePcHome }) {
  const { t } = useTranslation();
  const notices = useNotices(home);
  return (
    <Paper component="section" aria-labelledby="dashboard-notices-heading" sx={{ p: 3 }}>
      <Typography id="dashboard-notices-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('dashboard.notices.heading')}
      </Typography>
      {notices.length === 0 ? (
        <Typography color="text.secondary" data-testid="dashboard-no-notices">
          {t('dashboard.notices.none')}
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {notices.map((notice) => (
            <Alert
              key={notice.id}
              severity={notice.severity}
              data-testid={`dashboard-notice-${notice.id}`}
              action={
                notice.action && (
                  <Button color="inherit" size="small" component={RouterLink} to={notice.action.to}>
                    {notice.action.label}
                  </Button>
                )
              }
            >
              {notice.text}
              {notice.detail && <Typography variant="body2">{notice.detail}</Typography>}
            </Alert>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
