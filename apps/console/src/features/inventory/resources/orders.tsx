// managedWarehousing (+detail) and outboundApplication (+detail): the store's inbound and outbound orders
// at the warehouse; a submitted order can be cancelled. Dispatch asks with the goods listed (DispatchDialog).
import { z } from 'zod';
import { PERMISSIONS, type EndpointBiz, type EndpointData, type inventoryEndpoints } from '@merchant/api-contracts';
import { maskPhone, searchDateRange, searchSelect, searchText } from '@merchant/ui-kit';
import { RecordTable, defineResource, listArg, statusSelectOptions, type ResourceColumn, type ResourceField, type ResourceStatus } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { DispatchDialog } from '../forms/DispatchDialog';
import { OrderFormDialog } from '../forms/OrderFormDialog';
import { WAREHOUSE_WIDTH } from './inventoryCount';
import { BASE_PATH, INBOUND_STATUS, ORDER_LINE_COLUMNS, OUTBOUND_STATUS, time } from './shared';

type Order = EndpointData<typeof inventoryEndpoints.inboundDetail>;
type OrderRow = EndpointData<typeof inventoryEndpoints.inboundList>['list'][number];
type OrderQuery = EndpointBiz<typeof inventoryEndpoints.inboundList>;
const api = inventoryApi.endpoints;

const searchOf = (status: ResourceStatus) => (t: (key: string) => string, context: Parameters<typeof statusSelectOptions>[1]) =>
  z.object({
    warehouseName: searchText({ label: t('inventory.field.warehouse') }),
    status: searchSelect({ label: t('inventory.field.status'), options: statusSelectOptions(status, context) }),
    createTime: searchDateRange({ label: t('inventory.field.createTime') }),
  });

// At 1440 px (console-spec §2) with the row actions beside them, the warehouse ("Shanghai Service Warehouse")
// keeps a fixed width (a flex column was squeezed to "S…"), and an outbound's address takes the rest (it read
// "10…"). What the detail page and the dispatch question show anyway starts hidden in the column picker: the
// line count, mobile and completion time, and for outbound also the total quantity and the contact
// (resources/orders.spec.ts measures both languages).
const columnsOf = (status: ResourceStatus, outbound = false): ResourceColumn<OrderRow>[] => [
  { key: 'orderId', titleKey: 'inventory.field.orderId', width: 80 },
  { key: 'warehouseName', titleKey: 'inventory.field.warehouse', width: WAREHOUSE_WIDTH },
  { key: 'status', titleKey: 'inventory.field.status', width: 140, status },
  { key: 'lineCount', titleKey: 'inventory.field.lineCount', width: 80, align: 'right', hidden: true },
  { key: 'totalQuantity', titleKey: 'inventory.field.totalQuantity', width: 90, align: 'right', hidden: outbound },
  { key: 'contactName', titleKey: 'inventory.field.contact', width: 110, hidden: outbound },
  { key: 'contactMobile', titleKey: 'inventory.field.mobile', width: 120, hidden: true, format: (row) => maskPhone(row.contactMobile) },
  { key: 'createTime', titleKey: 'inventory.field.createTime', width: 150, sortable: true, format: (row) => time(row.createTime) },
  { key: 'completeTime', titleKey: 'inventory.field.completeTime', width: 150, hidden: true, format: (row) => time(row.completeTime) },
];

const cancel = { key: 'cancel', labelKey: 'inventory.action.cancel', permission: PERMISSIONS.inventoryEdit, destructive: true, when: (row: OrderRow) => row.status === 1, confirm: { titleKey: 'inventory.confirm.cancelTitle', contentKey: 'inventory.confirm.cancel' } };
const orderFields = (status: ResourceStatus, withAddress = false): ResourceField<Order>[] => [
  { key: 'orderId', labelKey: 'inventory.field.orderId' },
  { key: 'warehouseName', labelKey: 'inventory.field.warehouse' },
  { key: 'status', labelKey: 'inventory.field.status', status },
  { key: 'lineCount', labelKey: 'inventory.field.lineCount' },
  { key: 'totalQuantity', labelKey: 'inventory.field.totalQuantity' },
  { key: 'contactName', labelKey: 'inventory.field.contact' },
  { key: 'contactMobile', labelKey: 'inventory.field.mobile', format: (row) => maskPhone(row.contactMobile) },
  { key: 'createTime', labelKey: 'inventory.field.createTime', format: (row) => time(row.createTime) },
  { key: 'completeTime', labelKey: 'inventory.field.completeTime', format: (row) => time(row.completeTime) },
  ...(withAddress ? [{ key: 'address', labelKey: 'inventory.field.address', wide: true } as const] : []),
  { key: 'remark', labelKey: 'inventory.field.remark', wide: true },
];
const orderLines = (order: Order) => <RecordTable titleKey="inventory.lines" rows={order.lines} rowKey={(line) => line.itemId} columns={ORDER_LINE_COLUMNS} />;

const range = listArg<OrderQuery>({ ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } });

export const managedWarehousing = defineResource<OrderRow, OrderQuery, Order, { orderId: number }>({
  key: 'inventory.inbound',
  titleKey: 'inventory.menu.managed',
  rowId: (row) => row.orderId,
  listPath: `${BASE_PATH}/managedWarehousing`,
  detailPath: `${BASE_PATH}/managedWarehousing/detail`,
  list: {
    endpoint: api.inboundOrders,
    toArg: range,
    search: searchOf(INBOUND_STATUS),
    columns: columnsOf(INBOUND_STATUS),
    rowActions: [
      { key: 'receive', labelKey: 'inventory.action.receive', permission: PERMISSIONS.inventoryEdit, when: (row) => row.status === 1, confirm: { titleKey: 'inventory.confirm.receiveTitle', contentKey: 'inventory.confirm.receive' }, run: (row, ctx) => ctx.perform(api.receiveInbound, { orderId: row.orderId }, 'inventory.notice.received') },
      { ...cancel, run: (row, ctx) => ctx.perform(api.cancelInbound, { orderId: row.orderId }) },
    ],
    toolbar: [{ key: 'create', labelKey: 'inventory.action.newInbound', permission: PERMISSIONS.inventoryEdit, run: (ctx) => ctx.openDialog((close) => <OrderFormDialog direction="inbound" context={ctx} onClose={close} />) }],
    export: { fileNameKey: 'inventory.export.managed' },
  },
  detail: {
    endpoint: api.inboundOrder,
    toArg: (id) => ({ orderId: Number(id) }),
    fields: orderFields(INBOUND_STATUS),
    extra: orderLines,
  },
});

export const outboundApplication = defineResource<OrderRow, OrderQuery, Order, { orderId: number }>({
  key: 'inventory.outbound',
  titleKey: 'inventory.menu.outbound',
  rowId: (row) => row.orderId,
  listPath: `${BASE_PATH}/outboundApplication`,
  detailPath: `${BASE_PATH}/outboundApplication/detail`,
  list: {
    endpoint: api.outboundOrders,
    toArg: range,
    search: searchOf(OUTBOUND_STATUS),
    columns: [...columnsOf(OUTBOUND_STATUS, true), { key: 'address', titleKey: 'inventory.field.address', flex: 1 }],
    rowActions: [
      // The dialog is the question: it lists the goods and quantities that leave. A refusal (not enough stock
      // of an item) shows the server's msg; nothing was dispatched.
      { key: 'dispatch', labelKey: 'inventory.action.dispatch', permission: PERMISSIONS.inventoryEdit, when: (row) => row.status === 1, run: (row, ctx) => ctx.openDialog((close) => <DispatchDialog orderId={row.orderId} context={ctx} onClose={close} />) },
      { ...cancel, run: (row, ctx) => ctx.perform(api.cancelOutbound, { orderId: row.orderId }) },
    ],
    toolbar: [{ key: 'create', labelKey: 'inventory.action.newOutbound', permission: PERMISSIONS.inventoryEdit, run: (ctx) => ctx.openDialog((close) => <OrderFormDialog direction="outbound" context={ctx} onClose={close} />) }],
    export: { fileNameKey: 'inventory.export.outbound' },
  },
  detail: {
    endpoint: api.outboundOrder,
    toArg: (id) => ({ orderId: Number(id) }),
    fields: orderFields(OUTBOUND_STATUS, true),
    extra: orderLines,
  },
});
