// The inventory pickers as inputs of the resource kit's forms (ResourceFormField.input): each keeps the
// chosen row for its label while the form keeps the id, and gets the form's label, error and focus.
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldControl, type ResourceFormInputProps } from '../../../resource-kit';
import { ItemPicker, ItemsPicker, SkuPicker, WarehouseField, type ItemRow, type SkuRow } from './pickers';

/** A warehouse by name: one the store's items are kept at, or a new one. */
export function WarehouseInput({ field }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  return (
    <WarehouseField
      label={control.label}
      value={(control.value as string | undefined) ?? ''}
      onChange={control.onChange}
      onBlur={control.onBlur}
      inputRef={control.ref}
      error={control.error}
      helperText={control.helperText}
      testId={`${field.name}-input`}
    />
  );
}

/** One of the store's goods SKUs; the form keeps its skuId. */
export function SkuInput({ field }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const [sku, setSku] = useState<SkuRow | null>(null);
  return (
    <SkuPicker
      label={control.label}
      value={sku}
      onChange={(next) => {
        setSku(next);
        control.onChange(next?.skuId);
      }}
      onBlur={control.onBlur}
      inputRef={control.ref}
      error={control.error}
      helperText={control.helperText}
      testId={`${field.name}-input`}
    />
  );
}

/** Items of the warehouse in the form's `warehouseName`; the form keeps their itemIds. */
export function WarehouseItemsInput({ field }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const warehouseName = useWatch({ name: 'warehouseName' }) as string;
  const [items, setItems] = useState<ItemRow[]>([]);
  const { onChange } = control;
  // The chosen items belong to the warehouse named before: another name drops them.
  useEffect(() => {
    if (!items.some((item) => item.warehouseName !== warehouseName.trim())) return;
    setItems([]);
    onChange([]);
  }, [warehouseName]);
  return (
    <ItemsPicker
      label={control.label}
      warehouseName={warehouseName}
      value={items}
      onChange={(next) => {
        setItems(next);
        control.onChange(next.map((item) => item.itemId));
      }}
      inputRef={control.ref}
      error={control.error}
      helperText={control.helperText}
      testId={`${field.name}-input`}
    />
  );
}

/**
 * The item of one line of an order's lines (`lines.2.itemId`): an item of the warehouse in the form's
 * `warehouseName`, not on another line; its stock shows under it. Another warehouse takes it off the line.
 */
export function LineItemInput({ field, required }: ResourceFormInputProps) {
  const { t } = useTranslation();
  const control = useFieldControl(field);
  const warehouseName = useWatch({ name: 'warehouseName' }) as string;
  const listName = field.name.replace(/\.\d+\.[^.]+$/, '');
  const lines = (useWatch({ name: listName }) as Array<{ itemId?: number }> | undefined) ?? [];
  const [item, setItem] = useState<ItemRow | null>(null);
  const { onChange, value } = control;
  useEffect(() => {
    if (!item || item.warehouseName === warehouseName.trim()) return;
    setItem(null);
    onChange(undefined);
  }, [warehouseName]);
  const shown = item && item.itemId === value ? item : null;
  return (
    <ItemPicker
      label={control.label}
      required={required}
      warehouseName={warehouseName}
      value={shown}
      taken={lines.flatMap((line) => (line.itemId === undefined ? [] : [line.itemId]))}
      onChange={(next) => {
        setItem(next);
        control.onChange(next?.itemId);
      }}
      onBlur={control.onBlur}
      inputRef={control.ref}
      error={control.error}
      helperText={shown ? t('inventory.form.inStock', { quantity: shown.quantity }) : undefined}
      testId={field.testId ?? `${field.name}-input`}
    />
  );
}
