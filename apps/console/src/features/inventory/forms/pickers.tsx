// Inputs of the inventory forms that pick from the server: a warehouse (the ones the store's items are
// kept at, or a new name), one of the store's items at a warehouse, and one of the store's goods SKUs
// (the goods area's SKU stock list, features/goods/api.ts). Choices are searched on the server as the
// merchant types.
import { useMemo, useState, type HTMLAttributes, type Key, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { pickLanguage, skuTitleWithSpec, type EndpointData, type goodsEndpoints, type inventoryEndpoints } from '@merchant/api-contracts';
import { useSettledText } from '../../../resource-kit/useSettledText';
import { goodsListApi } from '../../goods/api';
import { inventoryApi } from '../api';

export type ItemRow = EndpointData<typeof inventoryEndpoints.itemList>['list'][number];
export type SkuRow = EndpointData<typeof goodsEndpoints.skuStockList>['list'][number];

/** How many choices a picker offers at once (the merchant narrows them by typing). */
const CHOICES = 20;
/** The largest list page (console-spec §2): enough to name a store's warehouses. */
const LARGEST_PAGE = 200;

export const itemText = (item: Pick<ItemRow, 'itemName' | 'skuText'>) => `${item.itemName} ${item.skuText}`.trim();

interface FieldProps {
  label: string;
  error?: string;
  helperText?: string;
  onBlur?(): void;
  testId?: string;
  disabled?: boolean;
  /** The input, for the form to focus it when its value is refused. */
  inputRef?: Ref<HTMLInputElement>;
}

/** The text field every picker draws: the form's label, error and help, and the test id on the input. */
function pickerInput(params: AutocompleteRenderInputParams, { label, error, helperText, onBlur, testId, inputRef }: FieldProps, required = false) {
  return (
    <TextField
      {...params}
      inputRef={inputRef}
      label={label}
      size="small"
      required={required}
      error={Boolean(error)}
      helperText={error ?? helperText}
      onBlur={onBlur}
      slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
    />
  );
}

/** A choice on two lines: what it is, and a detail in smaller text. */
function twoLineOption({ key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key }, primary: string, secondary: string) {
  return (
    <Box component="li" key={key} {...props}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2">{primary}</Typography>
        <Typography variant="caption" color="text.secondary">
          {secondary}
        </Typography>
      </Box>
    </Box>
  );
}

/** The warehouses the store's items are kept at; a new name may be typed. */
export function WarehouseField({ value, onChange, label, error, helperText, onBlur, testId, inputRef }: FieldProps & { value: string; onChange(value: string): void }) {
  const rows = inventoryApi.endpoints.inventoryItems.useQuery({ pageNum: 1, pageSize: LARGEST_PAGE }).data?.list;
  const warehouses = useMemo(() => [...new Set((rows ?? []).map((row) => row.warehouseName))].sort(), [rows]);
  return (
    <Autocomplete
      freeSolo
      options={warehouses}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      renderInput={(params) => pickerInput(params, { label, error, helperText, onBlur, testId, inputRef }, true)}
    />
  );
}

/** One of the store's items at `warehouseName` (search by name); `taken` items are shown but cannot be picked again. */
export function ItemPicker({
  warehouseName,
  value,
  onChange,
  taken = [],
  label,
  error,
  helperText,
  onBlur,
  testId,
  inputRef,
  required = false,
}: FieldProps & { warehouseName: string; value: ItemRow | null; onChange(item: ItemRow | null): void; taken?: readonly number[]; required?: boolean }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const typed = useSettledText(input);
  const warehouse = warehouseName.trim();
  const search = typed && value && typed === itemText(value) ? '' : typed;
  const result = inventoryApi.endpoints.inventoryItems.useQuery(
    { pageNum: 1, pageSize: CHOICES, warehouseName: warehouse, ...(search ? { itemName: search } : {}) },
    { skip: warehouse === '' },
  );
  // The warehouse filter is a keyword search: keep only the warehouse named.
  const options = useMemo(() => (result.data?.list ?? []).filter((row) => row.warehouseName === warehouse), [result.data, warehouse]);
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.itemId === chosen.itemId}
      getOptionDisabled={(option) => taken.includes(option.itemId) && option.itemId !== value?.itemId}
      getOptionLabel={itemText}
      loading={result.isFetching}
      disabled={warehouse === ''}
      noOptionsText={t(warehouse === '' ? 'inventory.form.warehouseFirst' : 'inventory.form.noItems')}
      loadingText={t('resourceKit.loading')}
      renderOption={(props, option) => twoLineOption(props, itemText(option), t('inventory.form.inStock', { quantity: option.quantity }))}
      renderInput={(params) => pickerInput(params, { label, error, helperText: warehouse === '' ? t('inventory.form.warehouseFirst') : helperText, onBlur, testId, inputRef }, required)}
    />
  );
}

/** Several of the store's items at `warehouseName` (an optional choice, e.g. what a count covers). */
export function ItemsPicker({ warehouseName, value, onChange, label, helperText, error, testId, inputRef }: FieldProps & { warehouseName: string; value: ItemRow[]; onChange(items: ItemRow[]): void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const typed = useSettledText(input);
  const warehouse = warehouseName.trim();
  const result = inventoryApi.endpoints.inventoryItems.useQuery({ pageNum: 1, pageSize: CHOICES, warehouseName: warehouse, ...(typed ? { itemName: typed } : {}) }, { skip: warehouse === '' });
  const options = useMemo(() => (result.data?.list ?? []).filter((row) => row.warehouseName === warehouse), [result.data, warehouse]);
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      filterOptions={(all) => all}
      filterSelectedOptions
      isOptionEqualToValue={(option, chosen) => option.itemId === chosen.itemId}
      getOptionLabel={itemText}
      loading={result.isFetching}
      disabled={warehouse === ''}
      noOptionsText={t('inventory.form.noItems')}
      loadingText={t('resourceKit.loading')}
      renderInput={(params) => pickerInput(params, { label, error, helperText, testId, inputRef })}
    />
  );
}

/** One of the store's goods SKUs (search by goods title), from the goods area's SKU stock list. */
export function SkuPicker({ value, onChange, label, error, helperText, onBlur, testId, inputRef }: FieldProps & { value: SkuRow | null; onChange(sku: SkuRow | null): void }) {
  const { t, i18n } = useTranslation();
  const [input, setInput] = useState('');
  const typed = useSettledText(input);
  // The SKU's spec by its labels in the console's language (the stock rows' specLabels, issue 35 §8).
  const skuLabel = (sku: SkuRow) => skuTitleWithSpec(sku, pickLanguage(i18n.language));
  const search = typed && value && typed === skuLabel(value) ? '' : typed;
  const result = goodsListApi.endpoints.skuStockList.useQuery({ pageNum: 1, pageSize: CHOICES, ...(search ? { title: search } : {}) });
  return (
    <Autocomplete
      options={result.data?.list ?? []}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.skuId === chosen.skuId}
      getOptionLabel={skuLabel}
      loading={result.isFetching}
      noOptionsText={t('inventory.form.noSkus')}
      loadingText={t('resourceKit.loading')}
      renderOption={(props, option) => twoLineOption(props, skuLabel(option), [option.skuCode, t('inventory.form.goodsId', { id: option.goodsId })].filter(Boolean).join(' · '))}
      renderInput={(params) => pickerInput(params, { label, error, helperText, onBlur, testId, inputRef }, true)}
    />
  );
}
