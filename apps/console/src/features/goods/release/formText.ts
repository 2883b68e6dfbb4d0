// The text of a release form error. The form's check puts the contract's rule codes on the fields (the kit's
// contractResolver); the contracts' one translator says them with the label the merchant sees. An error
// set by the form itself (a brand no longer approved) is one of our i18n keys.
import type { i18n as I18n } from 'i18next';
import { decodeProblem, problemText } from '../../../resource-kit';

/** A wire field (the last named segment of a problem's path) → the label of the field it is typed in. */
const LABEL_OF: Readonly<Record<string, string>> = {
  categoryId: 'goodsRelease.field.category',
  brandName: 'goodsRelease.field.brand',
  title: 'goodsRelease.field.title',
  unitId: 'goodsRelease.sku.unit',
  specList: 'goodsRelease.section.specs',
  skus: 'goodsRelease.sku.table',
  specValues: 'goodsRelease.sku.spec',
  price: 'goodsRelease.sku.price',
  stock: 'goodsRelease.sku.stock',
  floorPrice: 'goodsRelease.sku.floorPrice',
  images: 'goodsRelease.field.images',
  video: 'goodsRelease.field.video',
  objectSuffix: 'goodsRelease.field.video',
  size: 'goodsRelease.field.video',
  duration: 'goodsRelease.field.video',
  detailHtml: 'goodsRelease.field.detailText',
  detailImages: 'goodsRelease.field.detailImages',
  freightTemplateId: 'goodsRelease.field.freight',
  afterSaleTemplateId: 'goodsRelease.field.afterSale',
  cartageTemplateId: 'shopCartage.picker.label',
};

/** Chosen rather than typed: an empty one reads "choose …". */
const PICKED = new Set(['categoryId', 'unitId', 'images', 'detailImages', 'specValues']);

/** The text of a field error in the merchant's language ('' for none). */
export function errorText(i18n: Pick<I18n, 't' | 'language'>, message: string | undefined): string {
  if (!message) return '';
  const problem = decodeProblem(message);
  if (!problem) return i18n.t(message, { defaultValue: message });
  const labelKey = LABEL_OF[problem.field];
  return problemText(i18n, message, labelKey ? i18n.t(labelKey) : '', PICKED.has(problem.field)) ?? '';
}
