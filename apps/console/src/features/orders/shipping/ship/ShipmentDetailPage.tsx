// sendOutGoodsDetail (`?id=<shipmentId>`): one shipment — carrier, tracking number, its SHIPMENT status
// (SHIPMENT_STATUS of ../../orderStatus, labelled by the contract), the order it carries, and a timeline of the times
// the shipment reached each status.
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { carrierName, type EndpointData, type ShipmentStatus, type orderEndpoints } from '@merchant/api-contracts';
import { formatSecondsTimestamp, maskPhone } from '@merchant/ui-kit';
import { ResourceDetailPage, statusText } from '../../../../resource-kit';
import { ItemsTable, Section, useTextContext } from '../../details/sections';
import { OrderStatusChip, SHIPMENT_STATUS } from '../../orderStatus';
import { ORDER_PATHS, orderAddress } from '../../paths';
import { shippingApi } from '../api';

type ShipmentDetail = EndpointData<typeof orderEndpoints.shipmentDetail>;

/** When the shipment reached each status it has reached, oldest first. */
export function shipmentTimeline(shipment: Pick<ShipmentDetail, 'createTime' | 'pickedUpAt' | 'deliveredAt' | 'returnedAt'>): Array<{ status: ShipmentStatus; at: number }> {
  const reached: Array<{ status: ShipmentStatus; at: number | null }> = [
    { status: 1, at: shipment.createTime },
    { status: 2, at: shipment.pickedUpAt },
    { status: 3, at: shipment.deliveredAt },
    { status: 4, at: shipment.returnedAt },
  ];
  return reached.filter((entry): entry is { status: ShipmentStatus; at: number } => entry.at !== null).sort((a, b) => a.at - b.at);
}

function ShipmentTimeline({ shipment }: { shipment: ShipmentDetail }) {
  const context = useTextContext();
  const entries = shipmentTimeline(shipment);
  return (
    <Section id="shipment-timeline" title={context.t('shipping.shipment.timeline')} testId="shipment-timeline">
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {entries.map((entry, index) => (
          <Box component="li" key={entry.status} sx={{ position: 'relative', pl: 3, pb: index === entries.length - 1 ? 0 : 2, borderLeft: 2, borderColor: 'divider', ml: 1 }}>
            <Box aria-hidden sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: index === entries.length - 1 ? 'primary.main' : 'grey.400' }} />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {statusText(SHIPMENT_STATUS, entry.status, context)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
              {formatSecondsTimestamp(entry.at)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

function OrderLink({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to={orderAddress(ORDER_PATHS.details, shipment.orderId)} aria-label={`${t('shipping.shipment.viewOrder')} ${shipment.orderNo}`}>
      {shipment.orderNo}
    </Link>
  );
}

const shipmentResource = {
  key: 'shipping.shipment',
  titleKey: 'shipping.menu.sendOutGoodsDetail',
  listPath: ORDER_PATHS.list,
  detail: {
    endpoint: shippingApi.endpoints.shipment,
    toArg: (id: string) => ({ shipmentId: Number(id) }),
    fields: [
      { key: 'shipmentId', labelKey: 'shipping.field.shipmentId' },
      { key: 'carrier', labelKey: 'shipping.field.carrier', format: (s: ShipmentDetail, context: { locale: 'zh-CN' | 'en-US' }) => carrierName(s.carrier, context.locale) },
      { key: 'trackingNo', labelKey: 'shipping.field.trackingNo' },
      { key: 'status', labelKey: 'shipping.field.shipmentStatus', status: SHIPMENT_STATUS },
      { key: 'orderNo', labelKey: 'shipping.field.orderNo', render: (s: ShipmentDetail) => <OrderLink shipment={s} /> },
      { key: 'orderStatus', labelKey: 'shipping.field.status', render: (s: ShipmentDetail, context: Parameters<typeof OrderStatusChip>[0]['context']) => <OrderStatusChip status={s.orderStatus} context={context} /> },
      { key: 'receiver', labelKey: 'shipping.field.receiver', format: (s: ShipmentDetail) => s.receiver.name },
      { key: 'receiverPhone', labelKey: 'shipping.field.receiverPhone', format: (s: ShipmentDetail) => maskPhone(s.receiver.phone) },
      { key: 'address', labelKey: 'shipping.field.address', format: (s: ShipmentDetail) => s.receiver.address, wide: true },
    ],
    extra: (shipment: ShipmentDetail) => (
      <Stack spacing={2}>
        <ShipmentTimeline shipment={shipment} />
        <ItemsTable items={shipment.items} titleKey="shipping.shipment.items" />
      </Stack>
    ),
  },
};

export function ShipmentDetailPage() {
  return <ResourceDetailPage resource={shipmentResource} />;
}
