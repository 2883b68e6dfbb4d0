// The shipping screens under /order (one lazy chunk; routes.tsx names them).
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { ResourceListPage } from '../../../resource-kit';
import { ordersToShip } from './delivery/ordersToShip';

export { ShippingOrderPage } from './ship/ShippingOrderPage';
export { DeliverySuccessPage } from './ship/DeliverySuccessPage';
export { ShipmentDetailPage } from './ship/ShipmentDetailPage';
export { DeliverySlipPage } from './slip/DeliverySlipPage';

function DeliveryHint() {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary">
      {t('shipping.delivery.hint')}
    </Typography>
  );
}

export const OrderDeliveryPage = () => <ResourceListPage resource={ordersToShip} header={<DeliveryHint />} />;
