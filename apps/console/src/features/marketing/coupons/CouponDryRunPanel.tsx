// "What would this coupon have cost over the last 30 days of orders?" (issue 28 "Beyond the anchors"; docs/
// marketing.md "Dry run"): on the details page for the saved template, and in the add / edit form for the rules
// as typed (checked like a save first). The figures are the server's (couponDryRun); nothing here computes them.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, formatSecondsTimestamp } from '@merchant/ui-kit';
import { PageError, RecordTable, type ResourceColumn } from '../../../resource-kit';
import { couponsApi, type CouponDryRunRequest, type CouponDryRunResult } from './api';
import { basisPointsToPercentText } from './couponText';

type TopOrder = CouponDryRunResult['top'][number];

const TOP_COLUMNS: ResourceColumn<TopOrder>[] = [
  { key: 'orderNo', titleKey: 'coupons.dryRun.order', format: (row) => row.orderNo ?? String(row.orderId) },
  { key: 'createTime', titleKey: 'coupons.dryRun.orderTime', format: (row) => formatSecondsTimestamp(row.createTime) },
  { key: 'linesCents', titleKey: 'coupons.dryRun.lines', align: 'right', format: (row) => `¥${formatCents(row.linesCents)}` },
  { key: 'discountCents', titleKey: 'coupons.dryRun.orderDiscount', align: 'right', format: (row) => `¥${formatCents(row.discountCents)}` },
];

export interface CouponDryRunPanelProps {
  /** What to replay; undefined when it cannot be asked now (the form's rules do not pass their checks). */
  request: () => CouponDryRunRequest | undefined | Promise<CouponDryRunRequest | undefined>;
}

export function CouponDryRunPanel({ request }: CouponDryRunPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [trigger, result] = couponsApi.useLazyCouponDryRunQuery();
  const run = async () => {
    const biz = await request();
    if (biz) void trigger(biz);
  };
  const running = result.isFetching;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="coupon-dry-run" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Stack spacing={1.5}>
        <Typography id={headingId} component="h2" variant="subtitle1">
          {t('coupons.dryRun.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('coupons.dryRun.intro')}
        </Typography>
        <Box>
          <Button variant="outlined" onClick={() => void run()} loading={running} disabled={running} data-testid="coupon-dry-run-start">
            {t('coupons.dryRun.run')}
          </Button>
        </Box>
        <Box role="status" aria-live="polite">
          {running ? (
            <>
              <LinearProgress aria-label={t('coupons.dryRun.running')} />
              <Typography variant="body2">{t('coupons.dryRun.running')}</Typography>
            </>
          ) : null}
        </Box>
        {!running && result.error ? <PageError error={result.error} onRetry={() => void run()} /> : null}
        {!running && !result.error && result.data ? <DryRunFigures result={result.data} /> : null}
      </Stack>
    </Box>
  );
}

function DryRunFigures({ result }: { result: CouponDryRunResult }) {
  const { t } = useTranslation();
  const figures: Array<[string, string]> = [
    ['coupons.dryRun.orders', String(result.orders)],
    ['coupons.dryRun.qualifying', String(result.qualifying)],
    ['coupons.dryRun.discount', `¥${formatCents(result.discountCents)}`],
    ['coupons.dryRun.average', `¥${formatCents(result.averageDiscountCents)}`],
    ['coupons.dryRun.share', `${basisPointsToPercentText(result.revenueShareBp)}%`],
  ];
  return (
    <Stack spacing={1.5} data-testid="coupon-dry-run-figures">
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {figures.map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(key)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {result.top.length === 0 ? (
        <Typography variant="body2">{t('coupons.dryRun.none')}</Typography>
      ) : (
        <RecordTable titleKey="coupons.dryRun.top" rows={result.top} columns={TOP_COLUMNS} rowKey={(row) => row.orderId} />
      )}
    </Stack>
  );
}
