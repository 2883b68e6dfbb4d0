// The SKU lines every promotion form repeats (activity sign-up, flash sales, group buys): a line picks one of the
// store's SKUs, searched by goods title, and types its promotion price with the kit's `money` kind; the SKU's list
// price shows under the price. Choosing a SKU also fills the line's hidden siblings (PromotionSkuLine), which the
// forms' biz mappers read or leave out: goodsId (activity sends it), listPriceCents (the hint) and label (the
// picker's text when an edit starts from a stored line, before any search ran).
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { pickLanguage, skuTitleWithSpec } from '@merchant/api-contracts';
import { formatCents } from '@merchant/ui-kit';
import { FORM_FIELD_COMPONENTS, textFieldProps, useFieldControl, type ResourceFormInputProps } from '../../../resource-kit';
import { useSettledText } from '../../../resource-kit/useSettledText';
import { goodsListApi } from '../../goods/api';

/** What a line holds besides its price: the SKU, and what choosing it filled in (not sent unless a form maps it). */
export interface PromotionSkuLine {
  skuId?: number;
  goodsId?: number;
  listPriceCents?: number;
  label?: string;
}

/**
 * "Porcelain floor tile 尺寸：600x600": the goods title and the SKU's spec by its labels in `language` (the stock
 * rows' specLabels, issue 35 §8), as the picker shows it.
 */
/** A stored line's picker text, from the title and the spec text a promotion's details return (labelled by store-server in the request's language). */
export const storedSkuLabel = (sku: { title: string; specText: string }) => `${sku.title} ${sku.specText}`.trim();
/** `skus.2.skuId` → `skus.2.<key>`. */
const sibling = (name: string, key: keyof PromotionSkuLine) => name.replace(/[^.]+$/, key);

interface Choice {
  skuId: number;
  label: string;
  goodsId?: number;
  listPriceCents?: number;
}

/** Page size of the picker's search: the first matches are enough to pick from while typing. */
const SEARCH_PAGE_SIZE = 20;

/** A line's SKU (the `skuId` column's input): the store's SKUs searched by goods title. */
export function SkuCellInput({ field, required, disabled }: ResourceFormInputProps) {
  const { t, i18n } = useTranslation();
  const language = pickLanguage(i18n.language);
  const control = useFieldControl(field);
  const form = useFormContext();
  const storedLabel = useWatch({ name: sibling(field.name, 'label') }) as string | undefined;
  const value = control.value as number | undefined;
  const [input, setInput] = useState(storedLabel ?? '');
  const chosen: Choice | null = value === undefined ? null : { skuId: value, label: storedLabel ?? `#${value}` };
  const typed = useSettledText(input);
  // The chosen SKU's own text lists everything, not the goods titled like it.
  const search = chosen && typed === chosen.label ? '' : typed.trim();
  const result = goodsListApi.endpoints.skuStockList.useQuery({ pageNum: 1, pageSize: SEARCH_PAGE_SIZE, ...(search ? { title: search } : {}) });
  const options: Choice[] = (result.data?.list ?? []).map((row) => ({ skuId: row.skuId, label: skuTitleWithSpec(row, language), goodsId: row.goodsId, listPriceCents: row.price }));
  const fieldProps = textFieldProps(control, { required, disabled });
  return (
    <Autocomplete<Choice>
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
      noOptionsText={t('promotionSkus.noSkus')}
      onChange={(_event, next) => {
        form.setValue(sibling(field.name, 'goodsId'), next?.goodsId);
        form.setValue(sibling(field.name, 'listPriceCents'), next?.listPriceCents);
        form.setValue(sibling(field.name, 'label'), next?.label);
        control.onChange(next?.skuId);
      }}
      onBlur={control.onBlur}
      renderInput={(params) => <TextField {...params} {...fieldProps} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, ...fieldProps.slotProps.htmlInput } }} />}
    />
  );
}

/**
 * Which price a line sets, naming it in the hint: a sale or group price may not pass the list price; an activity
 * price may not pass `maxCents(list)` (the campaign's minimum discount off the list price).
 */
export type PromotionPriceHint = { price: 'sale' | 'group' } | { price: 'activity'; maxCents: (listPriceCents: number) => number };

/** A line's price input (the price column's input): the kit's money input with the SKU's list price as its hint. */
export function promotionPriceInput(hint: PromotionPriceHint) {
  const Money = FORM_FIELD_COMPONENTS.money;
  return function PromotionPriceInput(props: ResourceFormInputProps) {
    const { t } = useTranslation();
    const list = useWatch({ name: sibling(props.field.name, 'listPriceCents') }) as number | undefined;
    const text =
      list === undefined
        ? undefined
        : t(`promotionSkus.listPrice.${hint.price}`, { list: formatCents(list), ...(hint.price === 'activity' ? { max: formatCents(hint.maxCents(list)) } : {}) });
    return (
      <>
        <Money {...props} />
        {text && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {text}
          </Typography>
        )}
      </>
    );
  };
}
