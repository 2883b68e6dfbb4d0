// /marketing/activity/activityList (issue 28 §1): the store's applications, newest first, by review state (tabs):
// the activity, its run, the state chip and the platform's reason of a rejection, the goods and SKU counts. Row
// actions: details, and withdraw for a pending one (asks first). The same definition draws the details (?id=).
import { ACTIVITY_APPLICATION_STATE, ACTIVITY_APPLICATION_STATE_LABELS, PERMISSIONS, skuSpecText } from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp } from '@merchant/ui-kit';
import { RecordTable, StatusChip, defineResource, listArg, statusFromLabels, type ResourceColumn } from '../../../resource-kit';
import { activitiesApi, type ActivityApplicationDetails, type ActivityApplicationRow, type ActivityListQuery } from './api';
import { campaignTitle, windowText } from './activityText';
import { ACTIVITY_PATHS, activityDetailsAddress } from './paths';

export const ACTIVITY_APPLICATION_STATUS = statusFromLabels(ACTIVITY_APPLICATION_STATE_LABELS.labels, {
  [ACTIVITY_APPLICATION_STATE.pending]: 'info',
  [ACTIVITY_APPLICATION_STATE.approved]: 'success',
  [ACTIVITY_APPLICATION_STATE.rejected]: 'error',
  [ACTIVITY_APPLICATION_STATE.withdrawn]: 'default',
});

const titleOf = (row: Pick<ActivityApplicationRow, 'campaignTitleZh' | 'campaignTitleEn'>, language: string) => campaignTitle({ titleZh: row.campaignTitleZh, titleEn: row.campaignTitleEn }, language);

const COLUMNS: ResourceColumn<ActivityApplicationRow>[] = [
  { key: 'campaignTitleZh', titleKey: 'activities.field.campaign', width: 200, hideable: false, format: (row, { locale }) => titleOf(row, locale) },
  { key: 'runFrom', titleKey: 'activities.field.run', width: 300, format: (row) => windowText(row.runFrom, row.runUntil) },
  { key: 'state', titleKey: 'activities.field.state', width: 100, status: ACTIVITY_APPLICATION_STATUS },
  { key: 'reason', titleKey: 'activities.field.reason', width: 220, format: (row) => row.reason ?? '' },
  { key: 'goodsCount', titleKey: 'activities.field.goods', width: 150, format: (row, { t }) => t('activities.counts', { goods: row.goodsCount, skus: row.skuCount }) },
  { key: 'createTime', titleKey: 'activities.field.createTime', width: 165, format: (row) => formatSecondsTimestamp(row.createTime) },
];

type ItemRow = ActivityApplicationDetails['items'][number];
const ITEM_COLUMNS: ResourceColumn<ItemRow>[] = [
  { key: 'goodsTitle', titleKey: 'activities.details.goods' },
  // The SKU's spec by the labels store-server answers in the request's language (issue 35 §8).
  { key: 'specValues', titleKey: 'activities.details.sku', format: (row, { locale }) => skuSpecText(row, locale) },
  { key: 'listPriceCents', titleKey: 'activities.details.listPrice', align: 'right', format: (row) => `¥${formatCents(row.listPriceCents)}` },
  { key: 'activityPriceCents', titleKey: 'activities.details.activityPrice', align: 'right', format: (row) => `¥${formatCents(row.activityPriceCents)}` },
];

const api = activitiesApi.endpoints;

export const activityApplications = defineResource<ActivityApplicationRow, ActivityListQuery, ActivityApplicationDetails, { applicationId: number }>({
  key: 'marketing.activities',
  titleKey: 'activities.menu.list',
  rowId: (row) => row.applicationId,
  listPath: ACTIVITY_PATHS.list,
  detail: {
    endpoint: api.activityDetails,
    toArg: (id) => ({ applicationId: Number(id) }),
    fields: [
      { key: 'campaign', labelKey: 'activities.field.campaign', format: ({ application }, { locale }) => titleOf(application, locale) },
      { key: 'state', labelKey: 'activities.field.state', render: ({ application }, context) => <StatusChip status={ACTIVITY_APPLICATION_STATUS} value={application.state} context={context} /> },
      { key: 'reason', labelKey: 'activities.field.reason', format: ({ application }) => application.reason ?? '—' },
      { key: 'run', labelKey: 'activities.field.run', format: ({ application }) => windowText(application.runFrom, application.runUntil) },
      { key: 'createTime', labelKey: 'activities.field.createTime', format: ({ application }) => formatSecondsTimestamp(application.createTime) },
      { key: 'reviewTime', labelKey: 'activities.field.reviewTime', format: ({ application }) => (application.reviewTime === null ? '—' : formatSecondsTimestamp(application.reviewTime)) },
    ],
    extra: (details) => <RecordTable titleKey="activities.details.items" rows={details.items} columns={ITEM_COLUMNS} rowKey={(row) => row.skuId} />,
  },
  list: {
    endpoint: api.activityList,
    toArg: listArg<ActivityListQuery>(),
    tabs: { field: 'state', options: ACTIVITY_APPLICATION_STATUS.options },
    columns: COLUMNS,
    rowActions: [
      { key: 'details', labelKey: 'activities.action.details', permission: PERMISSIONS.marketingView, to: (row) => activityDetailsAddress(row.applicationId) },
      {
        key: 'withdraw',
        labelKey: 'activities.action.withdraw',
        permission: PERMISSIONS.marketingEdit,
        color: 'warning',
        when: (row) => row.state === ACTIVITY_APPLICATION_STATE.pending,
        confirm: { titleKey: 'activities.withdrawTitle', contentKey: 'activities.withdrawText' },
        run: (row, context) => context.perform(api.withdrawActivity, { applicationId: row.applicationId }, 'activities.withdrawn'),
      },
    ],
    emptyKey: 'activities.empty',
  },
});
