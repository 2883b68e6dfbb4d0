// The freight template form (issue 27 §1: +add, and edit with ?id=) on the form kit, checked by the contract's biz
// (freightEndpoints.addFreightTemplate): a default block, blocks for groups of regions, free-shipping rules and
// regions not delivered to. Money is the kit's `money` kind (yuan typed, cents held); block sizes are integers in
// the pricing's unit (pieces, grams or cm³). A region listed twice is warned of while the merchant types.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { FREIGHT_FREE_KIND, FREIGHT_LIMITS, FREIGHT_PRICING, FREIGHT_PRICING_LABELS, duplicateRegions, type EndpointBiz, type freightEndpoints } from '@merchant/api-contracts';
import { useCityListQuery } from '../../../app/storeInit';
import { FORM_FIELD_COMPONENTS, textFieldProps, useFieldControl, type ResourceFormField, type ResourceFormInputProps } from '../../../resource-kit';
import type { FreightTemplateRow } from './api';
import { regionLabel } from './regions';

type AddBiz = EndpointBiz<typeof freightEndpoints.addFreightTemplate>;
export type FreightFormValues = Required<Pick<AddBiz, 'name' | 'pricing' | 'defaultBlock' | 'regionGroups' | 'freeRules' | 'excludedRegions' | 'isDefault'>>;

/** Regions of the common city list (provinces, cities, districts), chosen by name; held as their codes. */
function RegionCodesInput(props: ResourceFormInputProps) {
  const control = useFieldControl(props.field);
  const cities = useCityListQuery().data ?? [];
  const codes = (control.value as string[] | undefined) ?? [];
  const options = useMemo(() => cities.map((city) => city.cityCode), [cities]);
  const fieldProps = textFieldProps(control, { required: props.required, disabled: props.disabled });
  return (
    <Autocomplete<string, true>
      multiple
      id={control.id}
      options={options}
      value={codes}
      disabled={props.disabled}
      getOptionLabel={(code) => regionLabel(cities, code)}
      onChange={(_event, next) => control.onChange(next)}
      onBlur={control.onBlur}
      sx={{ minWidth: 260 }}
      renderInput={(params) => <TextField {...params} {...fieldProps} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, ...fieldProps.slotProps.htmlInput } }} />}
    />
  );
}

const MoneyInput = FORM_FIELD_COMPONENTS.money;
const IntegerInput = FORM_FIELD_COMPONENTS.integer;

/** A free-shipping threshold: yuan when the rule is over an amount, pieces when over a count (its line's kind). */
function ThresholdInput(props: ResourceFormInputProps) {
  const kind = useWatch({ name: props.field.name.replace(/threshold$/, 'kind') }) as number | undefined;
  return kind === FREIGHT_FREE_KIND.count ? <IntegerInput {...props} /> : <MoneyInput {...props} field={{ ...props.field, maxCents: FREIGHT_LIMITS.centsMax }} />;
}

const PRICING_OPTIONS = Object.values(FREIGHT_PRICING).map((value) => ({ value, label: FREIGHT_PRICING_LABELS.labels[value] }));
const FREE_KIND_OPTIONS = Object.values(FREIGHT_FREE_KIND).map((value) => ({ value, label: `shopFreight.freeKind.${value}` }));

const blockColumns = (prefix: string, testId: string): ResourceFormField[] => [
  { name: `${prefix}firstUnits`, labelKey: 'shopFreight.field.firstUnitsPlain', kind: 'integer', helperKey: 'shopFreight.field.unitHelp', testId: `${testId}-first-units` },
  { name: `${prefix}firstCents`, labelKey: 'shopFreight.field.firstCents', kind: 'money', maxCents: FREIGHT_LIMITS.centsMax, testId: `${testId}-first-cents` },
  { name: `${prefix}additionalUnits`, labelKey: 'shopFreight.field.additionalUnitsPlain', kind: 'integer', testId: `${testId}-additional-units` },
  { name: `${prefix}additionalCents`, labelKey: 'shopFreight.field.additionalCents', kind: 'money', maxCents: FREIGHT_LIMITS.centsMax, testId: `${testId}-additional-cents` },
];

export const FREIGHT_FORM_FIELDS: readonly ResourceFormField[] = [
  { name: 'name', labelKey: 'shopFreight.field.name', kind: 'text', testId: 'freight-name' },
  { name: 'pricing', labelKey: 'shopFreight.field.pricing', kind: 'select', options: PRICING_OPTIONS, testId: 'freight-pricing' },
  { name: 'isDefault', labelKey: 'shopFreight.field.isDefault', kind: 'switch', testId: 'freight-default' },
  ...blockColumns('defaultBlock.', 'freight-default-block'),
  {
    name: 'regionGroups',
    labelKey: 'shopFreight.field.regionGroups',
    kind: 'lines',
    lines: {
      columns: [{ name: 'regionCodes', labelKey: 'shopFreight.field.regionCodes', kind: 'select', input: RegionCodesInput, testId: 'freight-group-regions' }, ...blockColumns('', 'freight-group')],
      newLine: () => ({ regionCodes: [], firstUnits: 1, firstCents: 0, additionalUnits: 1, additionalCents: 0 }),
      addKey: 'shopFreight.action.addGroup',
      max: FREIGHT_LIMITS.regionGroupsMax,
    },
  },
  {
    name: 'freeRules',
    labelKey: 'shopFreight.field.freeRules',
    kind: 'lines',
    lines: {
      columns: [
        { name: 'regionCodes', labelKey: 'shopFreight.field.regionCodes', kind: 'select', input: RegionCodesInput, helperKey: 'shopFreight.field.everywhereHelp', testId: 'freight-free-regions' },
        { name: 'kind', labelKey: 'shopFreight.field.freeKind', kind: 'select', options: FREE_KIND_OPTIONS, testId: 'freight-free-kind' },
        { name: 'threshold', labelKey: 'shopFreight.field.threshold', kind: 'money', input: ThresholdInput, testId: 'freight-free-threshold' },
      ],
      newLine: () => ({ regionCodes: [], kind: FREIGHT_FREE_KIND.amount, threshold: undefined }),
      addKey: 'shopFreight.action.addFree',
      max: FREIGHT_LIMITS.freeRulesMax,
    },
  },
  { name: 'excludedRegions', labelKey: 'shopFreight.field.excludedRegions', kind: 'select', input: RegionCodesInput, testId: 'freight-excluded' },
];

export const FREIGHT_FORM_DEFAULTS: FreightFormValues = {
  name: '',
  pricing: FREIGHT_PRICING.count,
  isDefault: false,
  defaultBlock: { firstUnits: 1, firstCents: 0, additionalUnits: 1, additionalCents: 0 },
  regionGroups: [],
  freeRules: [],
  excludedRegions: [],
};

export function freightValues(template: FreightTemplateRow): FreightFormValues {
  const { name, pricing, isDefault, defaultBlock, regionGroups, freeRules, excludedRegions } = template;
  return { name, pricing, isDefault, defaultBlock, regionGroups, freeRules, excludedRegions };
}

/** The warning of a region listed twice, shown under the form while it holds (the save answers the same list). */
export function DuplicateRegionsWarning({ control }: { control: Control<FreightFormValues> }) {
  const { t } = useTranslation();
  const cities = useCityListQuery().data ?? [];
  const [regionGroups, excludedRegions] = useWatch({ control, name: ['regionGroups', 'excludedRegions'] });
  const twice = duplicateRegions({ regionGroups: regionGroups ?? [], excludedRegions: excludedRegions ?? [] });
  if (twice.length === 0) return null;
  return (
    <Alert severity="warning" role="alert" data-testid="freight-duplicate-warning" sx={{ mt: 2 }}>
      {t('shopFreight.duplicateWarning', { regions: twice.map((code) => regionLabel(cities, code)).join('、') })}
    </Alert>
  );
}
