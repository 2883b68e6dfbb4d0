// Order counts per shipping-order status (queryStoreOrderCount) as a bar chart (@mui/x-charts), with
// the same figures as a visually plain list for screen readers and keyboard users. The bars are named
// as the order list's status tabs name them (orderTabLabel): §4 calls statuses 2 and 3 both
// "shipped", and the tabs tell them apart (in transit / delivered) without showing the status code.
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { UiKitLocale } from '@merchant/ui-kit/format';
import { orderTabLabel } from '../orders/orderTabLabels';
import type { StoreOrderCount } from './api';

export function OrderCountChart({ orders }: { orders: StoreOrderCount }) {
  const { t, i18n } = useTranslation();
  const labels = orders.counts.map((entry) => orderTabLabel(entry.status, i18n.language as UiKitLocale));
  return (
    <Stack spacing={1}>
      <Typography data-testid="dashboard-order-total">{t('dashboard.orders.total', { total: orders.total })}</Typography>
      {orders.total === 0 ? (
        <Typography color="text.secondary">{t('dashboard.orders.empty')}</Typography>
      ) : (
        <Box role="img" aria-label={t('dashboard.orders.chartLabel')} sx={{ width: '100%', maxWidth: 720 }}>
          <BarChart
            height={280}
            xAxis={[{ scaleType: 'band', data: labels, label: t('dashboard.orders.status') }]}
            yAxis={[{ label: t('dashboard.orders.count'), tickMinStep: 1 }]}
            series={[{ data: orders.counts.map((entry) => entry.count), label: t('dashboard.orders.count') }]}
            hideLegend
          />
        </Box>
      )}
      <Box component="dl" data-testid="dashboard-order-counts" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
        {orders.counts.map((entry, index) => (
          <Box key={entry.status} data-testid={`dashboard-order-count-${entry.status}`}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {labels[index]}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {entry.count}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
