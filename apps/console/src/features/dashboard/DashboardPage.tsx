// /dashboard (affixed tab): who is signed in, the store's type and status, unread chat count.
// The status-4 warning is part of the layout (StoreDisabledWarning) so it shows on every screen.
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../app/hooks';
import { STORE_STATUS, storeStatusKey, storeTypeKey } from '../auth/storeStatus';
import { MESSAGE_PATH } from '../message/frameProtocol';

function Fact({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <Stack spacing={0.5} sx={{ minWidth: 160 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const user = useAppSelector((state) => state.auth.user);
  const unread = useAppSelector((state) => state.im.unreadTotal);
  if (!user) return null;
  const name = user.nickname || user.storeName;
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <Avatar src={user.avatarUrl || undefined} alt="" sx={{ width: 56, height: 56 }} />
          <Typography component="h1" variant="h5" data-testid="dashboard-greeting">
            {t('dashboard.greeting', { name })}
          </Typography>
        </Stack>
        <Stack component="dl" direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap', m: 0 }}>
          <Fact label={t('dashboard.storeName')} value={user.storeName || '—'} testId="dashboard-store-name" />
          <Fact label={t('dashboard.storeType')} value={t(storeTypeKey(user.storeType))} testId="dashboard-store-type" />
          <Fact
            label={t('dashboard.storeStatus')}
            testId="dashboard-store-status"
            value={
              <Chip
                size="small"
                label={t(storeStatusKey(user.storeStatus))}
                color={user.storeStatus === STORE_STATUS.approved ? 'success' : 'warning'}
              />
            }
          />
          <Fact label={t('dashboard.unreadMessages')} value={unread} testId="dashboard-unread" />
        </Stack>
      </Paper>
      <div>
        <Button variant="outlined" component={RouterLink} to={MESSAGE_PATH}>
          {t('dashboard.openMessages')}
        </Button>
      </div>
    </Stack>
  );
}
