// The release form's values and rules. The form holds what the merchant types (yuan text, digit
// text, library files); `toSubmitBiz` / `toDraftBiz` turn it into the contract's wire shape (cents,
// integers, spec maps), and the form's resolver checks that result with the contract's own submit
// schema (the kit's contractResolver), so the form refuses exactly what store-server would, each
// problem as a rule code on the field it concerns, said in the merchant's language by the contracts'
// one translator (formText.errorText).
import { yuanTextToCents } from '@merchant/ui-kit';
import type { LibraryFile } from '@merchant/media-library';
import { activeSpecs, type SkuRow, type SpecChoice } from './skus';
import { ruleIssue } from '@merchant/api-contracts';
import { contractResolver } from '../../../resource-kit';
import { GOODS_DETAIL_TYPE, goodsSubmitBiz, type GoodsDraftInput, type GoodsImage, type GoodsSubmitInput } from './contract';
import { detailHtmlFromText } from './detailText';

/** A picked video with what the §5 rules need (measured in the browser when it is picked). */
export type PickedVideo = LibraryFile & { size: number; duration: number };

export type DetailMode = 'text' | 'images';

export type ReleaseFormValues = {
  categoryId: number | null;
  brandName: string;
  title: string;
  /** One unit for every SKU of the good (the contract's unitId); '' until chosen. */
  unitId: string;
  specs: SpecChoice[];
  skus: SkuRow[];
  images: LibraryFile[];
  video: PickedVideo | null;
  detailMode: DetailMode;
  detailText: string;
  detailImages: LibraryFile[];
  freightTemplateId: number | null;
  afterSaleTemplateId: number | null;
  /** Issue 27 §2: bulky goods name a cartage template; null: no cartage charge. */
  cartageTemplateId: number | null;
};

export const EMPTY_RELEASE_FORM: ReleaseFormValues = {
  categoryId: null,
  brandName: '',
  title: '',
  unitId: '',
  specs: [],
  skus: [{ specValues: [], price: '', stock: '' }],
  images: [],
  video: null,
  detailMode: 'text',
  detailText: '',
  detailImages: [],
  freightTemplateId: null,
  afterSaleTemplateId: null,
  cartageTemplateId: null,
};

/** 0.01 yuan: a SKU is never given away by a forgotten price (client rule; the wire allows 0). */
export const MIN_PRICE_CENTS = 1;

/**
 * The submit contract plus one rule of the console's own: a price of at least 0.01 yuan, so a forgotten
 * price never gives a SKU away (the wire allows 0 for the server's other callers).
 */
export const releaseSubmitRules = goodsSubmitBiz.superRefine(
  (goods, ctx) => {
    (goods.skus ?? []).forEach((sku, index) => {
      if (typeof sku.price === 'number' && sku.price < MIN_PRICE_CENTS) ctx.addIssue(ruleIssue('min', ['skus', index, 'price'], { limit: MIN_PRICE_CENTS / 100 }));
    });
  },
  // Shown with the other fields' problems, not only once they are all right.
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

const imageRef = (file: LibraryFile): GoodsImage => {
  const fileId = Number(file.fileId);
  return Number.isInteger(fileId) && fileId > 0 ? { fileId, objectUrl: file.objectUrl } : { objectUrl: file.objectUrl };
};

/** The floor typed for promotions in cents; '' (or nothing) is no floor. */
const floorCents = (text: string | undefined): number | null => (text === undefined || text.trim() === '' ? null : (yuanTextToCents(text) ?? null));

/** The SKUs on the wire: spec values as a map of spec name to value, price and floor price in cents, stock as a number. */
function toSkus(values: ReleaseFormValues) {
  const names = activeSpecs(values.specs).map((spec) => spec.specName);
  return values.skus.map((row) => ({
    ...(row.skuId ? { skuId: row.skuId } : {}),
    specValues: Object.fromEntries(names.map((name, index) => [name, row.specValues[index] ?? ''])),
    skuCode: row.skuCode ?? '',
    price: yuanTextToCents(row.price) ?? 0,
    stock: Number(row.stock || 0),
    warningStock: row.warningStock ?? null,
    // Left out when there is none: the contract reads absent as null (no floor), and clears a stored one.
    ...(floorCents(row.floorPrice) === null ? {} : { floorPrice: floorCents(row.floorPrice) }),
  }));
}

/** The SKUs as the submit checks them: a price or stock not typed yet is missing (the contract says it is required). */
function toCheckedSkus(values: ReleaseFormValues) {
  return toSkus(values).map((sku, index) => {
    const row = values.skus[index]!;
    return { ...sku, price: row.price.trim() === '' ? undefined : sku.price, stock: row.stock.trim() === '' ? undefined : Number(row.stock) };
  });
}

function toVideo(video: PickedVideo | null) {
  if (!video) return null;
  return { ...imageRef(video), objectSuffix: (video.objectSuffix ?? '').toLowerCase() as never, size: video.size, duration: video.duration };
}

function toDetail(values: ReleaseFormValues) {
  return values.detailMode === 'text'
    ? { detailType: GOODS_DETAIL_TYPE.richText, detailHtml: detailHtmlFromText(values.detailText), detailImages: [] }
    : { detailType: GOODS_DETAIL_TYPE.images, detailHtml: '', detailImages: values.detailImages.map(imageRef) };
}

/** The submit call's biz for checked form values. `goodsId` edits an existing good (or a draft). */
export function toSubmitBiz(values: ReleaseFormValues, goodsId?: number): GoodsSubmitInput {
  return {
    ...(goodsId !== undefined ? { goodsId } : {}),
    categoryId: values.categoryId ?? 0,
    brandName: values.brandName.trim(),
    title: values.title.trim(),
    unitId: Number(values.unitId),
    specList: activeSpecs(values.specs).map((spec) => ({ specName: spec.specName, values: [...spec.values] })),
    skus: toSkus(values),
    images: values.images.map(imageRef),
    video: toVideo(values.video),
    ...toDetail(values),
    freightTemplateId: values.freightTemplateId ?? 0,
    afterSaleTemplateId: values.afterSaleTemplateId,
    cartageTemplateId: values.cartageTemplateId,
  };
}

/** What the form's check reads: the submit biz with what is not chosen or typed yet left out (a required field reads "choose …" / "… is required"). */
export function toCheckedBiz(values: ReleaseFormValues): unknown {
  const biz = toSubmitBiz(values);
  return {
    ...biz,
    categoryId: values.categoryId ?? undefined,
    unitId: values.unitId === '' ? undefined : biz.unitId,
    skus: toCheckedSkus(values),
    images: values.images.length === 0 ? undefined : biz.images,
    freightTemplateId: values.freightTemplateId ?? undefined,
  };
}

/**
 * The draft call's biz: whatever the merchant has filled so far. Empty fields are left out (the
 * draft rules only check fields that are present), and SKU rows without a price or stock yet are
 * kept with 0 so the table comes back as it was.
 */
export function toDraftBiz(values: ReleaseFormValues, goodsId?: number): GoodsDraftInput {
  const title = values.title.trim();
  const brandName = values.brandName.trim();
  return {
    ...(goodsId !== undefined ? { goodsId } : {}),
    categoryId: values.categoryId,
    ...(brandName ? { brandName } : {}),
    ...(title ? { title } : {}),
    unitId: values.unitId ? Number(values.unitId) : null,
    specList: activeSpecs(values.specs).map((spec) => ({ specName: spec.specName, values: [...spec.values] })),
    skus: toSkus(values),
    images: values.images.map(imageRef),
    video: toVideo(values.video),
    ...toDetail(values),
    freightTemplateId: values.freightTemplateId,
    afterSaleTemplateId: values.afterSaleTemplateId,
    cartageTemplateId: values.cartageTemplateId,
  };
}

/** Contract field → the form field it is typed in (the contract checks the wire shape, the form shows its own). */
const FORM_FIELD_OF: Record<string, string> = {
  categoryId: 'categoryId',
  brandName: 'brandName',
  title: 'title',
  unitId: 'unitId',
  specList: 'specs',
  skus: 'skus',
  images: 'images',
  video: 'video',
  detailType: 'detailMode',
  detailHtml: 'detailText',
  detailImages: 'detailImages',
  freightTemplateId: 'freightTemplateId',
  afterSaleTemplateId: 'afterSaleTemplateId',
  cartageTemplateId: 'cartageTemplateId',
};

/** Where a contract problem is shown on the form: its field (a SKU's price, stock or spec values), else the form as a whole. */
export function formPathOf(path: readonly PropertyKey[]): PropertyKey[] {
  const [field, index, sub] = path;
  const formField = typeof field === 'string' ? FORM_FIELD_OF[field] : undefined;
  if (!formField) return ['root'];
  if (formField === 'skus' && typeof index === 'number') {
    return sub === 'price' || sub === 'stock' || sub === 'specValues' || sub === 'floorPrice' ? ['skus', index, sub] : ['skus'];
  }
  return [formField];
}

/** The form's resolver: the values as the submit biz, checked by the contract (and the one console rule above). */
export const releaseResolver = contractResolver<ReleaseFormValues>(releaseSubmitRules, toCheckedBiz, formPathOf);
