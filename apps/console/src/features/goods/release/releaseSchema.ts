// The release form's values and rules. The form holds what the merchant types (yuan text, digit
// text, library files); `toSubmitBiz` / `toDraftBiz` turn it into the contract's wire shape (cents,
// integers, spec maps), and the submit schema checks that result with the contract's own biz schema,
// so the form can never send what the server would refuse for shape. Messages are i18n keys
// (release/messages.ts); limits come from the contract (GOODS_LIMITS).
import { z } from 'zod';
import { yuanTextToCents } from '@merchant/ui-kit';
import { isImageName, type LibraryFile } from '@merchant/media-library';
import { activeSpecs, countCombinations, type SkuRow, type SpecChoice } from './skus';
import { problemOf, valueAtPath, type RuleCode } from '@merchant/api-contracts';
import { GOODS_DETAIL_TYPE, GOODS_LIMITS, goodsSubmitBiz, type GoodsDraftInput, type GoodsImage, type GoodsSubmitInput } from './contract';
import { detailHtmlFromText } from './detailText';

const V = 'goodsRelease.validation';

/** A picked video with what the §5 rules need (measured in the browser when it is picked). */
export type PickedVideo = LibraryFile & { size: number; duration: number };

export type DetailMode = 'text' | 'images';

export interface ReleaseFormValues {
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
}

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
};

/** 0.01 yuan: a SKU is never given away by a forgotten price (client rule; the wire allows 0). */
export const MIN_PRICE_CENTS = 1;

const nameOf = (file: LibraryFile) => (file.objectSuffix ? `x.${file.objectSuffix}` : file.objectName);
const libraryFile = z.custom<LibraryFile>((value) => typeof value === 'object' && value !== null && 'objectUrl' in value);
const imagesOnly = (files: readonly LibraryFile[]) => files.every((file) => isImageName(nameOf(file)));

const skuRowSchema = z.object({
  specValues: z.array(z.string()),
  price: z
    .string()
    .min(1, `${V}.priceRequired`)
    .refine((text) => (yuanTextToCents(text) ?? 0) >= MIN_PRICE_CENTS, `${V}.priceMin`)
    .refine((text) => (yuanTextToCents(text) ?? 0) <= GOODS_LIMITS.priceMaxCents, `${V}.priceMax`),
  stock: z
    .string()
    .min(1, `${V}.stockRequired`)
    .regex(/^\d+$/, `${V}.stockInteger`)
    .refine((text) => Number(text) <= GOODS_LIMITS.stockMax, `${V}.stockMax`),
  skuId: z.number().optional(),
  skuCode: z.string().optional(),
  warningStock: z.number().nullable().optional(),
});

/** Client rules of the form: what the merchant must fix before submitting, each with its message. */
export const releaseFormSchema = z
  .object({
    categoryId: z.number({ error: `${V}.categoryRequired` }).int().positive(`${V}.categoryRequired`),
    brandName: z.string().trim().min(1, `${V}.brandRequired`).max(GOODS_LIMITS.brandMax, `${V}.brandMax`),
    title: z.string().trim().min(1, `${V}.titleRequired`).max(GOODS_LIMITS.titleMax, `${V}.titleMax`),
    unitId: z.string().min(1, `${V}.unitRequired`),
    specs: z.array(z.object({ specName: z.string(), values: z.array(z.string()) })),
    skus: z.array(skuRowSchema).min(1, `${V}.skusRequired`),
    images: z
      .array(libraryFile)
      .min(1, `${V}.imagesRequired`)
      .max(GOODS_LIMITS.imagesMax, `${V}.imagesMax`)
      .refine(imagesOnly, `${V}.imagesOnly`),
    video: z.custom<PickedVideo>().nullable(),
    detailMode: z.enum(['text', 'images']),
    detailText: z.string(),
    detailImages: z.array(libraryFile).max(GOODS_LIMITS.detailImagesMax, `${V}.detailImagesMax`).refine(imagesOnly, `${V}.imagesOnly`),
    freightTemplateId: z.number({ error: `${V}.freightRequired` }).int().positive(`${V}.freightRequired`),
    afterSaleTemplateId: z.number().int().positive().nullable(),
  })
  .superRefine((values, ctx) => {
    if (values.detailMode === 'text' && values.detailText.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['detailText'], message: `${V}.detailTextRequired` });
    }
    if (values.detailMode === 'text' && detailHtmlFromText(values.detailText).length > GOODS_LIMITS.detailHtmlMax) {
      ctx.addIssue({ code: 'custom', path: ['detailText'], message: `${V}.detailTextMax` });
    }
    if (values.detailMode === 'images' && values.detailImages.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['detailImages'], message: `${V}.detailImagesRequired` });
    }
    if (activeSpecs(values.specs).length > GOODS_LIMITS.specsMax) {
      ctx.addIssue({ code: 'custom', path: ['specs'], message: `${V}.specsMax` });
    }
    if (countCombinations(values.specs) > GOODS_LIMITS.skusMax) {
      ctx.addIssue({ code: 'custom', path: ['skus'], message: `${V}.skusMax` });
    }
    if (values.video && !isVideoWithinRules(values.video)) {
      ctx.addIssue({ code: 'custom', path: ['video'], message: `${V}.videoRules` });
    }
  }, {
    // Shown together with the field messages, not only once every field is right (the value is always the form's own shape).
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

/** console-spec §5 video rules (the contract's limits): at most 30MB, 6 to 120 seconds inclusive. */
export function isVideoWithinRules(video: Pick<PickedVideo, 'size' | 'duration'>): boolean {
  return (
    video.size <= GOODS_LIMITS.videoMaxBytes && video.duration >= GOODS_LIMITS.videoMinSeconds && video.duration <= GOODS_LIMITS.videoMaxSeconds
  );
}

const imageRef = (file: LibraryFile): GoodsImage => {
  const fileId = Number(file.fileId);
  return Number.isInteger(fileId) && fileId > 0 ? { fileId, objectUrl: file.objectUrl } : { objectUrl: file.objectUrl };
};

/** The SKUs on the wire: spec values as a map of spec name to value, price in cents, stock as a number. */
function toSkus(values: ReleaseFormValues) {
  const names = activeSpecs(values.specs).map((spec) => spec.specName);
  return values.skus.map((row) => ({
    ...(row.skuId ? { skuId: row.skuId } : {}),
    specValues: Object.fromEntries(names.map((name, index) => [name, row.specValues[index] ?? ''])),
    skuCode: row.skuCode ?? '',
    price: yuanTextToCents(row.price) ?? 0,
    stock: Number(row.stock || 0),
    warningStock: row.warningStock ?? null,
  }));
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
};

/** The contract's cross-field rules (by their rule code), in the merchant's language (release/messages.ts). */
const RULE_KEYS: Partial<Record<RuleCode, string>> = {
  specTwice: `${V}.specTwice`,
  skuSpecValues: `${V}.skuSpecValues`,
  skuTwin: `${V}.skuTwin`,
  detailRequired: `${V}.detailTextRequired`,
  detailImagesRequired: `${V}.detailImagesRequired`,
};

/** Where a contract issue is shown on the form: its field (a SKU's price, stock or spec values), else the form as a whole. */
function formPathOf(path: readonly PropertyKey[]): PropertyKey[] {
  const [field, index, sub] = path;
  const formField = typeof field === 'string' ? FORM_FIELD_OF[field] : undefined;
  if (!formField) return ['root'];
  if (formField === 'skus' && typeof index === 'number') {
    return sub === 'price' || sub === 'stock' || sub === 'specValues' ? ['skus', index, sub] : ['skus'];
  }
  return [formField];
}

/**
 * The form's resolver schema: the client rules, then the contract's submit schema on the wire shape,
 * so nothing the server would refuse is ever sent. A contract rule is shown on the field it concerns
 * (a field the client rules already flagged keeps their message: the resolver keeps the first), in
 * the merchant's language: a known rule with its own text, any other as 'does not meet the rules'.
 */
export const releaseSubmitSchema = releaseFormSchema.superRefine((values, ctx) => {
  const wire = toSubmitBiz(values as ReleaseFormValues);
  const checked = goodsSubmitBiz.safeParse(wire);
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    const { rule } = problemOf(issue, valueAtPath(wire, issue.path));
    ctx.addIssue({ code: 'custom', path: formPathOf(issue.path), message: RULE_KEYS[rule] ?? `${V}.contractRule` });
  }
});
