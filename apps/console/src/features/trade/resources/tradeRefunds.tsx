// TransactionManagement/rfundQuery (+view): the store's refunds as the payment side records them: §4's
// refund-order mapping that knows 5 "refund succeeded" (a refund whose money has left the store), the way back
// (the order's §8 app and payment method). Read only; refunds are handled on the after-sales screens.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { REFUND_KIND_LABELS, type EndpointBiz, type TradeRefundDetail, type TradeRefundRow, type tradeEndpoints } from '@merchant/api-contracts';
import { searchDateRange, searchSelect, searchText } from '@merchant/ui-kit';
import { defineResource, listArg, statusFromLabels, statusSelectOptions, type ResourceColumn, type ResourceTextContext } from '../../../resource-kit';
import { tradeApi } from '../api';
import { TRADE_PATHS } from '../paths';
import { APP_OPTIONS, PAY_METHOD_OPTIONS, TRADE_REFUND_STATUS, appText, payMethodText } from '../status';
import { money, time } from './shared';

type Query = EndpointBiz<typeof tradeEndpoints.refundList>;
const REFUND_KIND = statusFromLabels(REFUND_KIND_LABELS.labels, { 1: 'default', 2: 'info' });

const search = (t: TFunction, context: ResourceTextContext) =>
  z.object({
    refundNo: searchText({ label: t('trade.field.refundNo') }),
    orderNo: searchText({ label: t('trade.field.orderNo') }),
    createTime: searchDateRange({ label: t('trade.field.applyTime') }),
    status: searchSelect({ label: t('trade.field.refundStatus'), options: statusSelectOptions(TRADE_REFUND_STATUS, context) }),
    appCode: searchSelect({ label: t('trade.field.app'), options: statusSelectOptions(APP_OPTIONS, context) }),
    payMethod: searchSelect({ label: t('trade.field.payMethod'), options: statusSelectOptions(PAY_METHOD_OPTIONS, context) }),
  });

const COLUMNS: ResourceColumn<TradeRefundRow>[] = [
  { key: 'refundNo', titleKey: 'trade.field.refundNo', width: 140 },
  { key: 'orderNo', titleKey: 'trade.field.orderNo', width: 165 },
  { key: 'status', titleKey: 'trade.field.refundStatus', width: 150, status: TRADE_REFUND_STATUS },
  { key: 'amountCents', titleKey: 'trade.field.refundAmount', width: 110, align: 'right', sortable: true, format: (row) => money(row.amountCents) },
  { key: 'payMethod', titleKey: 'trade.field.payMethod', width: 120, format: (row, context) => payMethodText(row.payMethod, context) },
  { key: 'createTime', titleKey: 'trade.field.applyTime', width: 150, sortable: true, format: (row) => time(row.createTime) },
  { key: 'refundTime', titleKey: 'trade.field.refundTime', width: 150, format: (row) => time(row.refundTime) },
  // The app and the buyer read on the view; as columns they are offered in the column picker, so the row fits 1440 px.
  { key: 'appCode', titleKey: 'trade.field.app', width: 100, hidden: true, format: (row, context) => appText(row.appCode, context) },
  { key: 'buyerName', titleKey: 'trade.field.buyer', flex: 1, hidden: true },
];

const SORT_FIELDS: Record<string, string> = { createTime: 'createTime', amountCents: 'amount' };
const baseArg = listArg<Record<string, unknown>>({ ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } });
function refundArg(query: Parameters<typeof baseArg>[0]): Query {
  const biz = baseArg(query);
  if (typeof biz.sortField === 'string') biz.sortField = SORT_FIELDS[biz.sortField] ?? biz.sortField;
  return biz as Query;
}

export const tradeRefunds = defineResource<TradeRefundRow, Query, TradeRefundDetail, { refundId: number }>({
  key: 'trade.refunds',
  titleKey: 'trade.menu.rfundQuery',
  rowId: (row) => row.refundId,
  listPath: TRADE_PATHS.rfundQuery,
  detailPath: TRADE_PATHS.rfundQueryView,
  list: {
    endpoint: tradeApi.endpoints.tradeRefunds,
    toArg: refundArg,
    search,
    columns: COLUMNS,
    export: { fileNameKey: 'trade.export.rfundQuery' },
    emptyKey: 'trade.empty.rfundQuery',
  },
  detail: {
    endpoint: tradeApi.endpoints.tradeRefund,
    toArg: (id) => ({ refundId: Number(id) }),
    fields: [
      { key: 'refundNo', labelKey: 'trade.field.refundNo' },
      { key: 'orderNo', labelKey: 'trade.field.orderNo' },
      { key: 'status', labelKey: 'trade.field.refundStatus', status: TRADE_REFUND_STATUS },
      { key: 'kind', labelKey: 'trade.field.kind', status: REFUND_KIND },
      { key: 'amountCents', labelKey: 'trade.field.refundAmount', format: (refund) => money(refund.amountCents) },
      { key: 'appCode', labelKey: 'trade.field.app', format: (refund, context) => appText(refund.appCode, context) },
      { key: 'payMethod', labelKey: 'trade.field.payMethod', format: (refund, context) => payMethodText(refund.payMethod, context) },
      { key: 'createTime', labelKey: 'trade.field.applyTime', format: (refund) => time(refund.createTime) },
      { key: 'refundTime', labelKey: 'trade.field.refundTime', format: (refund) => time(refund.refundTime) },
      { key: 'payTime', labelKey: 'trade.field.payTime', format: (refund) => time(refund.payTime) },
      { key: 'orderPaidCents', labelKey: 'trade.field.orderPaid', format: (refund) => money(refund.orderPaidCents) },
      { key: 'orderRefundedCents', labelKey: 'trade.field.refunded', format: (refund) => money(refund.orderRefundedCents) },
      { key: 'buyerName', labelKey: 'trade.field.buyer' },
      { key: 'reason', labelKey: 'trade.field.reason', wide: true },
      { key: 'rejectReason', labelKey: 'trade.field.rejectReason', wide: true },
    ],
  },
});
