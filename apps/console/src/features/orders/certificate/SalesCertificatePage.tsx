// salesCertificate (console-spec §2): a printable proof of sale of one order — the store and its
// licence number, the order, the buyer, the goods and the amount paid. Print prints the certificate
// alone: the print style hides the console around it.
import GlobalStyles from '@mui/material/GlobalStyles';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { STORE_CODES, type EndpointData, type orderEndpoints } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp } from '@merchant/ui-kit';
import { PageError, PageLoading, RecordTable, type ResourceColumn } from '../../../resource-kit';
import { orderApi } from '../api';
import { ORDER_PATHS, orderAddress } from '../paths';
import { DescriptionList } from '../details/sections';
import { useOrderId } from '../details/useOrderId';

type Certificate = EndpointData<typeof orderEndpoints.salesCertificate>;
type CertificateLine = Certificate['items'][number];

const CERTIFICATE_ID = 'sales-certificate';

/** While printing, only the certificate is visible, at the top left of the page, without the buttons. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        [`#${CERTIFICATE_ID}, #${CERTIFICATE_ID} *`]: { visibility: 'visible' },
        [`#${CERTIFICATE_ID}`]: { position: 'absolute', left: 0, top: 0, width: '100%', border: 'none !important', boxShadow: 'none !important' },
        '.no-print': { display: 'none !important' },
      },
    }}
  />
);

const LINE_COLUMNS: ResourceColumn<CertificateLine>[] = [
  { key: 'title', titleKey: 'orders.field.goods' },
  { key: 'specText', titleKey: 'orders.field.spec' },
  { key: 'unitPriceCents', titleKey: 'orders.field.unitPrice', align: 'right', format: (line) => formatCents(line.unitPriceCents) },
  { key: 'quantity', titleKey: 'orders.field.quantity', align: 'right' },
  { key: 'amountCents', titleKey: 'orders.field.subtotal', align: 'right', format: (line) => formatCents(line.amountCents) },
];

const isRefusedInState = (error: unknown) => Boolean(error && typeof error === 'object' && (error as { code?: unknown }).code === STORE_CODES.notAllowedInCurrentState);

export function SalesCertificatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orderId = useOrderId();
  const result = orderApi.endpoints.salesCertificate.useQuery({ orderId: orderId ?? 0 }, { skip: orderId === null });
  const certificate = result.currentData ?? result.data;

  return (
    <Stack spacing={2}>
      {printStyles}
      <Stack direction="row" spacing={1} className="no-print" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h1">
          {t('orders.menu.salesCertificate')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" size="small" startIcon={<PrintIcon />} disabled={!certificate} onClick={() => window.print()} data-testid="certificate-print">
            {t('orders.action.print')}
          </Button>
          {orderId !== null && (
            <Button variant="outlined" size="small" onClick={() => void navigate(orderAddress(ORDER_PATHS.details, orderId))}>
              {t('orders.action.backToDetails')}
            </Button>
          )}
        </Stack>
      </Stack>
      {orderId === null ? (
        <Alert severity="warning">{t('resourceKit.notFound')}</Alert>
      ) : result.error ? (
        isRefusedInState(result.error) ? (
          <Alert severity="warning" data-testid="certificate-unavailable">
            {t('orders.certificate.unavailable')}
          </Alert>
        ) : (
          <PageError error={result.error} onRetry={result.refetch} />
        )
      ) : !certificate || certificate.orderId !== orderId ? (
        <PageLoading />
      ) : (
        <CertificateSheet certificate={certificate} />
      )}
    </Stack>
  );
}

function CertificateSheet({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation();
  return (
    <Paper id={CERTIFICATE_ID} variant="outlined" component="article" aria-labelledby="certificate-title" sx={{ p: { xs: 2, md: 4 }, maxWidth: 900 }} data-testid="sales-certificate">
      <Stack spacing={2}>
        <Box sx={{ textAlign: 'center' }}>
          <Typography id="certificate-title" variant="h5" component="h2" sx={{ fontWeight: 700, letterSpacing: 4 }}>
            {t('orders.certificate.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {certificate.storeName}
          </Typography>
        </Box>
        <Typography variant="body2">{t('orders.certificate.statement')}</Typography>
        <DescriptionList
          testIdPrefix="certificate"
          entries={[
            { key: 'storeName', label: t('orders.field.storeName'), value: certificate.storeName },
            { key: 'licenceNo', label: t('orders.field.licenceNo'), value: certificate.licenceNo },
            { key: 'orderNo', label: t('orders.field.orderNo'), value: certificate.orderNo },
            { key: 'buyerName', label: t('orders.field.buyerName'), value: certificate.buyerName },
            { key: 'paidAt', label: t('orders.field.paidAt'), value: formatSecondsTimestamp(certificate.paidAt) },
            { key: 'issuedAt', label: t('orders.field.issuedAt'), value: formatSecondsTimestamp(certificate.issuedAt) },
          ]}
        />
        <RecordTable titleKey="orders.section.items" rows={certificate.items} rowKey={(line) => line.skuId} columns={LINE_COLUMNS} />
        <Divider />
        <Typography variant="subtitle1" sx={{ textAlign: 'right', fontWeight: 700 }} data-testid="certificate-total">
          {t('orders.field.total')}: {formatCents(certificate.amountCents)}
        </Typography>
      </Stack>
    </Paper>
  );
}
