// /marketing/coupons/couponsMgmt (issue 28 §4): the store's coupon templates, newest first, by state (tabs) and
// name. Row actions: details, edit (the add form with ?id=), claim records, stop (asks first: claimed coupons
// stay valid) and delete (asks first; the server refuses once anything is claimed and its msg is shown).
// The same definition draws details (the counts and refused claims by reason) and the add / edit form.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { COUPON_REFUSAL_REASONS, COUPON_SCOPE_LABELS, COUPON_STATE_LABELS, COUPON_TEMPLATE_STATE, COUPON_TEMPLATE_STATE_LABELS, PERMISSIONS, couponEndpoints, type CouponRefusalReason } from '@merchant/api-contracts';
import { formatSecondsTimestamp, searchText } from '@merchant/ui-kit';
import { RecordTable, StatusChip, defineResource, labelText, listArg, statusFromLabels, type ResourceColumn, type ResourceTextContext } from '../../../resource-kit';
import { CouponDryRunPanel } from './CouponDryRunPanel';
import { couponsApi, type CouponListQuery, type CouponTemplateDetails, type CouponTemplateRow } from './api';
import { COUPON_FORM_DEFAULTS, COUPON_FORM_FIELDS, couponBiz, couponValues, type CouponFormValues } from './couponForm';
import { couponValueText, thresholdText, validityText } from './couponText';
import { COUPON_PATHS, couponAddress } from './paths';

export const COUPON_TEMPLATE_STATUS = statusFromLabels(COUPON_TEMPLATE_STATE_LABELS.labels, { [COUPON_TEMPLATE_STATE.active]: 'success', [COUPON_TEMPLATE_STATE.stopped]: 'default' });
export const COUPON_CLAIM_STATUS = statusFromLabels(COUPON_STATE_LABELS.labels, { 1: 'info', 2: 'success', 3: 'default' });

const COLUMNS: ResourceColumn<CouponTemplateRow>[] = [
  // Fixed widths that fit a 1440 px screen with the sidebar, the row actions included (a flexible name shrank to
  // one letter and the actions fell off the right edge at 1280 px); the scope is in the details and the column picker.
  { key: 'name', titleKey: 'coupons.field.name', width: 180, hideable: false },
  { key: 'kind', titleKey: 'coupons.field.value', width: 185, format: (row, { t }) => couponValueText(row, t) },
  { key: 'thresholdCents', titleKey: 'coupons.field.threshold', width: 115, format: (row, { t }) => thresholdText(row.thresholdCents, t) },
  { key: 'scope', titleKey: 'coupons.field.scope', width: 110, hidden: true, format: (row, context) => labelText(COUPON_SCOPE_LABELS.labels[row.scope], context) },
  { key: 'taken', titleKey: 'coupons.field.issued', width: 105, align: 'right', format: (row) => `${row.taken} / ${row.issueLimit}` },
  { key: 'validity', titleKey: 'coupons.field.validity', width: 195, format: (row, { t }) => validityText(row, t) },
  { key: 'state', titleKey: 'coupons.field.state', width: 90, status: COUPON_TEMPLATE_STATUS },
  { key: 'createTime', titleKey: 'coupons.field.createTime', width: 165, hidden: true, format: (row) => formatSecondsTimestamp(row.createTime) },
];

const manage = PERMISSIONS.couponsManage;
const api = couponsApi.endpoints;

interface RefusalRow {
  reason: CouponRefusalReason;
  count: number;
}
const REFUSAL_COLUMNS: ResourceColumn<RefusalRow>[] = [
  { key: 'reason', titleKey: 'coupons.details.reason', format: (row, { t }) => t(`coupons.details.reasons.${row.reason}`) },
  { key: 'count', titleKey: 'coupons.details.count', align: 'right' },
];

/** A detail field's text, read from the details answer (the template and its counts). */
const detailOf = (format: (details: CouponTemplateDetails, context: ResourceTextContext) => string) => format;

export const couponTemplates = defineResource<CouponTemplateRow, CouponListQuery, CouponTemplateDetails, { templateId: number }, CouponFormValues, { templateId: number }>({
  key: 'marketing.coupons',
  titleKey: 'coupons.menu.list',
  rowId: (row) => row.templateId,
  listPath: COUPON_PATHS.list,
  detail: {
    endpoint: api.couponDetails,
    toArg: (id) => ({ templateId: Number(id) }),
    fields: [
      { key: 'name', labelKey: 'coupons.field.name', format: detailOf(({ template }) => template.name) },
      { key: 'state', labelKey: 'coupons.field.state', render: ({ template }, context) => <StatusChip status={COUPON_TEMPLATE_STATUS} value={template.state} context={context} /> },
      { key: 'value', labelKey: 'coupons.field.value', format: detailOf(({ template }, { t }) => couponValueText(template, t)) },
      { key: 'threshold', labelKey: 'coupons.field.threshold', format: detailOf(({ template }, { t }) => thresholdText(template.thresholdCents, t)) },
      { key: 'scope', labelKey: 'coupons.field.scope', format: detailOf(({ template }, context) => labelText(COUPON_SCOPE_LABELS.labels[template.scope], context)) },
      { key: 'issued', labelKey: 'coupons.field.issued', format: detailOf(({ template }) => `${template.taken} / ${template.issueLimit}`) },
      { key: 'perBuyerLimit', labelKey: 'coupons.field.perBuyerLimit', format: detailOf(({ template }) => String(template.perBuyerLimit)) },
      { key: 'validity', labelKey: 'coupons.field.validity', format: detailOf(({ template }, { t }) => validityText(template, t)) },
      { key: 'claimed', labelKey: 'coupons.details.claimed', format: detailOf((details) => String(details.claimed)) },
      { key: 'used', labelKey: 'coupons.details.used', format: detailOf((details) => String(details.used)) },
      { key: 'expired', labelKey: 'coupons.details.expired', format: detailOf((details) => String(details.expired)) },
    ],
    extra: (details) => (
      <>
        <RecordTable titleKey="coupons.details.refused" rows={COUPON_REFUSAL_REASONS.map((reason) => ({ reason, count: details.refused[reason] }))} columns={REFUSAL_COLUMNS} rowKey={(row) => row.reason} />
        <CouponDryRunPanel request={() => ({ source: 'template', templateId: details.template.templateId })} />
      </>
    ),
  },
  form: {
    schema: couponEndpoints.addCoupon.biz,
    toBiz: couponBiz,
    defaults: COUPON_FORM_DEFAULTS,
    fields: COUPON_FORM_FIELDS,
    load: { endpoint: api.couponDetails, toArg: (id) => ({ templateId: Number(id) }), toValues: couponValues },
    create: { endpoint: api.addCoupon as never, contract: couponEndpoints.addCoupon },
    update: { endpoint: api.editCoupon as never, contract: couponEndpoints.editCoupon, toBiz: (values, id) => ({ templateId: Number(id), ...values }) },
  },
  list: {
    endpoint: api.couponList,
    toArg: listArg<CouponListQuery>(),
    search: (t: TFunction) => z.object({ name: searchText({ label: t('coupons.field.name') }) }),
    tabs: { field: 'state', options: COUPON_TEMPLATE_STATUS.options },
    columns: COLUMNS,
    toolbar: [{ key: 'add', labelKey: 'coupons.action.add', permission: manage, to: COUPON_PATHS.add }],
    // Details and claim records first: every row shows them. The kit sizes the actions column to the rows on the page
    // (an active row: the first two and 'more'; a stopped row: details, claim records and delete).
    rowActions: [
      { key: 'details', labelKey: 'coupons.action.details', permission: PERMISSIONS.marketingView, to: (row) => couponAddress(COUPON_PATHS.details, row.templateId) },
      { key: 'receive', labelKey: 'coupons.action.receive', permission: PERMISSIONS.marketingView, to: (row) => couponAddress(COUPON_PATHS.receive, row.templateId) },
      { key: 'edit', labelKey: 'coupons.action.edit', permission: manage, when: (row) => row.state === COUPON_TEMPLATE_STATE.active, to: (row) => couponAddress(COUPON_PATHS.add, row.templateId) },
      {
        key: 'stop',
        labelKey: 'coupons.action.stop',
        permission: manage,
        color: 'warning',
        when: (row) => row.state === COUPON_TEMPLATE_STATE.active,
        confirm: { titleKey: 'coupons.stopTitle', contentKey: 'coupons.stopText' },
        run: (row, context) => context.perform(api.stopCoupon, { templateId: row.templateId }, 'coupons.stopped'),
      },
      {
        key: 'delete',
        labelKey: 'coupons.action.delete',
        permission: manage,
        color: 'error',
        destructive: true,
        confirm: { titleKey: 'coupons.deleteTitle', contentKey: 'coupons.deleteText' },
        run: (row, context) => context.perform(api.deleteCoupon, { templateId: row.templateId }, 'coupons.deleted'),
      },
    ],
    emptyKey: 'coupons.empty',
  },
});
