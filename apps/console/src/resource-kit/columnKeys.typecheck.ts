// A type test, compiled by the console's typecheck and never run: a list column's key is a field of the row
// (so a typo, or a field renamed in the contract, fails the build), and a column that is no field says so.
// Each `@ts-expect-error` fails the typecheck if the line below it stops being an error.
import type { OrderRow, RefundRow } from '@merchant/api-contracts';
import { defineResource, type ResourceColumn, type ResourceListEndpoint } from './types';

declare const orderEndpoint: ResourceListEndpoint<OrderRow, unknown>;

/** Fields of the contract row are keys; the times are `createTime`, as console-spec §3 names them. */
export const orderColumns: ResourceColumn<OrderRow>[] = [
  { key: 'orderNo', titleKey: 'orders.field.orderNo' },
  { key: 'createTime', titleKey: 'orders.field.createTime', sortable: true },
  { key: 'status', titleKey: 'orders.field.status', status: { options: [] } },
];

export const misspeltKeys: ResourceColumn<RefundRow>[] = [
  // @ts-expect-error the refund row has no `createdAt`: its creation time is `createTime`
  { key: 'createdAt', titleKey: 'afterSales.field.createTime' },
  // @ts-expect-error nor an `amount`: the field is `amountCents`
  { key: 'amount', titleKey: 'afterSales.field.amount' },
];

/** A column computed from the row is marked `derived` and draws its own text (the export writes it too). */
export const derivedColumn: ResourceColumn<OrderRow> = { key: 'buyer', derived: true, titleKey: 'orders.field.buyer', format: (row) => `${row.buyerName} ${row.buyerPhone}` };

// @ts-expect-error a derived column without `format` would have no text to show or export
export const derivedWithoutText: ResourceColumn<OrderRow> = { key: 'buyer', derived: true, titleKey: 'orders.field.buyer' };

// @ts-expect-error a derived column is not sortable: the server sorts by fields
export const sortableDerived: ResourceColumn<OrderRow> = { key: 'buyer', derived: true, sortable: true, titleKey: 'orders.field.buyer', format: (row) => row.buyerName };

/** In a definition the row type comes from the endpoint, so its columns are checked the same way. */
export const orderDefinition = defineResource({
  key: 'orders.typecheck',
  titleKey: 'orders.menu.orderList',
  rowId: (row: OrderRow) => row.orderId,
  listPath: '/order/orderList',
  list: {
    endpoint: orderEndpoint,
    columns: [
      { key: 'orderNo', titleKey: 'orders.field.orderNo' },
      // @ts-expect-error `orderNumber` is no field of the order row
      { key: 'orderNumber', titleKey: 'orders.field.orderNo' },
    ],
  },
});
