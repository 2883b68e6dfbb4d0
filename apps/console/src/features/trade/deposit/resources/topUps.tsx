// moneyMgmt/topUp: the store's warranty-deposit top-ups (pending until the payment provider confirms, then paid or
// failed with the provider's reason), newest first; 'Top up deposit' opens the top-up dialog.
import { PERMISSIONS, type DepositTopUpRecord, type EndpointBiz, type depositEndpoints } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp, searchSelect } from '@merchant/ui-kit';
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { defineResource, listArg, statusSelectOptions, type ResourceColumn, type ResourceTextContext } from '../../../../resource-kit';
import { depositApi } from '../api';
import { DEPOSIT_PATHS } from '../paths';
import { TOP_UP_STATUS } from '../status';
import { TopUpDialog } from '../TopUpDialog';

type Query = EndpointBiz<typeof depositEndpoints.queryTopUpList>;
const time = (seconds: number | null) => (seconds === null ? '' : formatSecondsTimestamp(seconds));

const search = (t: TFunction, context: ResourceTextContext) => z.object({ state: searchSelect({ label: t('deposit.field.state'), options: statusSelectOptions(TOP_UP_STATUS, context) }) });

const COLUMNS: ResourceColumn<DepositTopUpRecord>[] = [
  { key: 'topUpId', titleKey: 'deposit.field.topUpId', width: 120 },
  { key: 'amountCents', titleKey: 'deposit.field.amount', width: 140, align: 'right', format: (row) => formatCents(row.amountCents) },
  { key: 'state', titleKey: 'deposit.field.state', width: 150, status: TOP_UP_STATUS },
  { key: 'createTime', titleKey: 'deposit.field.createTime', width: 170, format: (row) => time(row.createTime) },
  { key: 'resolveTime', titleKey: 'deposit.field.resolveTime', width: 170, format: (row) => time(row.resolveTime) },
  { key: 'failReason', titleKey: 'deposit.field.failReason', flex: 1, format: (row) => row.failReason ?? '' },
];

export const depositTopUps = defineResource<DepositTopUpRecord, Query>({
  key: 'deposit.topUps',
  titleKey: 'deposit.menu.topUp',
  rowId: (row) => row.topUpId,
  listPath: DEPOSIT_PATHS.topUp,
  list: {
    endpoint: depositApi.endpoints.depositTopUps,
    toArg: listArg<Query>({ numbers: ['state'] }),
    search,
    columns: COLUMNS,
    emptyKey: 'deposit.empty.topUp',
    toolbar: [{ key: 'topUp', labelKey: 'deposit.topUp.action', permission: PERMISSIONS.walletTopUp, run: (ctx) => ctx.openDialog((close) => <TopUpDialog context={ctx} onClose={close} />) }],
  },
});
