// deliverySlip (`?orderIds=1,2,3`): printable delivery slips, one page each, fetched ORDER_LIMITS.deliverySlipMax
// orders a call (the worklist's page of up to 200 selected orders prints in one go). On screen they sit under a Print button; printing shows the slips alone (the console's
// shell is hidden by the print styles) and starts a new page for each order.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { carrierName, ORDER_LIMITS, type EndpointData, type orderEndpoints } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp, maskPhone } from '@merchant/ui-kit';
import { PageError, PageLoading } from '../../../../resource-kit';
import { shippingApi } from '../api';
import { idsParam, SHIPPING_PATHS } from '../paths';
import { useLocale } from '../ship/ShipFields';

type Slip = EndpointData<typeof orderEndpoints.deliverySlip>['slips'][number];

const PRINT_AREA = 'data-print-area';

/** While printing, only the slips show: everything else is hidden and the slips start at the page's top. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4', margin: '12mm' },
        'body *': { visibility: 'hidden' },
        [`[${PRINT_AREA}], [${PRINT_AREA}] *`]: { visibility: 'visible' },
        [`[${PRINT_AREA}]`]: { position: 'absolute', left: 0, top: 0, width: '100%' },
      },
    }}
  />
);

function SlipSheet({ slip, storeName, printedAt }: { slip: Slip; storeName: string; printedAt: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = `slip-title-${slip.orderId}`;
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      data-testid={`slip-${slip.orderId}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 3, bgcolor: 'background.paper', breakInside: 'avoid', '@media print': { border: 0, p: 0, breakAfter: 'page' } }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('shipping.slip.title')} · {slip.orderNo}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('shipping.slip.printedAt', { time: formatSecondsTimestamp(printedAt) })}
        </Typography>
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 3, rowGap: 1, m: 0, mb: 2, '& dt': { color: 'text.secondary', fontSize: 12 }, '& dd': { m: 0 } }}>
        <div>
          <dt>{t('shipping.field.receiver')}</dt>
          <dd>
            {slip.receiver.name} {maskPhone(slip.receiver.phone)}
          </dd>
        </div>
        <div>
          <dt>{t('shipping.field.paidAt')}</dt>
          <dd>{formatSecondsTimestamp(slip.paidAt)}</dd>
        </div>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <dt>{t('shipping.field.address')}</dt>
          <dd>{slip.receiver.address}</dd>
        </Box>
        <div>
          <dt>{t('shipping.field.carrier')}</dt>
          <dd data-testid="slip-carrier">{slip.carrier ? carrierName(slip.carrier, locale) : t('shipping.slip.notShippedYet')}</dd>
        </div>
        <div>
          <dt>{t('shipping.field.trackingNo')}</dt>
          <dd data-testid="slip-tracking">{slip.trackingNo ?? '—'}</dd>
        </div>
      </Box>
      <Table size="small" aria-label={`${t('shipping.field.goods')} ${slip.orderNo}`}>
        <TableHead>
          <TableRow>
            <TableCell>{t('shipping.field.goods')}</TableCell>
            <TableCell>{t('shipping.field.spec')}</TableCell>
            <TableCell align="right">{t('shipping.field.unitPrice')}</TableCell>
            <TableCell align="right">{t('shipping.field.quantity')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {slip.items.map((item) => (
            <TableRow key={item.skuId}>
              <TableCell>{item.title}</TableCell>
              <TableCell>{item.specText}</TableCell>
              <TableCell align="right">{formatCents(item.unitPriceCents)}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={2} sx={{ fontWeight: 600 }}>
              {t('shipping.slip.total')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {formatCents(slip.amountCents)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {slip.items.reduce((sum, item) => sum + item.quantity, 0)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
        {t('shipping.slip.store', { store: storeName })} · {slip.buyerName}
      </Typography>
    </Box>
  );
}

/** One deliverySlip call's slips. */
function SlipBatch({ orderIds, onLoaded }: { orderIds: number[]; onLoaded(): void }) {
  const result = shippingApi.useDeliverySlipsQuery({ orderIds });
  const answer = result.currentData;
  useEffect(() => {
    if (answer) onLoaded();
  }, [answer, onLoaded]);
  if (result.error) return <PageError error={result.error} onRetry={result.refetch} />;
  if (!answer) return <PageLoading />;
  return (
    <>
      {answer.slips.map((slip) => (
        <SlipSheet key={slip.orderId} slip={slip} storeName={answer.storeName} printedAt={answer.printedAt} />
      ))}
    </>
  );
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

export function DeliverySlipPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const param = useSearchParams()[0].get('orderIds');
  const batches = useMemo(() => chunk(idsParam(param), ORDER_LIMITS.deliverySlipMax), [param]);
  const [loaded, setLoaded] = useState(new Set<number>());
  const markLoaded = useCallback((index: number) => setLoaded((current) => (current.has(index) ? current : new Set(current).add(index))), []);
  const ready = batches.length > 0 && loaded.size === batches.length;
  return (
    <Stack spacing={2} data-testid="delivery-slips">
      {printStyles}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', '@media print': { display: 'none' } }}>
        <Typography variant="h6" component="h1">
          {t('shipping.menu.deliverySlip')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => void navigate(SHIPPING_PATHS.orderDelivery)}>
            {t('resourceKit.back')}
          </Button>
          <Button variant="contained" startIcon={<PrintIcon />} disabled={!ready} onClick={() => window.print()} data-testid="slip-print">
            {t('shipping.slip.print')}
          </Button>
        </Stack>
      </Stack>
      {batches.length === 0 ? (
        <Alert severity="warning">{t('shipping.slip.missingOrders')}</Alert>
      ) : (
        <Stack spacing={2} {...{ [PRINT_AREA]: '' }}>
          {batches.map((orderIds, index) => (
            <SlipBatch key={orderIds.join(',')} orderIds={orderIds} onLoaded={() => markLoaded(index)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
