// /marketing/activity/activityList/apply?campaignId= (issue 28 §1): the store's goods SKUs at activity prices, on
// the form kit, checked by the contract's biz (activityEndpoints.applyActivity). Each line picks one SKU (searched
// by goods title; the line keeps its goodsId too) and types its activity price in yuan with the kit's `money`
// kind; the SKU's list price and the highest price the campaign allows show under the price. The server's field
// refusals land on their fields: a line's price on its price, a goods outside the categories on its SKU.
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACTIVITY_LIMITS, activityEndpoints, type EndpointData, type goodsEndpoints } from '@merchant/api-contracts';
import { formatCents } from '@merchant/ui-kit';
import { FORM_FIELD_COMPONENTS, defineResourceForm, textFieldProps, useFieldControl, type ResourceFormField, type ResourceFormInputProps } from '../../../resource-kit';
import { useSettledText } from '../../../resource-kit/useSettledText';
import { goodsListApi } from '../../goods/api';
import { activitiesApi, type ActivityCampaignRow } from './api';
import { maxActivityPriceCents } from './activityText';

type SkuRow = EndpointData<typeof goodsEndpoints.skuStockList>['list'][number];

interface ApplyLine {
  goodsId?: number;
  skuId?: number;
  activityPriceCents?: number;
  /** The chosen SKU's list price, for the hint under the price (not sent). */
  listPriceCents?: number;
}
export interface ApplyValues extends Record<string, unknown> {
  items: ApplyLine[];
}

const skuLabel = (sku: Pick<SkuRow, 'title' | 'specValues'>) => `${sku.title} ${Object.values(sku.specValues).join(' / ')}`.trim();
/** `items.2.skuId` → `items.2.<key>`. */
const sibling = (name: string, key: string) => name.replace(/[^.]+$/, key);

/** One line's SKU: the store's SKUs searched by goods title; choosing one also sets the line's goodsId and list price. */
function SkuCellInput({ field, required, disabled }: ResourceFormInputProps) {
  const { t } = useTranslation();
  const control = useFieldControl(field);
  const form = useFormContext();
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<SkuRow | null>(null);
  const typed = useSettledText(input);
  const search = chosen && typed === skuLabel(chosen) ? '' : typed.trim();
  const result = goodsListApi.endpoints.skuStockList.useQuery({ pageNum: 1, pageSize: 20, ...(search ? { title: search } : {}) });
  const fieldProps = textFieldProps(control, { required, disabled });
  return (
    <Autocomplete<SkuRow>
      id={control.id}
      options={result.data?.list ?? []}
      value={chosen}
      disabled={disabled}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, value) => option.skuId === value.skuId}
      getOptionLabel={skuLabel}
      loading={result.isFetching}
      noOptionsText={t('activities.apply.noSkus')}
      onChange={(_event, next) => {
        setChosen(next);
        form.setValue(sibling(field.name, 'goodsId'), next?.goodsId);
        form.setValue(sibling(field.name, 'listPriceCents'), next?.price);
        control.onChange(next?.skuId);
      }}
      onBlur={control.onBlur}
      renderInput={(params) => <TextField {...params} {...fieldProps} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, ...fieldProps.slotProps.htmlInput } }} />}
    />
  );
}

/** The activity price (the kit's money input) with the list price and the campaign's highest price as its hint. */
function priceCellInput(campaign: ActivityCampaignRow) {
  const Money = FORM_FIELD_COMPONENTS.money;
  return function PriceCellInput(props: ResourceFormInputProps) {
    const { t } = useTranslation();
    const list = useWatch({ name: sibling(props.field.name, 'listPriceCents') }) as number | undefined;
    const hint = list === undefined ? undefined : t('activities.apply.listPrice', { list: formatCents(list), max: formatCents(maxActivityPriceCents(list, campaign.minDiscountBp)) });
    return (
      <>
        <Money {...props} />
        {hint && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {hint}
          </Typography>
        )}
      </>
    );
  };
}

/** The form of one campaign: its lines go out as { goodsId, skuId, activityPriceCents } with the campaign's id. */
export function applyForm(campaign: ActivityCampaignRow) {
  const fields: readonly ResourceFormField[] = [
    {
      name: 'items',
      labelKey: 'activities.apply.items',
      kind: 'lines',
      lines: {
        columns: [
          { name: 'skuId', labelKey: 'activities.apply.sku', kind: 'select', picked: true, required: true, input: SkuCellInput, testId: 'activity-line-sku' },
          { name: 'activityPriceCents', labelKey: 'activities.apply.price', kind: 'money', maxCents: ACTIVITY_LIMITS.priceMaxCents, required: true, input: priceCellInput(campaign), testId: 'activity-line-price' },
        ],
        newLine: () => ({}),
        min: 1,
        max: ACTIVITY_LIMITS.itemsMax,
        addKey: 'activities.apply.addLine',
        removeKey: 'activities.apply.removeLine',
      },
    },
  ];
  return defineResourceForm<ApplyValues>({
    schema: activityEndpoints.applyActivity.biz,
    toBiz: (values) => ({ campaignId: campaign.campaignId, items: values.items.map((line) => ({ goodsId: line.goodsId, skuId: line.skuId, activityPriceCents: line.activityPriceCents })) }),
    // A goods outside the campaign's categories is refused on its goodsId: the line's SKU picker chose it.
    fromWirePath: (path) => path.replace(/^(items\.\d+)\.goodsId$/, '$1.skuId'),
    defaults: { items: [{}] },
    fields,
    successKey: 'activities.apply.saved',
    create: { endpoint: activitiesApi.endpoints.applyActivity as never, contract: activityEndpoints.applyActivity },
  });
}
