// /shop/distributionRangeMaintenance (issue 27 §5): the store's delivery ranges in force or to come, with tabs by
// status (the common dictionary's effective and pending), and /ineffect: the ranges no longer in force, read only.
// Row actions: edit (the form with ?id=) and stop (an effective range ends now; asks first).
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { DELIVERY_RANGE_STATUS, DELIVERY_RANGE_STATUS_LABELS, PERMISSIONS, deliveryRangeEndpoints } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp, searchText } from '@merchant/ui-kit';
import { defineResource, listArg, statusFromLabels, type ResourceColumn, type ResourceTextContext } from '../../../resource-kit';
import { deliveryRangeApi, type DeliveryRangeListQuery, type DeliveryRangeRow, type IneffectiveRangeListQuery } from './api';
import { DELIVERY_RANGE_FORM_FIELDS, deliveryRangeDefaults, deliveryRangeValues, minuteText, type DeliveryRangeFormValues } from './rangeForm';
import { DELIVERY_RANGE_PATHS, rangeEditAddress } from './paths';

const api = deliveryRangeApi.endpoints;
const manage = PERMISSIONS.templatesManage;

/** The dictionary's three values with the contract's labels; effective green, pending blue, ineffective grey. */
export const DELIVERY_RANGE_STATUS_MAPPING = statusFromLabels(DELIVERY_RANGE_STATUS_LABELS.labels, {
  [DELIVERY_RANGE_STATUS.effective]: 'success',
  [DELIVERY_RANGE_STATUS.pending]: 'info',
  [DELIVERY_RANGE_STATUS.ineffective]: 'default',
});
const CURRENT_TABS = { options: DELIVERY_RANGE_STATUS_MAPPING.options.filter((option) => option.value !== DELIVERY_RANGE_STATUS.ineffective) };

const day = (seconds: number) => formatSecondsTimestamp(seconds, 'YYYY-MM-DD');
const townsText = (row: DeliveryRangeRow, { t }: ResourceTextContext) => row.towns.map((town) => town.sowntownName).join(t('shopDeliveryRange.listSeparator'));

const COLUMNS: ResourceColumn<DeliveryRangeRow>[] = [
  { key: 'name', titleKey: 'shopDeliveryRange.field.name', width: 170, hideable: false },
  { key: 'towns', titleKey: 'shopDeliveryRange.field.towns', width: 300, format: townsText },
  { key: 'markupCents', titleKey: 'shopDeliveryRange.field.markupCents', width: 130, align: 'right', format: (row) => formatCents(row.markupCents) },
  { key: 'validity', derived: true, titleKey: 'shopDeliveryRange.field.validity', width: 200, format: (row, { t }) => t('shopDeliveryRange.validity', { start: day(row.startTime), end: day(row.endTime) }) },
  {
    key: 'dailyHours',
    derived: true,
    titleKey: 'shopDeliveryRange.field.dailyHours',
    width: 150,
    format: (row, { t }) => t('shopDeliveryRange.hours', { start: minuteText(row.dailyStartMinute), end: minuteText(row.dailyEndMinute) }),
  },
  { key: 'status', titleKey: 'shopDeliveryRange.field.status', width: 110, status: DELIVERY_RANGE_STATUS_MAPPING },
  { key: 'updateTime', titleKey: 'shopDeliveryRange.field.updateTime', width: 165, hidden: true, format: (row) => formatSecondsTimestamp(row.updateTime) },
];

const search = (t: TFunction) => z.object({ name: searchText({ label: t('shopDeliveryRange.field.name') }) });

export const deliveryRanges = defineResource<DeliveryRangeRow, DeliveryRangeListQuery, DeliveryRangeRow, { rangeId: number }, DeliveryRangeFormValues, { rangeId: number }>({
  key: 'shop.deliveryRange',
  titleKey: 'shopDeliveryRange.menu.list',
  rowId: (row) => row.rangeId,
  listPath: DELIVERY_RANGE_PATHS.list,
  form: {
    schema: deliveryRangeEndpoints.addDeliveryRange.biz,
    // A new range starts today: the defaults are read when the form opens.
    get defaults() {
      return deliveryRangeDefaults();
    },
    fields: DELIVERY_RANGE_FORM_FIELDS,
    load: { endpoint: api.deliveryRangeDetails, toArg: (id) => ({ rangeId: Number(id) }), toValues: deliveryRangeValues },
    create: { endpoint: api.addDeliveryRange as never, contract: deliveryRangeEndpoints.addDeliveryRange },
    update: { endpoint: api.editDeliveryRange as never, contract: deliveryRangeEndpoints.editDeliveryRange, toBiz: (values, id) => ({ rangeId: Number(id), ...values }) },
  },
  list: {
    endpoint: api.deliveryRangeList,
    toArg: listArg<DeliveryRangeListQuery>({ numbers: ['status'] }),
    tabs: { field: 'status', options: CURRENT_TABS.options },
    search,
    columns: COLUMNS,
    toolbar: [
      { key: 'add', labelKey: 'shopDeliveryRange.action.add', permission: manage, to: DELIVERY_RANGE_PATHS.edit },
      { key: 'ineffect', labelKey: 'shopDeliveryRange.action.ineffect', permission: PERMISSIONS.shopView, to: DELIVERY_RANGE_PATHS.ineffect },
    ],
    rowActions: [
      { key: 'edit', labelKey: 'shopDeliveryRange.action.edit', permission: manage, to: (row) => rangeEditAddress(row.rangeId) },
      {
        key: 'stop',
        labelKey: 'shopDeliveryRange.action.stop',
        permission: manage,
        color: 'warning',
        when: (row) => row.status === DELIVERY_RANGE_STATUS.effective,
        confirm: { titleKey: 'shopDeliveryRange.stopTitle', contentKey: 'shopDeliveryRange.stopText' },
        run: (row, context) => context.perform(api.stopDeliveryRange, { rangeId: row.rangeId }, 'shopDeliveryRange.stopped'),
      },
    ],
    emptyKey: 'shopDeliveryRange.empty',
  },
});

export const ineffectiveRanges = defineResource<DeliveryRangeRow, IneffectiveRangeListQuery>({
  key: 'shop.deliveryRangeIneffect',
  titleKey: 'shopDeliveryRange.menu.ineffect',
  rowId: (row) => row.rangeId,
  listPath: DELIVERY_RANGE_PATHS.ineffect,
  list: {
    endpoint: api.ineffectiveDeliveryRangeList,
    toArg: listArg<IneffectiveRangeListQuery>(),
    search,
    columns: COLUMNS,
    toolbar: [{ key: 'back', labelKey: 'shopDeliveryRange.action.back', permission: PERMISSIONS.shopView, to: DELIVERY_RANGE_PATHS.list }],
    emptyKey: 'shopDeliveryRange.ineffectEmpty',
  },
});
