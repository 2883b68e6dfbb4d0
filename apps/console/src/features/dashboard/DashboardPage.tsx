// /dashboard (affixed tab): who is signed in and the store's type and status; the store notices of
// storePcHome (blacklist, licence and brand expiry, settlement card and agreement prompts); order
// counts with a chart. The status-4 warning is part of the layout so it shows on every screen.
// The dashboard is every user's landing tab, so it opens for all; a block whose call needs a code the
// user lacks (the contract's `permission`: storePcHome dashboard:view, queryStoreOrderCount order:view)
// is not asked and says "no permission" instead (docs/permissions.md). The unread-messages figure and "open
// messages" belong to the chat, so they show only to holders of its code (im:chat, like the navbar's icon);
// until the chat frame's first report the figure is a skeleton, not 0 (issue 35 §6).
// The to-do list (DashboardTodos, issue 35 §6) comes first after the greeting: the daily work, each item a
// link to its filtered list; the store notices (licence, bank card, agreement) follow with their action links.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STORE_STATUS, STORE_STATUS_LABELS, STORE_TYPE_LABELS, accountEndpoints, dashboardEndpoints, orderEndpoints } from '@merchant/api-contracts';
import { statusLabel, type UiKitLocale } from '@merchant/ui-kit/format';
import { useAppSelector } from '../../app/hooks';
import { useHasPermission } from '../auth/permissions';
import { isApiError } from '../../app/transport';
import { MESSAGE_PATH } from '../message/frameProtocol';
import { useMayChat } from '../message/imAccess';
import { useStorePcHomeQuery } from '../../app/storeInit';
import { useStoreOrderCountQuery } from './api';
import { DashboardTodos } from './DashboardTodos';
import { OrderCountChart } from './OrderCountChart';
import { StoreNotices } from './StoreNotices';

/** How old the store notices may be when the dashboard opens (ours). */
const HOME_FRESH_SECONDS = 60;

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
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

/** Loading and failure of one dashboard block; a failure shows the server msg and a retry; without the block's code, a note. */
function Loadable<T>({ query, testId, allowed, children }: { query: { data?: T; isLoading: boolean; error?: unknown; refetch: () => unknown }; testId: string; allowed: boolean; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (!allowed) {
    return (
      <Alert severity="info" data-testid={`${testId}-no-permission`}>
        {t('dashboard.noPermission')}
      </Alert>
    );
  }
  if (query.isLoading) return <CircularProgress size={24} aria-label={t('app.loading')} />;
  if (query.error || !query.data) {
    return (
      <Alert severity="error" data-testid={`${testId}-error`} action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>{t('dashboard.retry')}</Button>}>
        {isApiError(query.error) && query.error.msg ? query.error.msg : t('dashboard.loadFailed')}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}

export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as UiKitLocale;
  const user = useAppSelector((state) => state.auth.user);
  const unread = useAppSelector((state) => state.im.unreadTotal);
  const unreadKnown = useAppSelector((state) => state.im.unreadKnown);
  // Store init's entry: read again only when older than a minute, so start-up on the dashboard asks once.
  const homeAllowed = useHasPermission(accountEndpoints.storePcHome.permission);
  const todosAllowed = useHasPermission(dashboardEndpoints.queryStoreTodoCounts.permission);
  const ordersAllowed = useHasPermission(orderEndpoints.queryStoreOrderCount.permission);
  // Without im:chat no chat frame runs, so no unread count ever arrives: a 0 there would be wrong.
  const mayChat = useMayChat();
  const home = useStorePcHomeQuery(undefined, { refetchOnMountOrArgChange: HOME_FRESH_SECONDS, skip: !homeAllowed });
  const orders = useStoreOrderCountQuery(undefined, { refetchOnMountOrArgChange: true, skip: !ordersAllowed });
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
          <Fact label={t('dashboard.storeType')} value={statusLabel(STORE_TYPE_LABELS, user.storeType, locale)} testId="dashboard-store-type" />
          <Fact
            label={t('dashboard.storeStatus')}
            testId="dashboard-store-status"
            value={<Chip size="small" label={statusLabel(STORE_STATUS_LABELS, user.storeStatus, locale)} color={user.storeStatus === STORE_STATUS.approved ? 'success' : 'warning'} />}
          />
          {mayChat && (
            <Fact
              label={t('dashboard.unreadMessages')}
              value={unreadKnown ? unread : <Skeleton variant="text" width={32} role="status" aria-label={t('dashboard.unreadLoading')} data-testid="dashboard-unread-loading" />}
              testId="dashboard-unread"
            />
          )}
        </Stack>
        {mayChat && (
          <Button variant="outlined" component={RouterLink} to={MESSAGE_PATH} sx={{ mt: 3 }} data-testid="dashboard-open-messages">
            {t('dashboard.openMessages')}
          </Button>
        )}
      </Paper>
      <DashboardTodos allowed={todosAllowed} />
      <Loadable query={home} testId="dashboard-notices" allowed={homeAllowed}>
        {(data) => <StoreNotices home={data} />}
      </Loadable>
      <Paper component="section" aria-labelledby="dashboard-orders-heading" sx={{ p: 3 }}>
        <Typography id="dashboard-orders-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('dashboard.orders.heading')}
        </Typography>
        <Loadable query={orders} testId="dashboard-orders" allowed={ordersAllowed}>
          {(data) => <OrderCountChart orders={data} />}
        </Loadable>
      </Paper>
    </Stack>
  );
}
