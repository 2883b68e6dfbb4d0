// TransactionManagement/tradeOrder (+view): the store's payments, i.e. its paid orders, with the §8 app and
// payment method. Read only: filters by payment window, app, method, order status and order number.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import type { EndpointBiz, TradeOrderDetail, TradeOrderRow, tradeEndpoints } from '@merchant/api-contracts';
import { searchDateRange, searchSelect, searchText } from '@merchant/ui-kit';
import { RecordTable, defineResource, listArg, statusSelectOptions, type ResourceColumn, type ResourceTextContext } from '../../../resource-kit';
import { ORDER_STATUS } from '../../orders/orderStatus';
import { tradeApi } from '../api';
import { TRADE_PATHS } from '../paths';
import { APP_OPTIONS, PAY_METHOD_OPTIONS, TRADE_REFUND_STATUS, appText, payMethodText } from '../status';
import { money, time } from './shared';

type Query = EndpointBiz<typeof tradeEndpoints.tradeOrderList>;
type Line = TradeOrderDetail['lines'][number];
type Refund = TradeOrderDetail['refunds'][number];

const search = (t: TFunction, context: ResourceTextContext) =>
  z.object({
    orderNo: searchText({ label: t('trade.field.orderNo') }),
    payTime: searchDateRange({ label: t('trade.field.payTime') }),
    appCode: searchSelect({ label: t('trade.field.app'), options: statusSelectOptions(APP_OPTIONS, context) }),
    payMethod: searchSelect({ label: t('trade.field.payMethod'), options: statusSelectOptions(PAY_METHOD_OPTIONS, context) }),
    status: searchSelect({ label: t('trade.field.orderStatus'), options: statusSelectOptions(ORDER_STATUS, context) }),
  });

const COLUMNS: ResourceColumn<TradeOrderRow>[] = [
  { key: 'orderNo', titleKey: 'trade.field.orderNo', width: 170 },
  { key: 'payTime', titleKey: 'trade.field.payTime', width: 160, sortable: true, format: (row) => time(row.payTime) },
  { key: 'amountCents', titleKey: 'trade.field.amount', width: 140, align: 'right', sortable: true, format: (row) => money(row.amountCents) },
  { key: 'appCode', titleKey: 'trade.field.app', width: 120, format: (row, context) => appText(row.appCode, context) },
  { key: 'payMethod', titleKey: 'trade.field.payMethod', width: 130, format: (row, context) => payMethodText(row.payMethod, context) },
  { key: 'status', titleKey: 'trade.field.orderStatus', width: 110, status: ORDER_STATUS },
  { key: 'refundedCents', titleKey: 'trade.field.refunded', width: 120, align: 'right', format: (row) => money(row.refundedCents) },
  { key: 'buyerName', titleKey: 'trade.field.buyer', flex: 1 },
];

const LINE_COLUMNS: ResourceColumn<Line>[] = [
  { key: 'title', titleKey: 'trade.field.goods', flex: 1 },
  { key: 'specText', titleKey: 'trade.field.spec', width: 160 },
  { key: 'quantity', titleKey: 'trade.field.quantity', width: 90, align: 'right' },
  { key: 'unitPriceCents', titleKey: 'trade.field.unitPrice', width: 120, align: 'right', format: (line) => money(line.unitPriceCents) },
];

const REFUND_COLUMNS: ResourceColumn<Refund>[] = [
  { key: 'refundNo', titleKey: 'trade.field.refundNo', width: 170 },
  { key: 'amountCents', titleKey: 'trade.field.refundAmount', width: 120, align: 'right', format: (refund) => money(refund.amountCents) },
  { key: 'status', titleKey: 'trade.field.refundStatus', width: 140, status: TRADE_REFUND_STATUS },
  { key: 'createTime', titleKey: 'trade.field.applyTime', flex: 1, format: (refund) => time(refund.createTime) },
];

// The table sorts by column key; the contract names the sort fields payTime and amount.
const SORT_FIELDS: Record<string, string> = { payTime: 'payTime', amountCents: 'amount' };
const baseArg = listArg<Record<string, unknown>>({ ranges: { payTime: ['payTimeStart', 'payTimeEnd'] } });
function tradeOrderArg(query: Parameters<typeof baseArg>[0]): Query {
  const biz = baseArg(query);
  if (typeof biz.sortField === 'string') biz.sortField = SORT_FIELDS[biz.sortField] ?? biz.sortField;
  return biz as Query;
}

export const tradeOrders = defineResource<TradeOrderRow, Query, TradeOrderDetail, { orderId: number }>({
  key: 'trade.orders',
  titleKey: 'trade.menu.tradeOrder',
  rowId: (row) => row.orderId,
  listPath: TRADE_PATHS.tradeOrder,
  detailPath: TRADE_PATHS.tradeOrderView,
  list: {
    endpoint: tradeApi.endpoints.tradeOrders,
    toArg: tradeOrderArg,
    search,
    columns: COLUMNS,
    export: { fileNameKey: 'trade.export.tradeOrder' },
    emptyKey: 'trade.empty.tradeOrder',
  },
  detail: {
    endpoint: tradeApi.endpoints.tradeOrder,
    toArg: (id) => ({ orderId: Number(id) }),
    fields: [
      { key: 'orderNo', labelKey: 'trade.field.orderNo' },
      { key: 'payTime', labelKey: 'trade.field.payTime', format: (order) => time(order.payTime) },
      { key: 'amountCents', labelKey: 'trade.field.amount', format: (order) => money(order.amountCents) },
      { key: 'appCode', labelKey: 'trade.field.app', format: (order, context) => appText(order.appCode, context) },
      { key: 'payMethod', labelKey: 'trade.field.payMethod', format: (order, context) => payMethodText(order.payMethod, context) },
      { key: 'status', labelKey: 'trade.field.orderStatus', status: ORDER_STATUS },
      { key: 'promotionDiscountCents', labelKey: 'trade.field.promotionDiscount', format: (order) => money(order.promotionDiscountCents) },
      { key: 'couponDiscountCents', labelKey: 'trade.field.couponDiscount', format: (order) => money(order.couponDiscountCents) },
      { key: 'refundedCents', labelKey: 'trade.field.refunded', format: (order) => money(order.refundedCents) },
      { key: 'createTime', labelKey: 'trade.field.createTime', format: (order) => time(order.createTime) },
      { key: 'buyerName', labelKey: 'trade.field.buyer' },
      { key: 'buyerPhone', labelKey: 'trade.field.buyerPhone' },
    ],
    extra: (order) => (
      <>
        <RecordTable titleKey="trade.lines" rows={order.lines} rowKey={(line) => `${line.title}-${line.specText}-${line.unitPriceCents}`} columns={LINE_COLUMNS} />
        <RecordTable titleKey="trade.refunds" rows={order.refunds} rowKey={(refund) => refund.refundId} columns={REFUND_COLUMNS} />
      </>
    ),
  },
});
