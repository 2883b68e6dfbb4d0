// turnWithdrawal's list: the store's withdrawals, newest first, with their state (processing, paid, failed with the
// reason), tabbed by state.
import type { EndpointBiz, WithdrawalRecord, walletEndpoints } from '@merchant/api-contracts';
import { formatCents } from '@merchant/ui-kit';
import { defineResource, listArg, type ResourceColumn } from '../../../resource-kit';
import { walletApi } from './api';
import { WITHDRAWAL_STATUS, time } from './ledgerText';
import { WALLET_PATHS } from './paths';

type Query = EndpointBiz<typeof walletEndpoints.queryWithdrawalList>;

const COLUMNS: ResourceColumn<WithdrawalRecord>[] = [
  { key: 'withdrawalId', titleKey: 'wallet.field.withdrawalId', width: 120 },
  { key: 'createTime', titleKey: 'wallet.field.createTime', width: 160, format: (row) => time(row.createTime) },
  { key: 'amountCents', titleKey: 'wallet.field.amount', width: 130, align: 'right', format: (row) => formatCents(row.amountCents) },
  { key: 'state', titleKey: 'wallet.field.state', width: 110, status: WITHDRAWAL_STATUS },
  { key: 'card', derived: true, titleKey: 'wallet.field.card', width: 190, format: (row) => `${row.bankCode} **** ${row.cardLast4}` },
  { key: 'failReason', titleKey: 'wallet.field.failReason', flex: 1, format: (row) => row.failReason ?? '' },
  { key: 'resolveTime', titleKey: 'wallet.field.resolveTime', width: 160, hidden: true, format: (row) => time(row.resolveTime) },
];

export const withdrawals = defineResource<WithdrawalRecord, Query>({
  key: 'wallet.withdrawals',
  titleKey: 'wallet.withdraw.list',
  rowId: (row) => row.withdrawalId,
  listPath: WALLET_PATHS.turnWithdrawal,
  list: {
    endpoint: walletApi.endpoints.withdrawals,
    toArg: listArg<Query>({ numbers: ['state'] }),
    columns: COLUMNS,
    tabs: { field: 'state', options: WITHDRAWAL_STATUS.options },
    emptyKey: 'wallet.empty.withdrawals',
  },
});
