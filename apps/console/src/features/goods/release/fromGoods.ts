// A stored good (or draft) back into the release form: cents to yuan text, spec maps to rows in the
// category's spec order, stored images to picker files, stored HTML to paragraphs.
import { formatCents } from '@merchant/ui-kit';
import { mediaRefToFile } from '../../../resource-kit/fields/MediaValue';
import type { CategorySpec } from './api';
import { GOODS_DETAIL_TYPE, type GoodsDetail } from './contract';
import { detailTextFromHtml } from './detailText';
import { EMPTY_RELEASE_FORM, type PickedVideo, type ReleaseFormValues } from './releaseSchema';
import { activeSpecs, buildSkuRows, type SkuRow, type SpecChoice } from './skus';

/** The category's specs with the values the good uses; a stored spec the category no longer has stays, last. */
export function specChoicesFor(categorySpecs: readonly CategorySpec[], chosen: readonly { specName: string; values: string[] }[]): SpecChoice[] {
  const fromCategory = categorySpecs.map((spec) => ({
    specName: spec.specName,
    values: chosen.find((item) => item.specName === spec.specName)?.values ?? [],
  }));
  const stale = chosen.filter((item) => !categorySpecs.some((spec) => spec.specName === item.specName));
  return [...fromCategory, ...stale.map((item) => ({ specName: item.specName, values: [...item.values] }))];
}

export function fromGoodsDetail(goods: GoodsDetail, categorySpecs: readonly CategorySpec[]): ReleaseFormValues {
  const specs = specChoicesFor(categorySpecs, goods.specList ?? []);
  const names = activeSpecs(specs).map((spec) => spec.specName);
  const stored: SkuRow[] = (goods.skus ?? []).map((sku) => ({
    skuId: sku.skuId,
    skuCode: sku.skuCode,
    warningStock: sku.warningStock,
    specValues: names.map((name) => sku.specValues[name] ?? ''),
    price: sku.price > 0 ? formatCents(sku.price) : '',
    stock: String(sku.stock),
    floorPrice: sku.floorPrice == null ? '' : formatCents(sku.floorPrice),
  }));
  // A draft may hold only part of the combinations: the table always shows all of them.
  const skus = buildSkuRows(specs, stored);
  const video: PickedVideo | null = goods.video ? { ...mediaRefToFile(goods.video), objectSuffix: goods.video.objectSuffix, size: goods.video.size, duration: goods.video.duration } : null;
  const imagesMode = goods.detailType === GOODS_DETAIL_TYPE.images;
  return {
    ...EMPTY_RELEASE_FORM,
    categoryId: goods.categoryId ?? null,
    brandName: goods.brandName ?? '',
    title: goods.title ?? '',
    unitId: goods.unitId ? String(goods.unitId) : '',
    specs,
    skus,
    images: (goods.images ?? []).map(mediaRefToFile),
    video,
    detailMode: imagesMode ? 'images' : 'text',
    detailText: imagesMode ? '' : detailTextFromHtml(goods.detailHtml ?? ''),
    detailImages: (goods.detailImages ?? []).map(mediaRefToFile),
    freightTemplateId: goods.freightTemplateId ?? null,
    afterSaleTemplateId: goods.afterSaleTemplateId ?? null,
    cartageTemplateId: goods.cartageTemplateId ?? null,
  };
}
