// orderList (console-spec §2 /order): the store's orders by status tab (counts from
// queryStoreOrderCount), searched by order number, buyer, creation date and amount (yuan typed, cents
// sent). Row actions are the moves the order machine allows the merchant in the row's status; the rest
// (sales certificate, chat) is on the order's detail, so the table fits a laptop screen.
import { z } from 'zod';
import { PERMISSIONS, type OrderListQuery, type OrderRow } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp, maskPhone, searchDateRange, searchMoney, searchText, type TableQuery } from '@merchant/ui-kit';
import { defineResource, listArg } from '../../../resource-kit';
import { orderApi } from '../api';
import { OrderStatusChip, ORDER_TAB_OPTIONS, canExtendReturnPeriod, canShip, orderStatusText } from '../orderStatus';
import { BuyerCell } from '../details/BuyerCell';
import { ORDER_PATHS, orderAddress } from '../paths';
import { shipOrderAddress } from '../shipping/paths';

/** Sortable columns → the contract's sort fields (ORDER_SORT_FIELDS). */
const SORT_FIELDS: Readonly<Record<string, NonNullable<OrderListQuery['sortField']>>> = { createTime: 'createTime', paidAt: 'paidTime', amountCents: 'amount' };

const baseArg = listArg<OrderListQuery>({ ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } });

export function orderListArg(query: TableQuery): OrderListQuery {
  const sortField = query.sort ? SORT_FIELDS[query.sort.field] : undefined;
  return baseArg({ ...query, sort: query.sort && sortField ? { ...query.sort, field: sortField } : undefined });
}

/** The detail screen of an order: service orders have their own (serviceOrderDetails). */
export const orderDetailAddress = (order: Pick<OrderRow, 'orderId' | 'serviceOrder'>) =>
  orderAddress(order.serviceOrder ? ORDER_PATHS.serviceDetails : ORDER_PATHS.details, order.orderId);

export const orderList = defineResource<OrderRow, OrderListQuery>({
  key: 'orders.list',
  titleKey: 'orders.menu.list',
  rowId: (row) => row.orderId,
  listPath: ORDER_PATHS.list,
  list: {
    endpoint: orderApi.endpoints.orderList,
    toArg: orderListArg,
    tabs: { field: 'status', options: ORDER_TAB_OPTIONS },
    search: (t) =>
      z.object({
        orderNo: searchText({ label: t('orders.field.orderNo') }),
        buyer: searchText({ label: t('orders.field.buyerKeyword') }),
        createTime: searchDateRange({ label: t('orders.field.createTime') }),
        amountMin: searchMoney({ label: t('orders.field.amountMin') }),
        amountMax: searchMoney({ label: t('orders.field.amountMax') }),
      }),
    // An 'amount to' below 'amount from' is refused on the bar, before any request (searchRanges).
    searchRanges: [{ min: 'amountMin', max: 'amountMax' }],
    columns: [
      { key: 'orderNo', titleKey: 'orders.field.orderNo', width: 175, hideable: false },
      {
        key: 'buyerName',
        titleKey: 'orders.field.buyer',
        flex: 1,
        format: (row) => `${row.buyerName} ${maskPhone(row.buyerPhone)}`,
        render: (row) => <BuyerCell name={row.buyerName} phone={maskPhone(row.buyerPhone)} />,
      },
      { key: 'amountCents', titleKey: 'orders.field.amount', width: 150, align: 'right', sortable: true, format: (row) => formatCents(row.amountCents) },
      { key: 'itemCount', titleKey: 'orders.field.itemCount', width: 80, align: 'right', hidden: true },
      {
        key: 'status',
        titleKey: 'orders.field.status',
        width: 100,
        format: (row, context) => orderStatusText(row.status, context),
        render: (row, context) => <OrderStatusChip status={row.status} context={context} />,
      },
      { key: 'serviceOrder', titleKey: 'orders.field.orderType', width: 110, hidden: true, format: (row, { t }) => t(row.serviceOrder ? 'orders.orderType.service' : 'orders.orderType.goods') },
      { key: 'createTime', titleKey: 'orders.field.createTime', width: 160, sortable: true, format: (row) => formatSecondsTimestamp(row.createTime) },
      { key: 'paidAt', titleKey: 'orders.field.paidAt', width: 165, sortable: true, hidden: true, format: (row) => formatSecondsTimestamp(row.paidAt) },
      { key: 'returnDeadline', titleKey: 'orders.field.returnDeadline', width: 165, hidden: true, format: (row) => formatSecondsTimestamp(row.returnDeadline) },
    ],
    rowActions: [
      { key: 'detail', labelKey: 'orders.action.detail', to: orderDetailAddress },
      { key: 'ship', labelKey: 'orders.action.ship', permission: PERMISSIONS.orderShip, when: (row) => canShip(row.status), to: (row) => shipOrderAddress(row.orderId) },
      { key: 'extend', labelKey: 'orders.action.extendShort', permission: PERMISSIONS.orderShip, when: (row) => canExtendReturnPeriod(row.status), to: (row) => orderAddress(ORDER_PATHS.extensions, row.orderId) },
    ],
    export: { fileNameKey: 'orders.export.fileName', permission: PERMISSIONS.orderExport, server: 'orders.list' },
    emptyKey: 'orders.empty',
  },
});
