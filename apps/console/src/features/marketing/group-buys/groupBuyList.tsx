// /marketing/SpellGroup (issue 28 §2): the store's group buys, newest first, by state (tabs) and name. Row
// actions: teams, orders, edit (the add form with ?id=) and stop (asks first: forming teams that do not fill in
// time are refunded). The same definition draws the add / edit form. Fixed widths that fit a 1440 px screen with
// the sidebar and the row actions; the time to form, the run window and the limits are in the column picker.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { GROUP_BUY_STATE, GROUP_BUY_STATE_LABELS, PERMISSIONS, groupBuyEndpoints } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp, searchText } from '@merchant/ui-kit';
import { defineResource, listArg, statusFromLabels, type ResourceColumn } from '../../../resource-kit';
import { groupBuysApi, type GroupBuyListQuery, type GroupBuyRow } from './api';
import { GROUP_BUY_FORM_FIELDS, groupBuyFormDefaults, groupBuyBiz, groupBuyValues, type GroupBuyFormValues } from './groupBuyForm';
import { GROUP_BUY_PATHS, groupBuyAddress } from './paths';

export const GROUP_BUY_STATUS = statusFromLabels(GROUP_BUY_STATE_LABELS.labels, { [GROUP_BUY_STATE.active]: 'success', [GROUP_BUY_STATE.stopped]: 'default' });

/** "6 h" for whole hours, else "90 min". */
export const formTimeText = (minutes: number, t: TFunction) => (minutes % 60 === 0 ? t('groupBuys.formHours', { hours: minutes / 60 }) : t('groupBuys.formMinutes', { minutes }));

const day = (seconds: number) => formatSecondsTimestamp(seconds).slice(0, 10);

const COLUMNS: ResourceColumn<GroupBuyRow>[] = [
  { key: 'name', titleKey: 'groupBuys.field.name', width: 160, hideable: false },
  {
    key: 'skus',
    titleKey: 'groupBuys.field.skus',
    width: 220,
    format: (row, { t }) => row.skus.map((sku) => t('groupBuys.skuText', { title: `${sku.title} ${sku.specText}`.trim(), group: formatCents(sku.groupPriceCents), list: formatCents(sku.listPriceCents) })).join('; '),
  },
  { key: 'teamSize', titleKey: 'groupBuys.field.teamSize', width: 80, align: 'right' },
  { key: 'formMinutes', titleKey: 'groupBuys.field.formTime', width: 100, hidden: true, format: (row, { t }) => formTimeText(row.formMinutes, t) },
  { key: 'taken', titleKey: 'groupBuys.field.taken', width: 110, align: 'right', format: (row) => `${row.taken} / ${row.totalLimit}` },
  { key: 'teams', derived: true, titleKey: 'groupBuys.field.teams', width: 130, format: (row, { t }) => t('groupBuys.teamsText', { forming: row.formingTeams, formed: row.formedTeams, failed: row.failedTeams }) },
  { key: 'window', derived: true, titleKey: 'groupBuys.field.window', width: 190, hidden: true, format: (row) => `${day(row.startTime)} – ${day(row.endTime)}` },
  { key: 'perBuyerLimit', titleKey: 'groupBuys.field.limits', width: 160, hidden: true, format: (row, { t }) => t('groupBuys.limitsText', { perBuyer: row.perBuyerLimit, total: row.totalLimit }) },
  { key: 'state', titleKey: 'groupBuys.field.state', width: 90, status: GROUP_BUY_STATUS },
  { key: 'createTime', titleKey: 'groupBuys.field.createTime', width: 165, hidden: true, format: (row) => formatSecondsTimestamp(row.createTime) },
];

const manage = PERMISSIONS.marketingEdit;
const view = PERMISSIONS.marketingView;
const api = groupBuysApi.endpoints;

export const groupBuys = defineResource<GroupBuyRow, GroupBuyListQuery, GroupBuyRow, { groupBuyId: number }, GroupBuyFormValues, { groupBuyId: number }>({
  key: 'marketing.groupBuys',
  titleKey: 'groupBuys.menu.list',
  rowId: (row) => row.groupBuyId,
  listPath: GROUP_BUY_PATHS.list,
  form: {
    schema: groupBuyEndpoints.addGroupBuy.biz,
    toBiz: groupBuyBiz,
    // Read when the form opens: the window starts on the day the merchant opens it.
    get defaults() {
      return groupBuyFormDefaults();
    },
    fields: GROUP_BUY_FORM_FIELDS,
    load: { endpoint: api.groupBuyDetails, toArg: (id) => ({ groupBuyId: Number(id) }), toValues: groupBuyValues },
    create: { endpoint: api.addGroupBuy as never, contract: groupBuyEndpoints.addGroupBuy },
    update: { endpoint: api.editGroupBuy as never, contract: groupBuyEndpoints.editGroupBuy, toBiz: (values, id) => ({ groupBuyId: Number(id), ...(values as object) }) },
  },
  list: {
    endpoint: api.groupBuyList,
    toArg: listArg<GroupBuyListQuery>(),
    search: (t: TFunction) => z.object({ name: searchText({ label: t('groupBuys.field.name') }) }),
    tabs: { field: 'state', options: GROUP_BUY_STATUS.options },
    columns: COLUMNS,
    toolbar: [{ key: 'add', labelKey: 'groupBuys.action.add', permission: manage, to: GROUP_BUY_PATHS.add }],
    rowActions: [
      { key: 'teams', labelKey: 'groupBuys.action.teams', permission: view, to: (row) => groupBuyAddress(GROUP_BUY_PATHS.team, row.groupBuyId) },
      { key: 'orders', labelKey: 'groupBuys.action.orders', permission: view, to: (row) => groupBuyAddress(GROUP_BUY_PATHS.order, row.groupBuyId) },
      { key: 'edit', labelKey: 'groupBuys.action.edit', permission: manage, when: (row) => row.state === GROUP_BUY_STATE.active, to: (row) => groupBuyAddress(GROUP_BUY_PATHS.add, row.groupBuyId) },
      {
        key: 'stop',
        labelKey: 'groupBuys.action.stop',
        permission: manage,
        color: 'warning',
        when: (row) => row.state === GROUP_BUY_STATE.active,
        confirm: { titleKey: 'groupBuys.stopTitle', contentKey: 'groupBuys.stopText' },
        run: (row, context) => context.perform(api.stopGroupBuy, { groupBuyId: row.groupBuyId }, 'groupBuys.stopped'),
      },
    ],
    emptyKey: 'groupBuys.empty',
  },
});
