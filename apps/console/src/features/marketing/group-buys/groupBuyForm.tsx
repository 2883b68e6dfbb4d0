// The group-buy form (issue 28 §2: +add, and edit with ?id=) on the form kit, checked by the contract's biz
// (groupBuyEndpoints.addGroupBuy). Each line picks one of the store's SKUs (searched by goods title) and types its
// group price in yuan with the kit's `money` kind (integer cents in the values); the SKU's list price shows under
// the price. The run window is the kit's date range (seconds). The server's field refusals land on their fields.
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GROUP_BUY_LIMITS, groupBuyEndpoints, type EndpointBiz, type EndpointData, type goodsEndpoints } from '@merchant/api-contracts';
import { formatCents } from '@merchant/ui-kit';
import { FORM_FIELD_COMPONENTS, textFieldProps, useFieldControl, type ResourceFormField, type ResourceFormInputProps } from '../../../resource-kit';
import { useSettledText } from '../../../resource-kit/useSettledText';
import { goodsListApi } from '../../goods/api';
import type { GroupBuyRow } from './api';

type SkuRow = EndpointData<typeof goodsEndpoints.skuStockList>['list'][number];
type AddBiz = EndpointBiz<typeof groupBuyEndpoints.addGroupBuy>;

interface SkuLine {
  skuId?: number;
  groupPriceCents?: number;
  /** The chosen SKU's list price and label, for the hint and the picker (not sent). */
  listPriceCents?: number;
  label?: string;
}
/** The biz as the merchant fills it: numbers not typed yet are undefined. */
export interface GroupBuyFormValues extends Record<string, unknown> {
  name: string;
  skus: SkuLine[];
  teamSize?: number;
  formMinutes?: number;
  perBuyerLimit?: number;
  totalLimit?: number;
  startTime?: number;
  endTime?: number;
}

const skuLabel = (sku: Pick<SkuRow, 'title' | 'specValues'>) => `${sku.title} ${Object.values(sku.specValues).join(' / ')}`.trim();
/** `skus.2.skuId` → `skus.2.<key>`. */
const sibling = (name: string, key: string) => name.replace(/[^.]+$/, key);

interface Chosen {
  skuId: number;
  label: string;
}

/** One line's SKU: the store's SKUs searched by goods title; choosing one also sets the line's list price and label. */
function SkuCellInput({ field, required, disabled }: ResourceFormInputProps) {
  const { t } = useTranslation();
  const control = useFieldControl(field);
  const form = useFormContext();
  const storedLabel = useWatch({ name: sibling(field.name, 'label') }) as string | undefined;
  const value = control.value as number | undefined;
  const [input, setInput] = useState(storedLabel ?? '');
  const chosen: Chosen | null = value === undefined ? null : { skuId: value, label: storedLabel ?? `#${value}` };
  const typed = useSettledText(input);
  const search = chosen && typed === chosen.label ? '' : typed.trim();
  const result = goodsListApi.endpoints.skuStockList.useQuery({ pageNum: 1, pageSize: 20, ...(search ? { title: search } : {}) });
  const options: Chosen[] = (result.data?.list ?? []).map((row) => ({ skuId: row.skuId, label: skuLabel(row) }));
  const fieldProps = textFieldProps(control, { required, disabled });
  return (
    <Autocomplete<Chosen>
      id={control.id}
      options={options}
      value={chosen}
      disabled={disabled}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, current) => option.skuId === current.skuId}
      getOptionLabel={(option) => option.label}
      loading={result.isFetching}
      noOptionsText={t('groupBuys.form.noSkus')}
      onChange={(_event, next) => {
        const row = next ? result.data?.list.find((sku) => sku.skuId === next.skuId) : undefined;
        form.setValue(sibling(field.name, 'listPriceCents'), row?.price);
        form.setValue(sibling(field.name, 'label'), next?.label);
        control.onChange(next?.skuId);
      }}
      onBlur={control.onBlur}
      renderInput={(params) => <TextField {...params} {...fieldProps} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, ...fieldProps.slotProps.htmlInput } }} />}
    />
  );
}

/** The group price (the kit's money input) with the SKU's list price as its hint. */
function PriceCellInput(props: ResourceFormInputProps) {
  const Money = FORM_FIELD_COMPONENTS.money;
  const { t } = useTranslation();
  const list = useWatch({ name: sibling(props.field.name, 'listPriceCents') }) as number | undefined;
  return (
    <>
      <Money {...props} />
      {list !== undefined && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('groupBuys.form.listPrice', { list: formatCents(list) })}
        </Typography>
      )}
    </>
  );
}

export const GROUP_BUY_FORM_FIELDS: readonly ResourceFormField[] = [
  { name: 'name', labelKey: 'groupBuys.form.name', kind: 'text', testId: 'group-buy-name' },
  {
    name: 'skus',
    labelKey: 'groupBuys.form.skus',
    kind: 'lines',
    lines: {
      columns: [
        { name: 'skuId', labelKey: 'groupBuys.form.sku', kind: 'select', picked: true, required: true, input: SkuCellInput, testId: 'group-buy-line-sku' },
        { name: 'groupPriceCents', labelKey: 'groupBuys.form.price', kind: 'money', maxCents: GROUP_BUY_LIMITS.priceMaxCents, required: true, input: PriceCellInput, testId: 'group-buy-line-price' },
      ],
      newLine: () => ({}),
      min: 1,
      max: GROUP_BUY_LIMITS.skusMax,
      addKey: 'groupBuys.form.addLine',
      removeKey: 'groupBuys.form.removeLine',
    },
  },
  { name: 'teamSize', labelKey: 'groupBuys.form.teamSize', kind: 'integer', testId: 'group-buy-team-size' },
  { name: 'formMinutes', labelKey: 'groupBuys.form.formMinutes', kind: 'integer', helperKey: 'groupBuys.form.formMinutesHint', testId: 'group-buy-form-minutes' },
  { name: 'perBuyerLimit', labelKey: 'groupBuys.form.perBuyerLimit', kind: 'integer', testId: 'group-buy-per-buyer-limit' },
  { name: 'totalLimit', labelKey: 'groupBuys.form.totalLimit', kind: 'integer', testId: 'group-buy-total-limit' },
  { name: 'startTime', endName: 'endTime', labelKey: 'groupBuys.form.window', kind: 'dateRange', required: true },
];

const DAY_SECONDS = 24 * 60 * 60;
/** Today's start, in seconds (local time, as the date range picks days). */
function todayStart(): number {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return Math.floor(today.getTime() / 1000);
}

/** A new activity: teams of 2 with a day to form, running from today for 7 days. */
export function groupBuyFormDefaults(): GroupBuyFormValues {
  const start = todayStart();
  return { name: '', skus: [{}], teamSize: 2, formMinutes: 24 * 60, perBuyerLimit: 1, totalLimit: 1_000, startTime: start, endTime: start + 7 * DAY_SECONDS - 1 };
}

/** Only what the contract takes: each line's SKU and group price. */
export function groupBuyBiz(values: GroupBuyFormValues): Partial<AddBiz> {
  return {
    name: values.name,
    skus: values.skus.map((line) => ({ skuId: line.skuId!, groupPriceCents: line.groupPriceCents! })),
    teamSize: values.teamSize,
    formMinutes: values.formMinutes,
    perBuyerLimit: values.perBuyerLimit,
    totalLimit: values.totalLimit,
    startTime: values.startTime,
    endTime: values.endTime,
  };
}

/** A stored activity as the form starts from it (edit). */
export function groupBuyValues(row: GroupBuyRow): GroupBuyFormValues {
  return {
    name: row.name,
    skus: row.skus.map((sku) => ({ skuId: sku.skuId, groupPriceCents: sku.groupPriceCents, listPriceCents: sku.listPriceCents, label: `${sku.title} ${sku.specText}`.trim() })),
    teamSize: row.teamSize,
    formMinutes: row.formMinutes,
    perBuyerLimit: row.perBuyerLimit,
    totalLimit: row.totalLimit,
    startTime: row.startTime,
    endTime: row.endTime,
  };
}
