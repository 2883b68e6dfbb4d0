// orderDelivery: the orders waiting to be shipped (status 1, fixed), oldest payment first by default.
// Selected orders are shipped together (a tracking number typed for each) or get their delivery slips
// printed; a filled sheet can be imported instead. Each row links to the one-order form.
import { z } from 'zod';
import { PERMISSIONS, type OrderListQuery, type OrderRow } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp, maskPhone, searchDateRange, searchText, type TableQuery } from '@merchant/ui-kit';
import { defineResource } from '../../../../resource-kit';
import { orderDetailAddress, orderListArg } from '../../resources/orderList';
import { shippingApi } from '../api';
import { BulkShipDialog } from '../bulk/BulkShipDialog';
import { deliverySlipAddress, shipOrderAddress, SHIPPING_PATHS } from '../paths';

/** The worklist's biz: the order list's, with the status pinned to 1 (to ship), oldest payment first unless sorted otherwise. */
export function toShipArg(query: TableQuery): OrderListQuery {
  const biz = { ...orderListArg(query), status: 1 } as const;
  return query.sort ? biz : { ...biz, sortField: 'paidTime', sortOrder: 'asc' };
}

export const ordersToShip = defineResource<OrderRow, OrderListQuery>({
  key: 'shipping.toShip',
  titleKey: 'shipping.menu.orderDelivery',
  rowId: (row) => row.orderId,
  listPath: SHIPPING_PATHS.orderDelivery,
  list: {
    endpoint: shippingApi.endpoints.ordersToShip,
    toArg: toShipArg,
    search: (t) =>
      z.object({
        orderNo: searchText({ label: t('shipping.field.orderNo') }),
        buyer: searchText({ label: t('shipping.field.buyer') }),
        createTime: searchDateRange({ label: t('shipping.field.createTime') }),
      }),
    columns: [
      { key: 'orderNo', titleKey: 'shipping.field.orderNo', width: 190, hideable: false },
      { key: 'buyerName', titleKey: 'shipping.field.buyer', flex: 1 },
      { key: 'buyerPhone', titleKey: 'shipping.field.buyerPhone', width: 125, format: (row) => maskPhone(row.buyerPhone) },
      { key: 'itemCount', titleKey: 'shipping.field.itemCount', width: 80, align: 'right' },
      { key: 'amountCents', titleKey: 'shipping.field.amount', width: 120, align: 'right', sortable: true, format: (row) => formatCents(row.amountCents) },
      { key: 'paidAt', titleKey: 'shipping.field.paidAt', width: 165, sortable: true, format: (row) => formatSecondsTimestamp(row.paidAt) },
      { key: 'createTime', titleKey: 'shipping.field.createTime', width: 165, sortable: true, hidden: true, format: (row) => formatSecondsTimestamp(row.createTime) },
    ],
    rowActions: [
      { key: 'detail', labelKey: 'resourceKit.detail', to: orderDetailAddress },
      { key: 'ship', labelKey: 'shipping.delivery.ship', permission: PERMISSIONS.orderShip, to: (row) => shipOrderAddress(row.orderId) },
    ],
    bulkActions: [
      {
        key: 'ship',
        labelKey: 'shipping.delivery.shipSelected',
        permission: PERMISSIONS.orderShip,
        run: (_ids, context, rows) => context.openDialog((close) => <BulkShipDialog source={{ kind: 'orders', orders: rows }} onClose={close} />),
      },
      {
        key: 'print',
        labelKey: 'shipping.delivery.printSelected',
        run: (ids, context) => context.navigate(deliverySlipAddress(ids.map(Number))),
      },
    ],
    toolbar: [
      {
        key: 'import',
        labelKey: 'shipping.delivery.importSheet',
        permission: PERMISSIONS.orderShip,
        run: (context) => context.openDialog((close) => <BulkShipDialog source={{ kind: 'file' }} onClose={close} />),
      },
    ],
  },
});
