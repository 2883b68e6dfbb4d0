// orderAfter (the refunds waiting for the merchant: statuses 0, 1, 4, 7) and orderAfterAll (every
// status, as tabs): one refund list, two definitions. Money is searched in yuan and sent in cents
// (searchMoney ×100), times are seconds; a row offers "process" only when the refund machine gives
// the merchant a move in its status.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { REFUND_PENDING_STATUSES, type EndpointBiz, type RefundRow, type afterSalesEndpoints } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp, searchDateRange, searchMoney, searchSelect, searchText } from '@merchant/ui-kit';
import { defineResource, listArg, statusSelectOptions, type ResourceColumn, type ResourceTextContext } from '../../../resource-kit';
import { afterSalesApi } from '../api';
import { AFTER_SALES_PATHS, recordAddress } from '../paths';
import { REFUND_ACTION_PERMISSION } from '../refundActions';
import { PENDING_REFUND_STATUS, REFUND_KIND, REFUND_ORDER_STATUS, merchantRefundEvents, refundTabs } from '../status';

type RefundQuery = EndpointBiz<typeof afterSalesEndpoints.refundList>;

// The status is the tabs' filter, so the bar has none.
const search = (t: TFunction, context: ResourceTextContext) =>
  z.object({
    orderNo: searchText({ label: t('afterSales.field.orderNo') }),
    refundNo: searchText({ label: t('afterSales.field.refundNo') }),
    kind: searchSelect({ label: t('afterSales.field.kind'), options: statusSelectOptions(REFUND_KIND, context) }),
    createTime: searchDateRange({ label: t('afterSales.field.createTime') }),
    amountMin: searchMoney({ label: t('afterSales.field.amountMin') }),
    amountMax: searchMoney({ label: t('afterSales.field.amountMax') }),
  });

const REFUND_AMOUNT_RANGE = [{ min: 'amountMin', max: 'amountMax' }] as const;

const COLUMNS: ResourceColumn<RefundRow>[] = [
  { key: 'refundNo', titleKey: 'afterSales.field.refundNo', width: 145 },
  { key: 'orderNo', titleKey: 'afterSales.field.orderNo', width: 165 },
  { key: 'status', titleKey: 'afterSales.field.status', width: 130, status: REFUND_ORDER_STATUS },
  { key: 'kind', titleKey: 'afterSales.field.kind', width: 110, status: REFUND_KIND },
  { key: 'amountCents', titleKey: 'afterSales.field.amount', width: 95, align: 'right', sortable: true, format: (row) => formatCents(row.amountCents) },
  // The reason reads in full on the detail; as a column it is offered in the column picker.
  { key: 'reason', titleKey: 'afterSales.field.reason', flex: 1, hidden: true },
  { key: 'buyerName', titleKey: 'afterSales.field.buyer', width: 90 },
  { key: 'createTime', titleKey: 'afterSales.field.createTime', width: 155, sortable: true, format: (row) => formatSecondsTimestamp(row.createTime) },
];

// The table sorts by column key; the contract names the sort fields createTime and amount.
const SORT_FIELDS: Record<string, string> = { createTime: 'createTime', amountCents: 'amount' };
const baseArg = listArg<Record<string, unknown>>({ ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } });
function refundArg(query: Parameters<typeof baseArg>[0], pendingOnly: boolean): RefundQuery {
  const biz = baseArg(query);
  if (typeof biz.sortField === 'string') biz.sortField = SORT_FIELDS[biz.sortField] ?? biz.sortField;
  // orderAfter's "all" tab is the pending statuses together, not every status.
  if (pendingOnly && biz.status === undefined) biz.statuses = [...REFUND_PENDING_STATUSES];
  return biz as RefundQuery;
}

const processAction = {
  key: 'process',
  labelKey: 'afterSales.action.process',
  permission: REFUND_ACTION_PERMISSION,
  when: (row: RefundRow) => merchantRefundEvents(row).length > 0,
  to: (row: RefundRow) => recordAddress(AFTER_SALES_PATHS.processRefund, row.refundId),
};

export const pendingRefunds = defineResource<RefundRow, RefundQuery>({
  key: 'afterSales.pending',
  titleKey: 'afterSales.menu.pending',
  rowId: (row) => row.refundId,
  listPath: AFTER_SALES_PATHS.pending,
  detailPath: AFTER_SALES_PATHS.pendingDetails,
  list: {
    endpoint: afterSalesApi.endpoints.refunds,
    toArg: (query) => refundArg(query, true),
    search,
    // An 'amount to' below 'amount from' is refused on the bar, before any request (resource kit, searchRanges).
    searchRanges: REFUND_AMOUNT_RANGE,
    tabs: { field: 'status', options: refundTabs(PENDING_REFUND_STATUS) },
    columns: COLUMNS,
    rowActions: [processAction],
    // Above the browser's limit the file is an export job on the server (modules/exports, docs/export.md).
    export: { fileNameKey: 'afterSales.export.pending', server: 'afterSales.refunds' },
    emptyKey: 'afterSales.empty',
  },
});

export const allRefunds = defineResource<RefundRow, RefundQuery>({
  key: 'afterSales.all',
  titleKey: 'afterSales.menu.all',
  rowId: (row) => row.refundId,
  listPath: AFTER_SALES_PATHS.all,
  detailPath: AFTER_SALES_PATHS.allDetails,
  list: {
    endpoint: afterSalesApi.endpoints.refunds,
    toArg: (query) => refundArg(query, false),
    search,
    // An 'amount to' below 'amount from' is refused on the bar, before any request (resource kit, searchRanges).
    searchRanges: REFUND_AMOUNT_RANGE,
    tabs: { field: 'status', options: refundTabs(REFUND_ORDER_STATUS) },
    columns: COLUMNS,
    rowActions: [processAction],
    export: { fileNameKey: 'afterSales.export.all', server: 'afterSales.refunds' },
    emptyKey: 'afterSales.empty',
  },
});
