// moneyMgmt/moneyWater (+details): every movement on the store's ledger accounts, newest first, filtered by account,
// kind and time, each naming its source document (linked where the console shows it). The details show one transfer
// with both its entries: the store's account and the other side (the platform's, or another of the store's).
import { z } from 'zod';
import type { TFunction } from 'i18next';
import type { EndpointBiz, LedgerEntryRecord, LedgerTransferRecord, walletEndpoints } from '@merchant/api-contracts';
import { formatCents } from '@merchant/ui-kit';
import { searchDateRange, searchSelect } from '@merchant/ui-kit';
import { RecordTable, defineResource, listArg, statusSelectOptions, type ResourceColumn, type ResourceTextContext } from '../../../resource-kit';
import { walletApi } from './api';
import { ACCOUNT_STATUS, KIND_STATUS, SourceLink, accountText, signedMoney, sourceText, time } from './ledgerText';
import { WALLET_PATHS } from './paths';

type Query = EndpointBiz<typeof walletEndpoints.queryLedgerEntries>;
type Entry = LedgerTransferRecord['entries'][number];

const search = (t: TFunction, context: ResourceTextContext) =>
  z.object({
    account: searchSelect({ label: t('wallet.field.account'), options: statusSelectOptions(ACCOUNT_STATUS, context) }),
    kind: searchSelect({ label: t('wallet.field.kind'), options: statusSelectOptions(KIND_STATUS, context) }),
    createTime: searchDateRange({ label: t('wallet.field.time') }),
  });

const COLUMNS: ResourceColumn<LedgerEntryRecord>[] = [
  { key: 'createTime', titleKey: 'wallet.field.time', width: 160, format: (row) => time(row.createTime) },
  { key: 'kind', titleKey: 'wallet.field.kind', width: 190, status: KIND_STATUS },
  { key: 'account', titleKey: 'wallet.field.account', width: 170, status: ACCOUNT_STATUS },
  { key: 'amountCents', titleKey: 'wallet.field.amount', width: 130, align: 'right', format: (row) => signedMoney(row.amountCents) },
  { key: 'source', derived: true, titleKey: 'wallet.field.source', flex: 1, format: (row, context) => sourceText(row, context), render: (row, context) => <SourceLink source={row} context={context} /> },
  { key: 'transferId', titleKey: 'wallet.field.transferId', width: 110, hidden: true },
];

const ENTRY_COLUMNS: ResourceColumn<Entry>[] = [
  { key: 'account', titleKey: 'wallet.field.account', flex: 1, format: (entry, context) => accountText(entry.account, context) },
  { key: 'owner', titleKey: 'wallet.field.owner', width: 120, format: (entry, context) => context.t(`wallet.owner.${entry.owner}`) },
  { key: 'amountCents', titleKey: 'wallet.field.amount', width: 140, align: 'right', format: (entry) => signedMoney(entry.amountCents) },
];

export const moneyWater = defineResource<LedgerEntryRecord, Query, LedgerTransferRecord, { transferId: number }>({
  key: 'wallet.moneyWater',
  titleKey: 'wallet.menu.moneyWater',
  rowId: (row) => row.entryId,
  listPath: WALLET_PATHS.moneyWater,
  list: {
    endpoint: walletApi.endpoints.ledgerEntries,
    toArg: listArg<Query>({ ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } }),
    search,
    columns: COLUMNS,
    rowActions: [{ key: 'detail', labelKey: 'resourceKit.detail', to: (row) => `${WALLET_PATHS.moneyWaterDetails}?id=${row.transferId}` }],
    export: { fileNameKey: 'wallet.export.moneyWater' },
    emptyKey: 'wallet.empty.moneyWater',
  },
  detail: {
    endpoint: walletApi.endpoints.ledgerTransfer,
    toArg: (id) => ({ transferId: Number(id) }),
    fields: [
      { key: 'transferId', labelKey: 'wallet.field.transferId' },
      { key: 'kind', labelKey: 'wallet.field.kind', status: KIND_STATUS },
      { key: 'amountCents', labelKey: 'wallet.field.amount', format: (transfer) => formatCents(transfer.amountCents) },
      { key: 'createTime', labelKey: 'wallet.field.createTime', format: (transfer) => time(transfer.createTime) },
      { key: 'source', labelKey: 'wallet.field.source', format: (transfer, context) => sourceText(transfer, context), render: (transfer, context) => <SourceLink source={transfer} context={context} /> },
    ],
    extra: (transfer) => <RecordTable titleKey="wallet.entries" rows={transfer.entries} rowKey={(entry) => entry.entryId} columns={ENTRY_COLUMNS} />,
  },
});
