// orderComplaint: the buyers' complaints (disputes) about the store's orders, by DISPUTE status 1–3 as
// tabs. The detail (ComplaintDetailPage) has the timeline and the merchant's responses.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import type { ComplaintRow, EndpointBiz, afterSalesEndpoints } from '@merchant/api-contracts';
import { formatSecondsTimestamp, searchDateRange, searchText } from '@merchant/ui-kit';
import { defineResource, listArg, type ResourceColumn } from '../../../resource-kit';
import { afterSalesApi } from '../api';
import { AFTER_SALES_PATHS } from '../paths';
import { COMPLAINT_STATUS } from '../status';

type ComplaintQuery = EndpointBiz<typeof afterSalesEndpoints.complaintList>;

const COLUMNS: ResourceColumn<ComplaintRow>[] = [
  { key: 'complaintNo', titleKey: 'afterSales.field.complaintNo', width: 165 },
  { key: 'orderNo', titleKey: 'afterSales.field.orderNo', width: 175 },
  { key: 'status', titleKey: 'afterSales.field.status', width: 130, status: COMPLAINT_STATUS },
  { key: 'reason', titleKey: 'afterSales.field.complaintContent', flex: 1 },
  { key: 'buyerName', titleKey: 'afterSales.field.buyer', width: 100 },
  { key: 'responseCount', titleKey: 'afterSales.field.responseCount', width: 100, align: 'right', hidden: true },
  { key: 'createTime', titleKey: 'afterSales.field.filedAt', width: 165, sortable: true, format: (row) => formatSecondsTimestamp(row.createTime) },
];

const toArg = listArg<Record<string, unknown>>({ ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } });

export const complaints = defineResource<ComplaintRow, ComplaintQuery>({
  key: 'afterSales.complaint',
  titleKey: 'afterSales.menu.complaint',
  rowId: (row) => row.complaintId,
  listPath: AFTER_SALES_PATHS.complaint,
  detailPath: AFTER_SALES_PATHS.complaintDetails,
  list: {
    endpoint: afterSalesApi.endpoints.complaints,
    toArg: (query) => {
      const biz: Record<string, unknown> = toArg(query);
      // The table sorts by column key; the contract's sort field is createTime.
      if (biz.sortField === 'createTime') biz.sortField = 'createTime';
      return biz as ComplaintQuery;
    },
    search: (t: TFunction) =>
      z.object({
        orderNo: searchText({ label: t('afterSales.field.orderNo') }),
        complaintNo: searchText({ label: t('afterSales.field.complaintNo') }),
        createTime: searchDateRange({ label: t('afterSales.field.filedAt') }),
      }),
    tabs: { field: 'status', options: COMPLAINT_STATUS.options },
    columns: COLUMNS,
    export: { fileNameKey: 'afterSales.export.complaints', server: 'afterSales.complaints' },
    emptyKey: 'afterSales.emptyComplaints',
  },
});
