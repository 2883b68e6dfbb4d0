// The coupon template form (issue 28 §4: +add, and edit with ?id=) on the form kit, checked by the contract's
// biz (couponEndpoints.addCoupon). Money fields are the kit's `money` kind (yuan typed, integer cents in the
// values); the percentage is typed as a percent and held in basis points, converted on the digits. Fields that
// do not apply to the chosen kind, scope or validity are hidden and left out of the biz.
import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import {
  COUPON_KIND,
  COUPON_KIND_LABELS,
  COUPON_LIMITS,
  COUPON_SCOPE,
  COUPON_SCOPE_LABELS,
  COUPON_VALIDITY,
  couponEndpoints,
  type EndpointBiz,
} from '@merchant/api-contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCategoryTreeQuery } from '../../../app/storeInit';
import { FORM_FIELD_COMPONENTS, textFieldProps, useFieldControl, type ResourceFormField, type ResourceFormInputProps } from '../../../resource-kit';
import { useSettledText } from '../../../resource-kit/useSettledText';
import { goodsListApi } from '../../goods/api';
import type { CouponTemplateDetails } from './api';
import { basisPointsToPercentText, percentTextToBasisPoints } from './couponText';

type AddBiz = EndpointBiz<typeof couponEndpoints.addCoupon>;
/** The biz as the merchant fills it: numbers not typed yet are undefined. */
export type CouponFormValues = Omit<AddBiz, 'issueLimit' | 'perBuyerLimit'> & { issueLimit?: number; perBuyerLimit?: number };

type Rules = Pick<CouponFormValues, 'kind' | 'scope' | 'validity'>;

/** The kit's input of the field's kind, drawn only while `applies` holds for the chosen kind, scope and validity. */
function shownWhen(applies: (rules: Rules) => boolean, kind: ResourceFormField['kind']): ComponentType<ResourceFormInputProps> {
  const Input = FORM_FIELD_COMPONENTS[kind];
  return function ShownWhen(props: ResourceFormInputProps) {
    const [kindValue, scope, validity] = useWatch({ name: ['kind', 'scope', 'validity'] }) as [Rules['kind'], Rules['scope'], Rules['validity']];
    return applies({ kind: kindValue, scope, validity }) ? <Input {...props} /> : null;
  };
}

const isPercent = (rules: Rules) => rules.kind === COUPON_KIND.percent;

/** The percentage off: typed as a percent with at most two decimals, held as basis points (15.5 → 1550). */
function PercentInput(props: ResourceFormInputProps) {
  const control = useFieldControl(props.field);
  const kind = useWatch({ name: 'kind' }) as Rules['kind'];
  const bp = control.value as number | undefined;
  const [text, setText] = useState(() => (bp === undefined ? '' : basisPointsToPercentText(bp)));
  if (kind !== COUPON_KIND.percent) return null;
  return (
    <TextField
      {...textFieldProps(control, { required: props.required, disabled: props.disabled })}
      value={text}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': props.field.testId } }}
      onChange={(event) => {
        const next = event.target.value.replace(/[^\d.]/g, '');
        setText(next);
        control.onChange(percentTextToBasisPoints(next));
      }}
    />
  );
}

interface ScopeOption {
  id: number;
  label: string;
  group?: string;
}

/** The categories (level 2, grouped by level 1) or this store's goods (searched by title) the coupon applies to. */
function ScopeIdsInput(props: ResourceFormInputProps) {
  const { t } = useTranslation();
  const control = useFieldControl(props.field);
  const scope = useWatch({ name: 'scope' }) as Rules['scope'];
  const [typed, setTyped] = useState('');
  const keyword = useSettledText(typed).trim();
  const categories = useCategoryTreeQuery(scope === COUPON_SCOPE.categories ? undefined : skipToken);
  const goods = goodsListApi.endpoints.goodsList.useQuery(scope === COUPON_SCOPE.goods ? { pageNum: 1, pageSize: 50, ...(keyword ? { title: keyword } : {}) } : skipToken);
  const [seen, setSeen] = useState<ReadonlyMap<number, ScopeOption>>(new Map());
  const options = useMemo<ScopeOption[]>(() => {
    if (scope === COUPON_SCOPE.categories) return (categories.data ?? []).flatMap((top) => (top.children ?? []).map((leaf) => ({ id: leaf.id, label: leaf.categoryName, group: top.categoryName })));
    return (goods.currentData?.list ?? []).map((row) => ({ id: row.goodsId, label: row.title }));
  }, [scope, categories.data, goods.currentData]);
  if (scope === COUPON_SCOPE.store) return null;
  const chosenIds = (control.value as number[] | undefined) ?? [];
  const known = new Map([...seen, ...options.map((option) => [option.id, option] as const)]);
  const chosen = chosenIds.map((id) => known.get(id) ?? { id, label: `#${id}` });
  const fieldProps = textFieldProps(control, { required: props.required, disabled: props.disabled });
  return (
    <Autocomplete<ScopeOption, true>
      multiple
      id={control.id}
      options={options}
      value={chosen}
      disabled={props.disabled}
      loading={categories.isFetching || goods.isFetching}
      noOptionsText={t('coupons.form.scopeIdsEmpty')}
      groupBy={scope === COUPON_SCOPE.categories ? (option) => option.group ?? '' : undefined}
      filterOptions={scope === COUPON_SCOPE.goods ? (all) => all : undefined}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setTyped(text);
      }}
      onChange={(_event, next) => {
        setSeen(new Map([...known, ...next.map((option) => [option.id, option] as const)]));
        control.onChange(next.map((option) => option.id));
      }}
      onBlur={control.onBlur}
      renderInput={(params) => <TextField {...params} {...fieldProps} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, ...fieldProps.slotProps.htmlInput } }} />}
    />
  );
}

const KIND_OPTIONS = Object.values(COUPON_KIND).map((value) => ({ value, label: COUPON_KIND_LABELS.labels[value] }));
const SCOPE_OPTIONS = Object.values(COUPON_SCOPE).map((value) => ({ value, label: COUPON_SCOPE_LABELS.labels[value] }));
const VALIDITY_OPTIONS = [
  { value: COUPON_VALIDITY.fixed, label: 'coupons.form.validityFixed' },
  { value: COUPON_VALIDITY.afterClaim, label: 'coupons.form.validityAfterClaim' },
];

export const COUPON_FORM_FIELDS: readonly ResourceFormField[] = [
  { name: 'name', labelKey: 'coupons.form.name', kind: 'text', testId: 'coupon-name' },
  { name: 'kind', labelKey: 'coupons.form.kind', kind: 'select', options: KIND_OPTIONS, testId: 'coupon-kind' },
  { name: 'amountCents', labelKey: 'coupons.form.amount', kind: 'money', maxCents: COUPON_LIMITS.amountMaxCents, required: true, input: shownWhen((rules) => !isPercent(rules), 'money'), testId: 'coupon-amount' },
  { name: 'percentOffBp', labelKey: 'coupons.form.percent', kind: 'text', helperKey: 'coupons.form.percentHint', required: true, input: PercentInput, testId: 'coupon-percent' },
  { name: 'capCents', labelKey: 'coupons.form.cap', kind: 'money', maxCents: COUPON_LIMITS.amountMaxCents, required: true, input: shownWhen(isPercent, 'money'), testId: 'coupon-cap' },
  { name: 'thresholdCents', labelKey: 'coupons.form.threshold', kind: 'money', maxCents: COUPON_LIMITS.amountMaxCents, helperKey: 'coupons.form.thresholdHint', testId: 'coupon-threshold' },
  { name: 'scope', labelKey: 'coupons.form.scope', kind: 'select', options: SCOPE_OPTIONS, testId: 'coupon-scope' },
  { name: 'scopeIds', labelKey: 'coupons.form.scopeIds', kind: 'select', required: true, input: ScopeIdsInput, testId: 'coupon-scope-ids' },
  { name: 'issueLimit', labelKey: 'coupons.form.issueLimit', kind: 'integer', testId: 'coupon-issue-limit' },
  { name: 'perBuyerLimit', labelKey: 'coupons.form.perBuyerLimit', kind: 'integer', testId: 'coupon-per-buyer-limit' },
  { name: 'validity', labelKey: 'coupons.form.validity', kind: 'select', options: VALIDITY_OPTIONS, testId: 'coupon-validity' },
  { name: 'validFrom', endName: 'validUntil', labelKey: 'coupons.form.validRange', kind: 'dateRange', required: true, input: shownWhen((rules) => rules.validity === COUPON_VALIDITY.fixed, 'dateRange') },
  { name: 'validDays', labelKey: 'coupons.form.validDays', kind: 'integer', required: true, input: shownWhen((rules) => rules.validity === COUPON_VALIDITY.afterClaim, 'integer'), testId: 'coupon-valid-days' },
];

export const COUPON_FORM_DEFAULTS: CouponFormValues = {
  name: '',
  kind: COUPON_KIND.amount,
  thresholdCents: 0,
  scope: COUPON_SCOPE.store,
  scopeIds: [],
  validity: COUPON_VALIDITY.afterClaim,
};

/** Only the fields of the chosen kind, scope and validity are sent. */
export function couponBiz(values: CouponFormValues): CouponFormValues {
  const percent = values.kind === COUPON_KIND.percent;
  const fixed = values.validity === COUPON_VALIDITY.fixed;
  return {
    name: values.name,
    kind: values.kind,
    ...(percent ? { percentOffBp: values.percentOffBp, capCents: values.capCents } : { amountCents: values.amountCents }),
    thresholdCents: values.thresholdCents,
    scope: values.scope,
    scopeIds: values.scope === COUPON_SCOPE.store ? [] : values.scopeIds,
    issueLimit: values.issueLimit,
    perBuyerLimit: values.perBuyerLimit,
    validity: values.validity,
    ...(fixed ? { validFrom: values.validFrom, validUntil: values.validUntil } : { validDays: values.validDays }),
  };
}

/** A stored template as the form starts from it (edit). */
export function couponValues({ template }: CouponTemplateDetails): CouponFormValues {
  const some = <T,>(value: T | null) => (value === null ? undefined : value);
  return {
    name: template.name,
    kind: template.kind,
    amountCents: some(template.amountCents),
    percentOffBp: some(template.percentOffBp),
    capCents: some(template.capCents),
    thresholdCents: template.thresholdCents,
    scope: template.scope,
    scopeIds: template.scopeIds,
    issueLimit: template.issueLimit,
    perBuyerLimit: template.perBuyerLimit,
    validity: template.validity,
    validFrom: some(template.validFrom),
    validUntil: some(template.validUntil),
    validDays: some(template.validDays),
  };
}
