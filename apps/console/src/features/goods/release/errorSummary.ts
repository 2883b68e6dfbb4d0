// The list of what still stops a submit, for the summary under the form: every field error in the
// form's order, each with the label the merchant sees on the field and its message in the merchant's
// language (the field shows the same message; the summary also names the fields out of view).
import type { i18n as I18n } from 'i18next';
import type { FieldErrors } from 'react-hook-form';
import { errorText } from './formText';
import type { ReleaseFormValues } from './releaseSchema';
import type { SkuRow } from './skus';

export interface ErrorSummaryItem {
  /** The form field (e.g. `skus.0.price`), or `root` for the form as a whole. */
  name: string;
  /** What the merchant reads: "label: message", or the message alone for the form as a whole. */
  text: string;
}

type Message = { message?: unknown } | undefined;

/** Form fields in the order the form shows them, with their label keys (the engine's fields are made from it too). */
export const RELEASE_FIELD_LABELS: ReadonlyArray<readonly [keyof ReleaseFormValues, string]> = [
  ['categoryId', 'goodsRelease.field.category'],
  ['brandName', 'goodsRelease.field.brand'],
  ['title', 'goodsRelease.field.title'],
  ['unitId', 'goodsRelease.sku.unit'],
  ['specs', 'goodsRelease.section.specs'],
  ['skus', 'goodsRelease.sku.table'],
  ['images', 'goodsRelease.field.images'],
  ['video', 'goodsRelease.field.video'],
  ['detailMode', 'goodsRelease.field.detailMode'],
  ['detailText', 'goodsRelease.field.detailText'],
  ['detailImages', 'goodsRelease.field.detailImages'],
  ['freightTemplateId', 'goodsRelease.field.freight'],
  ['afterSaleTemplateId', 'goodsRelease.field.afterSale'],
  ['cartageTemplateId', 'shopCartage.picker.label'],
];

const SKU_FIELDS = [
  ['specValues', 'goodsRelease.sku.spec'],
  ['price', 'goodsRelease.sku.price'],
  ['stock', 'goodsRelease.sku.stock'],
  ['floorPrice', 'goodsRelease.sku.floorPrice'],
] as const;

/** Every error of the form, in the form's order, in the merchant's language. */
export function errorSummary(i18n: Pick<I18n, 't' | 'language'>, errors: FieldErrors<ReleaseFormValues>, skus: readonly SkuRow[]): ErrorSummaryItem[] {
  const t = i18n.t;
  const items: ErrorSummaryItem[] = [];
  const add = (name: string, label: string | undefined, error: Message) => {
    if (!error || typeof error.message !== 'string' || !error.message) return;
    const message = errorText(i18n, error.message);
    items.push({ name, text: label ? t('goodsRelease.notice.summaryItem', { field: label, message }) : message });
  };
  for (const [name, labelKey] of RELEASE_FIELD_LABELS) {
    const error = errors[name] as (Message & { root?: Message } & Record<number, Record<string, Message> | undefined>) | undefined;
    if (!error) continue;
    add(name, t(labelKey), error);
    if (name !== 'skus') continue;
    add(name, t(labelKey), error.root);
    skus.forEach((row, index) => {
      const rowErrors = error[index];
      if (!rowErrors) return;
      const spec = row.specValues.length ? row.specValues.join(' / ') : t('goodsRelease.sku.single');
      for (const [field, fieldKey] of SKU_FIELDS) add(`skus.${index}.${field}`, t('goodsRelease.sku.rowLabel', { spec, field: t(fieldKey) }), rowErrors[field]);
    });
  }
  add('root', undefined, errors.root);
  return items;
}
