// The time-limited sale screens (issue 28 §3): the sale list and its add / edit form and details (flashSaleList.tsx's
// definition), and the orders placed through a sale (each a link to its order details) with their order status.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { FLASH_SALE_ORDER_STATE_LABELS, ORDER_STATUS_LABELS } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp } from '@merchant/ui-kit';
import { ResourceDetailPage, ResourceFormPage, ResourceListPage, StatusChip, defineResource, labelText, listArg, statusFromLabels, type ResourceColumn } from '../../../resource-kit';
import { ORDER_PATHS, orderAddress } from '../../orders/paths';
import { flashSalesApi, type FlashSaleOrderRow, type FlashSaleOrdersQuery } from './api';
import { flashSales } from './flashSaleList';
import { FLASH_SALE_PATHS, flashSaleAddress } from './paths';

const SALE_ORDER_STATUS = statusFromLabels(FLASH_SALE_ORDER_STATE_LABELS.labels, { 1: 'warning', 2: 'success', 3: 'default' });
const ORDER_STATUS = statusFromLabels(ORDER_STATUS_LABELS.labels, { 1: 'warning', 2: 'info', 3: 'info', 4: 'success', 5: 'default', 6: 'default' });

export const FlashSaleListPage = () => <ResourceListPage resource={flashSales} />;
export const FlashSaleFormPage = () => <ResourceFormPage resource={flashSales} createTitleKey="flashSales.menu.add" editTitleKey="flashSales.action.edit" />;
export const FlashSaleDetailsPage = () => <ResourceDetailPage resource={flashSales} titleKey="flashSales.details.heading" />;

const ORDER_COLUMNS: ResourceColumn<FlashSaleOrderRow>[] = [
  {
    key: 'orderNo',
    titleKey: 'flashSales.order.orderNo',
    width: 200,
    format: (row) => row.orderNo ?? String(row.orderId),
    render: (row) => (
      <Link component={RouterLink} to={orderAddress(ORDER_PATHS.details, row.orderId)}>
        {row.orderNo ?? row.orderId}
      </Link>
    ),
  },
  { key: 'buyerName', titleKey: 'flashSales.order.buyer', width: 130 },
  { key: 'buyerPhone', titleKey: 'flashSales.order.phone', width: 130 },
  { key: 'units', titleKey: 'flashSales.order.units', width: 80, align: 'right' },
  { key: 'amountCents', titleKey: 'flashSales.order.amount', width: 110, align: 'right', format: (row) => `¥${formatCents(row.amountCents)}` },
  // Status 0 (unpaid, or closed unpaid) is no status of the store's order tables: the sale order's state says which.
  {
    key: 'orderStatus',
    titleKey: 'flashSales.order.orderStatus',
    width: 120,
    format: (row, context) => (row.orderStatus === 0 ? context.t('flashSales.order.unpaid') : labelText(ORDER_STATUS_LABELS.labels[row.orderStatus as keyof typeof ORDER_STATUS_LABELS.labels], context)),
    render: (row, context) => (row.orderStatus === 0 ? context.t('flashSales.order.unpaid') : <StatusChip status={ORDER_STATUS} value={row.orderStatus} context={context} />),
  },
  { key: 'state', titleKey: 'flashSales.order.state', width: 120, status: SALE_ORDER_STATUS },
  { key: 'createTime', titleKey: 'flashSales.order.createTime', width: 170, format: (row) => formatSecondsTimestamp(row.createTime) },
];

function ordersResource(saleId: number) {
  const toArg = listArg<Omit<FlashSaleOrdersQuery, 'saleId'>>();
  return defineResource<FlashSaleOrderRow, FlashSaleOrdersQuery>({
    key: 'marketing.flashSaleOrders',
    titleKey: 'flashSales.order.heading',
    rowId: (row) => row.orderId,
    listPath: flashSaleAddress(FLASH_SALE_PATHS.order, saleId),
    list: {
      endpoint: flashSalesApi.endpoints.flashSaleOrders,
      toArg: (query) => ({ ...toArg(query), saleId }),
      tabs: { field: 'state', options: SALE_ORDER_STATUS.options },
      columns: ORDER_COLUMNS,
      emptyKey: 'flashSales.order.empty',
    },
  });
}

export function FlashSaleOrderPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const saleId = Number(search.get('id'));
  const resource = useMemo(() => (Number.isInteger(saleId) && saleId > 0 ? ordersResource(saleId) : null), [saleId]);
  if (!resource) return <Alert severity="warning">{t('flashSales.missingId')}</Alert>;
  return <ResourceListPage resource={resource} />;
}
