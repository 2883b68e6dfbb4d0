// orderDetails and serviceOrderDetails: one order from orderDetail — its summary, actions, lines,
// receiver, amounts, shipments and history. A service order (serviceOrder true) reads as a service:
// its lines are the services bought, the receiver is the customer and the place of service, and the
// history is the service's progress. Each page points to the other when handed the other kind.
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ORDER_PROMOTION_LABELS, type OrderDetail } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp, maskPhone } from '@merchant/ui-kit';
import { PageError, PageLoading } from '../../../resource-kit';
import { orderApi } from '../api';
import { OrderStatusChip } from '../orderStatus';
import { ORDER_PATHS, orderAddress } from '../paths';
import { OrderActions } from './OrderActions';
import { DescriptionList, HistoryTimeline, ItemsTable, Panel, Section, ShipmentsTable, lineAmountCents, useTextContext } from './sections';
import { useOrderId } from './useOrderId';

export type OrderKind = 'goods' | 'service';

export function OrderDetailsView({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orderId = useOrderId();
  const result = orderApi.endpoints.orderDetail.useQuery({ orderId: orderId ?? 0 }, { skip: orderId === null });
  const order = result.currentData ?? result.data;
  const titleKey = kind === 'service' ? 'orders.menu.serviceDetails' : 'orders.menu.details';

  return (
    <Stack spacing={2} data-testid={`order-details-${kind}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h6" component="h1">
          {t(titleKey)}
        </Typography>
        <Button variant="outlined" size="small" onClick={() => void navigate(ORDER_PATHS.list)}>
          {t('resourceKit.back')}
        </Button>
      </Stack>
      {orderId === null ? (
        <Alert severity="warning">{t('resourceKit.notFound')}</Alert>
      ) : result.error ? (
        <PageError error={result.error} onRetry={result.refetch} />
      ) : !order || order.orderId !== orderId ? (
        <PageLoading />
      ) : (
        <OrderContent order={order} kind={kind} />
      )}
    </Stack>
  );
}

function OrderContent({ order, kind }: { order: OrderDetail; kind: OrderKind }) {
  const context = useTextContext();
  const { t } = context;
  const service = kind === 'service';
  const goodsTotal = order.items.reduce((sum, item) => sum + lineAmountCents(item), 0);
  const otherKind = order.serviceOrder !== service;

  return (
    <>
      {otherKind && (
        <Alert severity="info" data-testid="order-kind-hint">
          <Link component={RouterLink} to={orderAddress(order.serviceOrder ? ORDER_PATHS.serviceDetails : ORDER_PATHS.details, order.orderId)}>
            {t(order.serviceOrder ? 'orders.action.toServiceDetails' : 'orders.action.toOrderDetails')}
          </Link>
        </Alert>
      )}
      {order.heldForTeam && (
        <Alert severity="warning" data-testid="order-held-for-team">
          {t('orders.heldForTeam')}
        </Alert>
      )}
      <Section id="order-summary" title={t('orders.section.summary')} testId="order-summary">
        <DescriptionList
          entries={[
            { key: 'orderNo', label: t('orders.field.orderNo'), value: order.orderNo },
            { key: 'status', label: t('orders.field.status'), value: <OrderStatusChip status={order.status} context={context} /> },
            { key: 'orderType', label: t('orders.field.orderType'), value: t(order.serviceOrder ? 'orders.orderType.service' : 'orders.orderType.goods') },
            { key: 'buyerName', label: t('orders.field.buyerName'), value: order.buyerName },
            { key: 'buyerPhone', label: t('orders.field.buyerPhone'), value: maskPhone(order.buyerPhone) },
            { key: 'createTime', label: t('orders.field.createTime'), value: formatSecondsTimestamp(order.createTime) },
            { key: 'paidAt', label: t('orders.field.paidAt'), value: formatSecondsTimestamp(order.paidAt) },
            { key: 'returnDeadline', label: t('orders.field.returnDeadline'), value: formatSecondsTimestamp(order.returnDeadline) },
          ]}
        />
      </Section>
      <Section id="order-actions-title" title={t('orders.section.actions')}>
        <OrderActions order={order} />
      </Section>
      <Panel testId="order-items">
        <ItemsTable items={order.items} titleKey={service ? 'orders.section.serviceItems' : 'orders.section.items'} />
      </Panel>
      <Section id="order-receiver" title={t(service ? 'orders.section.serviceContact' : 'orders.section.receiver')} testId="order-receiver">
        <DescriptionList
          testIdPrefix="receiver"
          entries={[
            { key: 'name', label: t(service ? 'orders.field.contactName' : 'orders.field.receiverName'), value: order.receiver.name },
            { key: 'phone', label: t('orders.field.receiverPhone'), value: maskPhone(order.receiver.phone) },
            { key: 'address', label: t(service ? 'orders.field.serviceAddress' : 'orders.field.receiverAddress'), value: order.receiver.address, wide: true },
          ]}
        />
      </Section>
      <Section id="order-amounts" title={t('orders.section.amounts')} testId="order-amounts">
        <DescriptionList
          testIdPrefix="amount"
          entries={[
            ...(order.pricing.promotionDiscountCents > 0 || order.pricing.couponDiscountCents > 0
              ? [{ key: 'list', label: t('orders.field.listTotal'), value: formatCents(order.pricing.listCents) }]
              : []),
            ...(order.pricing.promotionDiscountCents > 0 && order.pricing.promotion
              ? [
                  {
                    key: 'promotion',
                    label: t('orders.field.promotionDiscount', { promotion: ORDER_PROMOTION_LABELS[order.pricing.promotion.kind][context.locale] }),
                    value: `−${formatCents(order.pricing.promotionDiscountCents)}`,
                  },
                ]
              : []),
            { key: 'goods', label: t('orders.field.total'), value: formatCents(goodsTotal) },
            ...(order.pricing.couponDiscountCents > 0 ? [{ key: 'coupon', label: t('orders.field.couponDiscount'), value: `−${formatCents(order.pricing.couponDiscountCents)}` }] : []),
            { key: 'paid', label: t('orders.field.amount'), value: formatCents(order.amountCents) },
          ]}
        />
      </Section>
      {order.shipments.length > 0 ? (
        <Panel testId="order-shipments">
          <ShipmentsTable shipments={order.shipments} />
        </Panel>
      ) : (
        !service && (
          <Section id="order-shipments" title={t('orders.section.shipments')} testId="order-shipments">
            <Typography variant="body2">{t('orders.noShipments')}</Typography>
          </Section>
        )
      )}
      <HistoryTimeline order={order} titleKey={service ? 'orders.section.serviceProgress' : 'orders.section.history'} />
    </>
  );
}
