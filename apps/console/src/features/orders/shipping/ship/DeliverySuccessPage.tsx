// deliverySuccess (`?orderId=&shipmentId=`): the result of shipping one order, read back from the server
// (the shipment as stored), with the next steps: print the slip, see the shipment or the order, or go
// back to the orders still to ship.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageError, PageLoading } from '../../../../resource-kit';
import { ORDER_PATHS, orderAddress } from '../../paths';
import { shippingApi } from '../api';
import { carrierName } from '@merchant/api-contracts';
import { deliverySlipAddress, idsParam, shipmentAddress, SHIPPING_PATHS } from '../paths';
import { useLocale } from './ShipFields';

export function DeliverySuccessPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shipmentId = idsParam(params.get('shipmentId'))[0];
  const result = shippingApi.useShipmentQuery({ shipmentId: shipmentId ?? 0 }, { skip: shipmentId === undefined });
  const shipment = result.currentData;
  const heading = useRef<HTMLHeadingElement>(null);
  // The page replaces the form the merchant just sent: move focus to the result so a screen reader says it.
  useEffect(() => heading.current?.focus(), [shipment]);

  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="delivery-success">
      {shipmentId === undefined ? (
        <Alert severity="warning">{t('resourceKit.notFound')}</Alert>
      ) : result.error ? (
        <PageError error={result.error} onRetry={result.refetch} />
      ) : !shipment ? (
        <PageLoading />
      ) : (
        <Stack spacing={3} sx={{ maxWidth: 720 }}>
          <Alert severity="success" variant="outlined">
            <AlertTitle>
              <Typography ref={heading} tabIndex={-1} variant="h6" component="h1" sx={{ outline: 'none' }}>
                {t('shipping.success.title')}
              </Typography>
            </AlertTitle>
            <span data-testid="delivery-success-summary">
              {t('shipping.success.summary', { orderNo: shipment.orderNo, carrier: carrierName(shipment.carrier, locale), trackingNo: shipment.trackingNo })}
            </span>
          </Alert>
          <Stack spacing={1}>
            <Typography variant="subtitle2" component="h2">
              {t('shipping.success.next')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={() => void navigate(deliverySlipAddress([shipment.orderId]))} data-testid="success-print-slip">
                {t('shipping.success.printSlip')}
              </Button>
              <Button variant="outlined" onClick={() => void navigate(shipmentAddress(shipment.shipmentId))}>
                {t('shipping.success.viewShipment')}
              </Button>
              <Button variant="outlined" onClick={() => void navigate(orderAddress(ORDER_PATHS.details, shipment.orderId))}>
                {t('shipping.success.viewOrder')}
              </Button>
              <Button variant="outlined" onClick={() => void navigate(SHIPPING_PATHS.orderDelivery)} data-testid="success-back-to-list">
                {t('shipping.success.backToList')}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
