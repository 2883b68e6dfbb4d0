// moneyMgmt/transferRecord (+view): the store's moves between its wallet (available) and its deposit, and the
// platform's adjustments with their remark, read from the ledger; filters by type and time; 'Transfer' opens the
// transfer dialog (direction, amount, pay password, confirmation).
import { PERMISSIONS, type DepositTransferDetail, type DepositTransferRecord, type EndpointBiz, type depositEndpoints } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp, searchDateRange, searchSelect } from '@merchant/ui-kit';
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { defineResource, listArg, statusSelectOptions, type ResourceColumn, type ResourceTextContext } from '../../../../resource-kit';
import { depositApi } from '../api';
import { DEPOSIT_PATHS } from '../paths';
import { TRANSFER_KIND, depositSign, sideText } from '../status';
import { TransferDialog } from '../TransferDialog';

type Query = EndpointBiz<typeof depositEndpoints.queryTransferList>;
const time = (seconds: number) => formatSecondsTimestamp(seconds);
/** The amount as the deposit sees it: + in, − out (a move between the wallet and the deposit always touches it). */
const signedAmount = (row: DepositTransferRecord) => `${depositSign(row)}${formatCents(row.amountCents)}`;

const search = (t: TFunction, context: ResourceTextContext) =>
  z.object({
    kind: searchSelect({ label: t('deposit.field.kind'), options: statusSelectOptions(TRANSFER_KIND, context) }),
    createTime: searchDateRange({ label: t('deposit.field.createTime') }),
  });

const COLUMNS: ResourceColumn<DepositTransferRecord>[] = [
  { key: 'transferId', titleKey: 'deposit.field.transferId', width: 120 },
  { key: 'kind', titleKey: 'deposit.field.kind', width: 160, status: TRANSFER_KIND },
  { key: 'amountCents', titleKey: 'deposit.field.amount', width: 130, align: 'right', format: signedAmount },
  { key: 'from', titleKey: 'deposit.field.from', width: 140, format: (row, context) => sideText(row.from, context) },
  { key: 'to', titleKey: 'deposit.field.to', width: 140, format: (row, context) => sideText(row.to, context) },
  { key: 'createTime', titleKey: 'deposit.field.createTime', width: 170, format: (row) => time(row.createTime) },
  { key: 'remark', titleKey: 'deposit.field.remark', flex: 1, format: (row) => row.remark ?? '' },
];

export const depositTransfers = defineResource<DepositTransferRecord, Query, DepositTransferDetail, { transferId: number }>({
  key: 'deposit.transfers',
  titleKey: 'deposit.menu.transferRecord',
  rowId: (row) => row.transferId,
  listPath: DEPOSIT_PATHS.transferRecord,
  detailPath: DEPOSIT_PATHS.transferRecordView,
  list: {
    endpoint: depositApi.endpoints.depositTransfers,
    toArg: listArg<Query>({ ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } }),
    search,
    columns: COLUMNS,
    export: { fileNameKey: 'deposit.export.transferRecord' },
    emptyKey: 'deposit.empty.transferRecord',
    toolbar: [{ key: 'transfer', labelKey: 'deposit.transfer.action', permission: PERMISSIONS.walletTopUp, run: (ctx) => ctx.openDialog((close) => <TransferDialog context={ctx} onClose={close} />) }],
  },
  detail: {
    endpoint: depositApi.endpoints.depositTransfer,
    toArg: (id) => ({ transferId: Number(id) }),
    fields: [
      { key: 'transferId', labelKey: 'deposit.field.transferId' },
      { key: 'kind', labelKey: 'deposit.field.kind', status: TRANSFER_KIND },
      { key: 'amountCents', labelKey: 'deposit.field.amount', format: (record) => signedAmount(record) },
      { key: 'from', labelKey: 'deposit.field.from', format: (record, context) => sideText(record.from, context) },
      { key: 'to', labelKey: 'deposit.field.to', format: (record, context) => sideText(record.to, context) },
      { key: 'createTime', labelKey: 'deposit.field.createTime', format: (record) => time(record.createTime) },
      { key: 'depositCents', labelKey: 'deposit.field.depositNow', format: (record) => formatCents(record.depositCents) },
      { key: 'availableCents', labelKey: 'deposit.field.availableNow', format: (record) => formatCents(record.availableCents) },
      { key: 'remark', labelKey: 'deposit.field.remark', wide: true, format: (record) => record.remark ?? '' },
    ],
  },
});
