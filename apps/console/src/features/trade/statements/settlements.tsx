// platformTrad/settlementInquiry (+view): the store's settlement runs (T+N, less the platform commission) and, in the
// view, the orders one run settled, each linking to its trade order view. Read only.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EndpointBiz, SettlementOrderRow, SettlementRow, statementEndpoints } from '@merchant/api-contracts';
import { DataTable, useDataTable, type DataTableColumn } from '@merchant/ui-kit';
import { defineResource, type ResourceColumn } from '../../../resource-kit';
import { TRADE_PATHS } from '../paths';
import { money, time } from '../resources/shared';
import { statementsApi } from './api';

type Query = EndpointBiz<typeof statementEndpoints.settlementList>;

const COLUMNS: ResourceColumn<SettlementRow>[] = [
  { key: 'settlementId', titleKey: 'statements.field.settlementId', width: 120 },
  { key: 'settledTime', titleKey: 'statements.field.settledTime', width: 170, format: (row) => time(row.settledTime) },
  { key: 'orderCount', titleKey: 'statements.field.orderCount', width: 90, align: 'right' },
  { key: 'grossCents', titleKey: 'statements.field.gross', width: 140, align: 'right', format: (row) => money(row.grossCents) },
  { key: 'refundedCents', titleKey: 'statements.field.refunded', width: 120, align: 'right', format: (row) => money(row.refundedCents) },
  { key: 'commissionCents', titleKey: 'statements.field.commission', width: 140, align: 'right', format: (row) => money(row.commissionCents) },
  { key: 'netCents', titleKey: 'statements.field.net', flex: 1, align: 'right', format: (row) => money(row.netCents) },
];

export const settlements = defineResource<SettlementRow, Query, SettlementRow, { settlementId: number }>({
  key: 'trade.settlements',
  titleKey: 'statements.menu.settlementInquiry',
  rowId: (row) => row.settlementId,
  listPath: TRADE_PATHS.settlementInquiry,
  detailPath: TRADE_PATHS.settlementInquiryView,
  list: {
    endpoint: statementsApi.endpoints.settlements,
    columns: COLUMNS,
    emptyKey: 'statements.empty.settlements',
  },
  detail: {
    endpoint: statementsApi.endpoints.settlement,
    toArg: (id) => ({ settlementId: Number(id) }),
    fields: [
      { key: 'settlementId', labelKey: 'statements.field.settlementId' },
      { key: 'settledTime', labelKey: 'statements.field.settledTime', format: (row) => time(row.settledTime) },
      { key: 'orderCount', labelKey: 'statements.field.orderCount' },
      { key: 'grossCents', labelKey: 'statements.field.gross', format: (row) => money(row.grossCents) },
      { key: 'refundedCents', labelKey: 'statements.field.refunded', format: (row) => money(row.refundedCents) },
      { key: 'commissionCents', labelKey: 'statements.field.commission', format: (row) => money(row.commissionCents) },
      { key: 'netCents', labelKey: 'statements.field.net', format: (row) => money(row.netCents) },
    ],
    extra: (row) => <SettlementOrders settlementId={row.settlementId} />,
  },
});

/** The orders of one settlement, paged by the server; each order number opens the trade order view. */
function SettlementOrders({ settlementId }: { settlementId: number }) {
  const { t } = useTranslation();
  const table = useDataTable<SettlementOrderRow, EndpointBiz<typeof statementEndpoints.settlementOrders>>({
    id: 'trade.settlementOrders',
    endpoint: statementsApi.endpoints.settlementOrders,
    toArg: ({ pageNum, pageSize }) => ({ settlementId, pageNum, pageSize }),
  });
  const columns = useMemo<DataTableColumn<SettlementOrderRow>[]>(
    () => [
      {
        key: 'orderNo',
        title: t('statements.field.orderNo'),
        width: 200,
        render: (row) => (
          <Link component={RouterLink} to={`${TRADE_PATHS.tradeOrderView}?id=${row.orderId}`}>
            {row.orderNo || String(row.orderId)}
          </Link>
        ),
      },
      { key: 'payTime', title: t('statements.field.payTime'), width: 170, format: (row) => time(row.payTime) },
      { key: 'paidCents', title: t('statements.field.paid'), width: 120, align: 'right', format: (row) => money(row.paidCents) },
      { key: 'refundedCents', title: t('statements.field.refunded'), width: 120, align: 'right', format: (row) => money(row.refundedCents) },
      { key: 'commissionCents', title: t('statements.field.commission'), width: 160, align: 'right', format: (row) => money(row.commissionCents) },
      { key: 'netCents', title: t('statements.field.net'), flex: 1, align: 'right', format: (row) => money(row.netCents) },
    ],
    [t],
  );
  return (
    <Stack spacing={1} component="section" aria-labelledby="settlement-orders-title">
      <Typography id="settlement-orders-title" variant="subtitle1" component="h2">
        {t('statements.orders')}
      </Typography>
      <DataTable columns={columns} table={table} getRowId={(row) => row.orderId} emptyText={t('statements.empty.orders')} label={t('statements.orders')} data-testid="settlement-orders" />
    </Stack>
  );
}
