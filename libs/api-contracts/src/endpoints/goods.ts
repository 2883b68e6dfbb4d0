// Goods (console-spec §2 /goods, §7 goodsSkuWarning and category calls; docs/goods.md): the shapes,
// rules and status mappings the console's screens and store-server's goods module both use.
import { z } from 'zod';
import { defineEndpoint, emptyBiz, pageQueryShape, pageResult } from '../endpoint';
import { statusTable, type StatusTable } from '../status-tables';
import { PERMISSIONS } from '../permissions';
import { STORE_CODES } from '../store-codes';
import { rule, ruleIssue } from '../rules';
import type { SupportedLanguage } from '../languages';

// ---------------------------------------------------------------------------------------------
// Status values and their labels (written once: console tabs, server state machine, tests).

/** Goods status (our design; the spec names the tabs): draft → under review → on shelf | rejected; on ↔ off shelf. */
export const GOODS_STATUS = { draft: 0, underReview: 1, onShelf: 2, offShelf: 3, rejected: 4 } as const;
export type GoodsStatus = (typeof GOODS_STATUS)[keyof typeof GOODS_STATUS];
export const GOODS_STATUS_VALUES = Object.values(GOODS_STATUS) as GoodsStatus[];

export const GOODS_STATUS_LABELS: StatusTable<GoodsStatus> = statusTable({
  [GOODS_STATUS.draft]: { 'zh-CN': '草稿', 'en-US': 'draft' },
  [GOODS_STATUS.underReview]: { 'zh-CN': '审核中', 'en-US': 'under review' },
  [GOODS_STATUS.onShelf]: { 'zh-CN': '已上架', 'en-US': 'on shelf' },
  [GOODS_STATUS.offShelf]: { 'zh-CN': '已下架', 'en-US': 'off shelf' },
  [GOODS_STATUS.rejected]: { 'zh-CN': '审核驳回', 'en-US': 'rejected' },
});

/** goodList/goodAll tabs in their order (console-spec §2 issue text): on shelf, off shelf, under review, rejected. */
export const GOODS_LIST_TABS: readonly GoodsStatus[] = [GOODS_STATUS.onShelf, GOODS_STATUS.offShelf, GOODS_STATUS.underReview, GOODS_STATUS.rejected];

/**
 * Where each action may start (the server's state machine; the console enables buttons from it).
 * submit: a draft, rejected or off-shelf goods goes to review; editing on-shelf goods also re-enters review.
 */
export const GOODS_TRANSITIONS = {
  submit: [GOODS_STATUS.draft, GOODS_STATUS.rejected, GOODS_STATUS.offShelf, GOODS_STATUS.onShelf],
  saveDraft: [GOODS_STATUS.draft],
  onShelf: [GOODS_STATUS.offShelf],
  offShelf: [GOODS_STATUS.onShelf],
  delete: [GOODS_STATUS.draft, GOODS_STATUS.offShelf, GOODS_STATUS.rejected],
  approve: [GOODS_STATUS.underReview],
  reject: [GOODS_STATUS.underReview],
} as const satisfies Record<string, readonly GoodsStatus[]>;
export type GoodsAction = keyof typeof GOODS_TRANSITIONS;

export function goodsActionAllowed(action: GoodsAction, status: number): boolean {
  return (GOODS_TRANSITIONS[action] as readonly number[]).includes(status);
}

/** console-spec §3 shared list "stock status values" (ref_dictionary stockStatus): 1 in stock, 2 low stock, 3 out of stock. */
export const STOCK_STATUS = { inStock: 1, lowStock: 2, outOfStock: 3 } as const;
export type StockStatus = (typeof STOCK_STATUS)[keyof typeof STOCK_STATUS];
export const STOCK_STATUS_VALUES = Object.values(STOCK_STATUS) as StockStatus[];
export const STOCK_STATUS_LABELS: StatusTable<StockStatus> = statusTable({
  [STOCK_STATUS.inStock]: { 'zh-CN': '有货', 'en-US': 'in stock' },
  [STOCK_STATUS.lowStock]: { 'zh-CN': '库存紧张', 'en-US': 'low stock' },
  [STOCK_STATUS.outOfStock]: { 'zh-CN': '缺货', 'en-US': 'out of stock' },
});

/** Stock status of a quantity against its warning line: 0 → out of stock; at or below the line → low; else in stock. */
export function stockStatusOf(stock: number, warningLine: number | null | undefined): StockStatus {
  if (stock <= 0) return STOCK_STATUS.outOfStock;
  if (warningLine !== null && warningLine !== undefined && stock <= warningLine) return STOCK_STATUS.lowStock;
  return STOCK_STATUS.inStock;
}

/** Warning record status (goods stock warnings and inventory service warnings): 1 open, 2 handled. */
export const WARNING_STATUS = { open: 1, handled: 2 } as const;
export type WarningStatus = (typeof WARNING_STATUS)[keyof typeof WARNING_STATUS];
export const WARNING_STATUS_LABELS: StatusTable<WarningStatus> = statusTable({
  [WARNING_STATUS.open]: { 'zh-CN': '待处理', 'en-US': 'open' },
  [WARNING_STATUS.handled]: { 'zh-CN': '已处理', 'en-US': 'handled' },
});

/** Detail of a goods: 1 rich text, 2 images. */
export const GOODS_DETAIL_TYPE = { richText: 1, images: 2 } as const;

// ---------------------------------------------------------------------------------------------
// Limits (our design unless a spec section is cited).

export const GOODS_LIMITS = {
  titleMax: 60,
  brandMax: 30,
  imagesMax: 9,
  detailImagesMax: 30,
  detailHtmlMax: 50_000,
  specsMax: 3,
  specValuesMax: 20,
  skusMax: 200,
  skuCodeMax: 40,
  /** 999,999.99 yuan, in cents (console-spec §9: money in cents). */
  priceMaxCents: 99_999_999,
  stockMax: 9_999_999,
  rejectReasonMax: 200,
  bulkIdsMax: 200,
  /** console-spec §5, §9: goods video max 30MB, 6 to 120 seconds inclusive. */
  videoMaxBytes: 30 * 1024 * 1024,
  videoMinSeconds: 6,
  videoMaxSeconds: 120,
} as const;

/** console-spec §5 video suffixes (the media picker's video rule). */
export const GOODS_VIDEO_SUFFIXES = ['mp4', 'avi', 'wmv', 'mpg', 'mpeg', 'mov', 'rm', 'ram', 'swf', 'flv'] as const;
export type GoodsVideoSuffix = (typeof GOODS_VIDEO_SUFFIXES)[number];

// ---------------------------------------------------------------------------------------------
// Field rules (shared by the release form and the server).

const positiveId = () =>
  z.number().int().positive();

const cents = () =>
  z
    .number()
    .refine(Number.isInteger, rule('wholeCents'))
    .min(0)
    .max(GOODS_LIMITS.priceMaxCents);

const stockField = () =>
  z
    .number()
    .int()
    .min(0)
    .max(GOODS_LIMITS.stockMax);

const trimmed = (max: number) =>
  z.string().trim().min(1).max(max);

/**
 * What a goods image or video answers when its media-library file is gone or is not the store's own
 * (docs/goods.md "Images"): a neutral grey picture, so the screens keep their layout.
 */
export const GOODS_MEDIA_UNAVAILABLE_URL =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='240' height='160'%3E%3Crect width='100%25' height='100%25' fill='%23e0e0e0'/%3E%3C/svg%3E";

/** A picked media-library file (the media picker's value). */
export const goodsImageSchema = z.object({
  fileId: positiveId().optional(),
  objectUrl: z.string().trim().min(1).max(500),
});
export type GoodsImage = z.infer<typeof goodsImageSchema>;

/** The goods video with the console-spec §5 rules: a video suffix, at most 30MB, 6 to 120 seconds. */
export const goodsVideoSchema = goodsImageSchema.extend({
  objectSuffix: z
    .custom<GoodsVideoSuffix>((suffix) => (GOODS_VIDEO_SUFFIXES as readonly unknown[]).includes(suffix), rule('onlyVideos'))
    .meta({ type: 'string', enum: [...GOODS_VIDEO_SUFFIXES] }),
  // The spec's own sentences (§5) rather than a bound in bytes or seconds: refinements named by their rule.
  size: z
    .number()
    .int()
    .positive()
    .refine((size) => size <= GOODS_LIMITS.videoMaxBytes, rule('videoSize', { limit: GOODS_LIMITS.videoMaxBytes / 1024 / 1024 }))
    .meta({ maximum: GOODS_LIMITS.videoMaxBytes }),
  duration: z
    .number()
    .refine((seconds) => seconds >= GOODS_LIMITS.videoMinSeconds && seconds <= GOODS_LIMITS.videoMaxSeconds, rule('videoDuration', { limit: GOODS_LIMITS.videoMinSeconds, upper: GOODS_LIMITS.videoMaxSeconds }))
    .meta({ minimum: GOODS_LIMITS.videoMinSeconds, maximum: GOODS_LIMITS.videoMaxSeconds }),
});
export type GoodsVideo = z.infer<typeof goodsVideoSchema>;

/** One chosen spec of the backend category with the values the merchant sells (console-spec §7 category specs). */
export const goodsSpecSchema = z.object({
  specName: trimmed(30),
  values: z
    .array(trimmed(30))
    .min(1)
    .max(GOODS_LIMITS.specValuesMax),
});
export type GoodsSpec = z.infer<typeof goodsSpecSchema>;

/** One SKU: a combination of spec values with its price in cents, stock and optional warning line. */
export const goodsSkuInputSchema = z.object({
  /** Present when editing an existing SKU (its stock history and warnings stay with it). */
  skuId: positiveId().optional(),
  specValues: z.record(z.string(), z.string()),
  skuCode: z.string().trim().max(GOODS_LIMITS.skuCodeMax).default(''),
  price: cents(),
  stock: stockField(),
  warningStock: stockField().nullable().default(null),
  /**
   * The floor unit price in cents (the margin guard, docs/marketing.md "Margin guard"): no promotion may sell the
   * SKU below it. At most the price; null or absent: no floor (an edit without it clears a stored one).
   */
  floorPrice: cents().nullable().optional(),
});
export type GoodsSkuInput = z.input<typeof goodsSkuInputSchema>;

const goodsFields = {
  categoryId: positiveId(),
  brandName: trimmed(GOODS_LIMITS.brandMax),
  title: trimmed(GOODS_LIMITS.titleMax),
  unitId: positiveId(),
  specList: z.array(goodsSpecSchema).max(GOODS_LIMITS.specsMax),
  skus: z
    .array(goodsSkuInputSchema)
    .min(1)
    .max(GOODS_LIMITS.skusMax),
  images: z
    .array(goodsImageSchema)
    .min(1)
    .max(GOODS_LIMITS.imagesMax),
  video: goodsVideoSchema.nullable(),
  detailType: z.union([z.literal(GOODS_DETAIL_TYPE.richText), z.literal(GOODS_DETAIL_TYPE.images)]),
  detailHtml: z.string().max(GOODS_LIMITS.detailHtmlMax),
  detailImages: z.array(goodsImageSchema).max(GOODS_LIMITS.detailImagesMax),
  freightTemplateId: positiveId(),
  afterSaleTemplateId: positiveId().nullable(),
  /** Issue 27 §2: the cartage template of bulky goods; null: carried at no charge. */
  cartageTemplateId: positiveId().nullable(),
};

/** Cross-field rules: SKUs are the spec combinations, each once, with values from the chosen specs; the detail matches its type. */
function checkGoods(goods: Partial<Record<keyof typeof goodsFields, unknown>>, ctx: z.RefinementCtx, complete: boolean): void {
  const specList = (goods.specList ?? []) as GoodsSpec[];
  const names = specList.map((s) => s.specName);
  if (new Set(names).size !== names.length) ctx.addIssue(ruleIssue('specTwice', ['specList']));
  const skus = (goods.skus ?? []) as Array<{ specValues: Record<string, string>; price?: unknown; floorPrice?: unknown }>;
  const seen = new Set<string>();
  skus.forEach((sku, index) => {
    if (typeof sku.floorPrice === 'number' && typeof sku.price === 'number' && sku.floorPrice > sku.price) ctx.addIssue(ruleIssue('floorAbovePrice', ['skus', index, 'floorPrice']));
    const keys = Object.keys(sku.specValues);
    const matches = keys.length === names.length && names.every((name) => specList.find((s) => s.specName === name)?.values.includes(sku.specValues[name] ?? '\u0000'));
    if (!matches) ctx.addIssue(ruleIssue('skuSpecValues', ['skus', index, 'specValues']));
    const key = names.map((name) => sku.specValues[name]).join('\u0001');
    if (seen.has(key)) ctx.addIssue(ruleIssue('skuTwin', ['skus', index, 'specValues']));
    seen.add(key);
  });
  if (!complete) return;
  if (goods.detailType === GOODS_DETAIL_TYPE.richText && !String(goods.detailHtml ?? '').trim()) {
    ctx.addIssue(ruleIssue('detailRequired', ['detailHtml']));
  }
  if (goods.detailType === GOODS_DETAIL_TYPE.images && ((goods.detailImages ?? []) as unknown[]).length === 0) {
    ctx.addIssue(ruleIssue('detailImagesRequired', ['detailImages']));
  }
}

/** goodRelease (create and edit) submitted for review: every field complete. goodsId present = edit. */
export const goodsSubmitBiz = z
  .object({
    goodsId: positiveId().optional(),
    ...goodsFields,
    specList: goodsFields.specList.default([]),
    video: goodsFields.video.default(null),
    detailHtml: goodsFields.detailHtml.default(''),
    detailImages: goodsFields.detailImages.default([]),
    afterSaleTemplateId: goodsFields.afterSaleTemplateId.default(null),
    cartageTemplateId: goodsFields.cartageTemplateId.default(null),
  })
  .superRefine((goods, ctx) => checkGoods(goods, ctx, true));
export type GoodsSubmitInput = z.input<typeof goodsSubmitBiz>;
export type GoodsSubmit = z.output<typeof goodsSubmitBiz>;

/** goodDraft: any subset of the release form, kept on the server; each present field keeps its rule. */
export const goodsDraftBiz = z
  .object({
    goodsId: positiveId().optional(),
    categoryId: goodsFields.categoryId.nullable().optional(),
    brandName: z.string().trim().max(GOODS_LIMITS.brandMax).optional(),
    title: z.string().trim().max(GOODS_LIMITS.titleMax).optional(),
    unitId: goodsFields.unitId.nullable().optional(),
    specList: goodsFields.specList.optional(),
    skus: z.array(goodsSkuInputSchema).max(GOODS_LIMITS.skusMax).optional(),
    images: z.array(goodsImageSchema).max(GOODS_LIMITS.imagesMax).optional(),
    video: goodsFields.video.optional(),
    detailType: goodsFields.detailType.optional(),
    detailHtml: goodsFields.detailHtml.optional(),
    detailImages: goodsFields.detailImages.optional(),
    freightTemplateId: goodsFields.freightTemplateId.nullable().optional(),
    afterSaleTemplateId: goodsFields.afterSaleTemplateId.optional(),
    cartageTemplateId: goodsFields.cartageTemplateId.optional(),
  })
  .superRefine((goods, ctx) => checkGoods(goods, ctx, false));
export type GoodsDraftInput = z.input<typeof goodsDraftBiz>;
export type GoodsDraft = z.output<typeof goodsDraftBiz>;

// ---------------------------------------------------------------------------------------------
// Lists: paging (console-spec §3 table response: list, pageNum, pageSize, total), filters and sorts.

export const SORT_ORDERS = ['asc', 'desc'] as const;

/** The sort fields of a list call: `sortField` from the list's own keys, `sortOrder` asc or desc. */
export const sortShape = <const K extends readonly [string, ...string[]]>(keys: K) => ({
  sortField: z.enum(keys).optional(),
  sortOrder: z.enum(SORT_ORDERS).optional(),
});

export const secondsField = () =>
  z.number().int().min(0);
export const keywordField = () =>
  z.string().trim().max(60).optional();

/** A creation-time window in seconds, both ends inclusive (console-spec §5: end cannot be less than start). */
export const createTimeShape = { createTimeStart: secondsField().optional(), createTimeEnd: secondsField().optional() };
export const createTimeRangeValid = (v: { createTimeStart?: number; createTimeEnd?: number }) =>
  v.createTimeStart === undefined || v.createTimeEnd === undefined || v.createTimeEnd >= v.createTimeStart;
export const CREATE_TIME_RANGE_ERROR = rule('endBeforeStart', { path: ['createTimeEnd'] });

/** goodList/goodAll price range in cents: the highest price is not below the lowest (either may be left out). */
export const goodsPriceRangeValid = (v: { priceMin?: number; priceMax?: number }) => v.priceMin === undefined || v.priceMax === undefined || v.priceMax >= v.priceMin;

export const GOODS_SORT_FIELDS = ['createTime', 'updateTime', 'price'] as const;

const goodsStatusField = (values: readonly number[]) =>
  z.number().refine((s) => values.includes(s), rule('option', { values }));

/** goodList/goodAll: a status tab (absent = every tab, drafts excluded), keyword, category, creation window, price range. */
export const goodsListBiz = z
  .object({
    ...pageQueryShape,
    status: goodsStatusField(GOODS_LIST_TABS).optional(),
    title: keywordField(),
    goodsId: positiveId().optional(),
    categoryId: positiveId().optional(),
    brandName: keywordField(),
    /** Goods using this freight template (the link from a template that cannot be deleted). */
    freightTemplateId: positiveId().optional(),
    /** Goods using this cartage template (the link from a cartage template that cannot be deleted). */
    cartageTemplateId: positiveId().optional(),
    ...createTimeShape,
    priceMin: cents().optional(),
    priceMax: cents().optional(),
    ...sortShape(GOODS_SORT_FIELDS),
  })
  .refine(createTimeRangeValid, CREATE_TIME_RANGE_ERROR)
  .refine(goodsPriceRangeValid, rule('maxBelowMin', { path: ['priceMax'], other: 'priceMin' }));
export type GoodsListQuery = z.input<typeof goodsListBiz>;

/** goodDraft list. */
export const goodsDraftListBiz = z
  .object({ ...pageQueryShape, title: keywordField(), ...createTimeShape, ...sortShape(['createTime', 'updateTime'] as const) })
  .refine(createTimeRangeValid, CREATE_TIME_RANGE_ERROR);

const goodsStatusValue = z.number().int() as unknown as z.ZodType<GoodsStatus>;
const stockStatusValue = z.number().int() as unknown as z.ZodType<StockStatus>;
const warningStatusValue = z.number().int() as unknown as z.ZodType<WarningStatus>;

export const goodsListRowSchema = z.object({
  goodsId: z.number(),
  title: z.string(),
  brandName: z.string(),
  categoryId: z.number().nullable(),
  categoryName: z.string(),
  status: goodsStatusValue,
  mainImageUrl: z.string(),
  /** Lowest SKU price, cents. */
  minPrice: z.number(),
  totalStock: z.number(),
  skuCount: z.number(),
  rejectReason: z.string(),
  createTime: z.number(),
  updateTime: z.number(),
});
export type GoodsListRow = z.infer<typeof goodsListRowSchema>;

export const goodsSkuSchema = z.object({
  skuId: z.number(),
  specValues: z.record(z.string(), z.string()),
  skuCode: z.string(),
  price: z.number(),
  stock: z.number(),
  warningStock: z.number().nullable(),
  stockStatus: stockStatusValue,
});
export type GoodsSku = z.infer<typeof goodsSkuSchema>;

/** A SKU of the goods detail: with the merchant's floor price (cents, null: none; absent in snapshots taken before floors existed). */
export const goodsDetailSkuSchema = goodsSkuSchema.extend({
  floorPrice: z.number().nullable().optional(),
});
export type GoodsDetailSku = z.infer<typeof goodsDetailSkuSchema>;

export const goodsDetailSchema = z.object({
  goodsId: z.number(),
  status: goodsStatusValue,
  categoryId: z.number().nullable(),
  categoryName: z.string(),
  brandName: z.string(),
  title: z.string(),
  unitId: z.number().nullable(),
  specList: z.array(goodsSpecSchema),
  skus: z.array(goodsDetailSkuSchema),
  images: z.array(goodsImageSchema),
  video: goodsVideoSchema.nullable(),
  detailType: z.number() as unknown as z.ZodType<1 | 2>,
  detailHtml: z.string(),
  detailImages: z.array(goodsImageSchema),
  freightTemplateId: z.number().nullable(),
  afterSaleTemplateId: z.number().nullable(),
  /** Issue 27 §2: null or absent (snapshots taken before cartage templates existed): none. */
  cartageTemplateId: z.number().nullable().optional(),
  rejectReason: z.string(),
  createTime: z.number(),
  updateTime: z.number(),
});
export type GoodsDetail = z.infer<typeof goodsDetailSchema>;

export const goodsIdBiz = z.object({ goodsId: positiveId() });
/** Bulk actions (on shelf, off shelf, delete): all or nothing. */
export const goodsIdsBiz = z.object({
  goodsIds: z
    .array(positiveId())
    .min(1)
    .max(GOODS_LIMITS.bulkIdsMax)
    .refine((ids) => new Set(ids).size === ids.length, rule('distinct')),
});

/** Bulk edit of price and stock for selected SKUs (all or nothing). */
export const skuBulkEditBiz = z.object({
  skus: z
    .array(
      z
        .object({ skuId: positiveId(), price: cents().optional(), stock: stockField().optional() })
        .refine((s) => s.price !== undefined || s.stock !== undefined, rule('priceOrStock')),
      { error: 'skus must be a list' },
    )
    .min(1)
    .max(GOODS_LIMITS.skusMax)
    .refine((skus) => new Set(skus.map((s) => s.skuId)).size === skus.length, rule('distinct')),
});

export const STOCK_SORT_FIELDS = ['stock', 'goodsId'] as const;
/** salesInventory / salesInventoryManagement: the store's SKUs with their stock. */
export const skuStockListBiz = z.object({
  ...pageQueryShape,
  title: keywordField(),
  goodsId: positiveId().optional(),
  stockStatus: z
    .number()
    .refine((s) => (STOCK_STATUS_VALUES as number[]).includes(s), rule('option', { values: STOCK_STATUS_VALUES }))
    .optional(),
  goodsStatus: goodsStatusField(GOODS_STATUS_VALUES).optional(),
  ...sortShape(STOCK_SORT_FIELDS),
});

/**
 * A SKU's spec as the merchant reads it (issue 35 §8; docs/goods.md "Reference data in two languages"): by each
 * stored spec key, the spec's label and the SKU's value's label in the caller's language, from the category's
 * reference specs (the labels `category/specList` answers). The keys in `specValues` stay what SKUs store.
 * Optional: a key without a label, or an answer without labels, reads as the key and the value themselves.
 */
export const skuSpecLabelsSchema = z.record(z.string(), z.object({ name: z.string(), value: z.string() }));
export type SkuSpecLabels = z.infer<typeof skuSpecLabelsSchema>;

/** A SKU's spec values and, when the answer has them, their labels. */
export interface LabelledSkuSpec {
  specValues: Readonly<Record<string, string>>;
  specLabels?: SkuSpecLabels;
}

/**
 * A SKU's spec as one line in `language` by its labels: '尺寸：600x600 / 表面：哑光', 'Size: 600x600 / Finish: matte'.
 * The stock lists, their dialogs and the sales-stock Excel export all write it with this.
 */
export function skuSpecText(sku: LabelledSkuSpec, language: SupportedLanguage): string {
  const colon = language === 'zh-CN' ? '：' : ': ';
  return Object.entries(sku.specValues)
    .map(([key, value]) => {
      const label = sku.specLabels?.[key];
      return `${label?.name ?? key}${colon}${label?.value ?? value}`;
    })
    .join(' / ');
}

/** A SKU as the SKU pickers name it: its goods title, then its spec line (skuSpecText). */
export function skuTitleWithSpec(sku: { title: string } & LabelledSkuSpec, language: SupportedLanguage): string {
  return `${sku.title} ${skuSpecText(sku, language)}`.trim();
}

export const skuStockRowSchema = goodsSkuSchema.extend({
  goodsId: z.number(),
  title: z.string(),
  goodsStatus: goodsStatusValue,
  mainImageUrl: z.string(),
  specLabels: skuSpecLabelsSchema.optional(),
});
export type SkuStockRow = z.infer<typeof skuStockRowSchema>;

/**
 * goodsSkuWarning updateGoodsSkuStock (console-spec §7): set the stock, or change it by a delta
 * (atomic; refused when it would go below zero), and/or set the warning line (null: none).
 */
export const updateSkuStockBiz = z
  .object({
    skuId: positiveId(),
    stock: stockField().optional(),
    delta: z
      .number()
      .int()
      .min(-GOODS_LIMITS.stockMax)
      .max(GOODS_LIMITS.stockMax)
      .optional(),
    warningStock: stockField().nullable().optional(),
  })
  .refine((v) => !(v.stock !== undefined && v.delta !== undefined), rule('stockOrDelta', { path: ['delta'] }))
  .refine((v) => v.stock !== undefined || v.delta !== undefined || v.warningStock !== undefined, rule('stockDeltaOrWarning'));

export const skuStockAnswerSchema = z.object({
  skuId: z.number(),
  goodsId: z.number(),
  stock: z.number(),
  warningStock: z.number().nullable(),
  stockStatus: stockStatusValue,
  /** True when this change crossed the warning line and a warning was recorded. */
  warningFired: z.boolean(),
});
export type SkuStockAnswer = z.infer<typeof skuStockAnswerSchema>;

/** checkStoreGoodsSkuStock: whether the store has SKUs at or below their line (the inventoryWarning badge). */
export const storeSkuStockCheckSchema = z.object({
  hasWarning: z.boolean(),
  openWarningCount: z.number(),
  lowStockSkuCount: z.number(),
  outOfStockSkuCount: z.number(),
});
export type StoreSkuStockCheck = z.infer<typeof storeSkuStockCheckSchema>;

/** inventoryWarning: the stock warnings fired for the store's SKUs. */
export const stockWarningListBiz = z.object({
  ...pageQueryShape,
  status: z.number().refine((s) => s === 1 || s === 2, rule('option', { values: [1, 2] })).optional(),
  title: keywordField(),
});
export const stockWarningRowSchema = z.object({
  warningId: z.number(),
  goodsId: z.number(),
  skuId: z.number(),
  title: z.string(),
  specValues: z.record(z.string(), z.string()),
  specLabels: skuSpecLabelsSchema.optional(),
  /** Stock when the warning fired, and the line it crossed. */
  stock: z.number(),
  warningStock: z.number(),
  currentStock: z.number(),
  status: warningStatusValue,
  createTime: z.number(),
  handleTime: z.number().nullable(),
});
export type StockWarningRow = z.infer<typeof stockWarningRowSchema>;

export const warningIdsBiz = z.object({
  warningIds: z
    .array(positiveId())
    .min(1)
    .max(GOODS_LIMITS.bulkIdsMax),
});

/** ftEspStoreMmCategory/checkExistsUpperShelfGoods: asked before a business category is removed (updateStoreCategories). */
export const categoryIdBiz = z.object({ categoryId: positiveId() });
export const upperShelfGoodsCheckSchema = z.object({ exists: z.boolean(), count: z.number() });

/** goods snapshot queryById (console-spec §7 common calls): the goods as approved at one time. */
export const snapshotIdBiz = z.object({ id: positiveId() });
export const goodsSnapshotSchema = z.object({ id: z.number(), goodsId: z.number(), createTime: z.number(), goods: goodsDetailSchema });
export type GoodsSnapshot = z.infer<typeof goodsSnapshotSchema>;

/** The operator's review decision (npm run operator -- goods-approve|goods-reject <goodsId> [--reason]). */
export const goodsReviewReason = z
  .string()
  .trim()
  .min(1)
  .max(GOODS_LIMITS.rejectReasonMax);

const countAnswer = z.object({ count: z.number() });
const goodsSaved = z.object({ goodsId: z.number(), status: goodsStatusValue });

// ---------------------------------------------------------------------------------------------
// The calls (docs/goods.md). Paths the spec names are kept; the others follow their style.

export const GOODS_BASE = '/v1/store/eshop/goods';
export const SKU_WARNING_BASE = '/v1/store/eshop/goodsSkuWarning';
const { notFound, notAllowedInCurrentState } = STORE_CODES;

export const goodsEndpoints = {
  list: defineEndpoint({ path: `${GOODS_BASE}/list`, biz: goodsListBiz, data: pageResult(goodsListRowSchema), access: 'user', permission: PERMISSIONS.goodsView, summary: 'goodList/goodAll: goods by status tab' }),
  draftList: defineEndpoint({ path: `${GOODS_BASE}/draftList`, biz: goodsDraftListBiz, data: pageResult(goodsListRowSchema), access: 'user', permission: PERMISSIONS.goodsView, summary: 'goodDraft: drafts kept on the server' }),
  detail: defineEndpoint({ path: `${GOODS_BASE}/detail`, biz: goodsIdBiz, data: goodsDetailSchema, errors: [notFound], access: 'user', permission: PERMISSIONS.goodsView, summary: 'goodRelease edit, goodsPreview' }),
  saveDraft: defineEndpoint({ path: `${GOODS_BASE}/saveDraft`, biz: goodsDraftBiz, data: goodsSaved, errors: [notFound, notAllowedInCurrentState], access: 'user', permission: PERMISSIONS.goodsEdit, summary: 'create or update a draft' }),
  submit: defineEndpoint({ path: `${GOODS_BASE}/submit`, biz: goodsSubmitBiz, data: goodsSaved, errors: [notFound, notAllowedInCurrentState], access: 'user', permission: PERMISSIONS.goodsEdit, summary: 'goodRelease: create or edit, then under review' }),
  onShelf: defineEndpoint({ path: `${GOODS_BASE}/onShelf`, biz: goodsIdsBiz, data: countAnswer, errors: [notFound, notAllowedInCurrentState], access: 'user', permission: PERMISSIONS.goodsShelf, summary: 'off shelf → on shelf (all or nothing)' }),
  offShelf: defineEndpoint({ path: `${GOODS_BASE}/offShelf`, biz: goodsIdsBiz, data: countAnswer, errors: [notFound, notAllowedInCurrentState], access: 'user', permission: PERMISSIONS.goodsShelf, summary: 'on shelf → off shelf (all or nothing)' }),
  delete: defineEndpoint({ path: `${GOODS_BASE}/delete`, biz: goodsIdsBiz, data: countAnswer, errors: [notFound, notAllowedInCurrentState], access: 'user', permission: PERMISSIONS.goodsDelete, summary: 'delete drafts, off-shelf or rejected goods' }),
  bulkEditSkus: defineEndpoint({ path: `${GOODS_BASE}/sku/bulkEdit`, biz: skuBulkEditBiz, data: countAnswer, errors: [notFound], access: 'user', idempotent: true, permission: PERMISSIONS.goodsStock, summary: 'bulk edit of price and stock for selected SKUs' }),
  skuStockList: defineEndpoint({ path: `${GOODS_BASE}/sku/stockList`, biz: skuStockListBiz, data: pageResult(skuStockRowSchema), access: 'user', permission: PERMISSIONS.goodsView, summary: 'salesInventory: SKUs with stock' }),
  updateGoodsSkuStock: defineEndpoint({ path: `${SKU_WARNING_BASE}/updateGoodsSkuStock`, biz: updateSkuStockBiz, data: skuStockAnswerSchema, errors: [notFound, notAllowedInCurrentState], access: 'user', idempotent: true, permission: PERMISSIONS.goodsStock, summary: 'set or change a SKU stock, set its warning line' }),
  checkStoreGoodsSkuStock: defineEndpoint({ path: `${SKU_WARNING_BASE}/checkStoreGoodsSkuStock`, biz: emptyBiz, data: storeSkuStockCheckSchema, access: 'user', permission: PERMISSIONS.goodsView, summary: 'warning badge' }),
  stockWarningList: defineEndpoint({ path: `${SKU_WARNING_BASE}/warningList`, biz: stockWarningListBiz, data: pageResult(stockWarningRowSchema), access: 'user', permission: PERMISSIONS.goodsView, summary: 'inventoryWarning' }),
  handleStockWarnings: defineEndpoint({ path: `${SKU_WARNING_BASE}/handleWarnings`, biz: warningIdsBiz, data: countAnswer, errors: [notFound], access: 'user', permission: PERMISSIONS.goodsStock, summary: 'mark stock warnings handled' }),
  checkExistsUpperShelfGoods: defineEndpoint({ path: '/v1/store/eshop/expand/ftEspStoreMmCategory/checkExistsUpperShelfGoods', biz: categoryIdBiz, data: upperShelfGoodsCheckSchema, access: 'user', permission: PERMISSIONS.goodsView, summary: 'on-shelf goods in a category' }),
  snapshotQueryById: defineEndpoint({ path: `${GOODS_BASE}/snapshot/queryById`, biz: snapshotIdBiz, data: goodsSnapshotSchema, errors: [notFound], access: 'user', permission: PERMISSIONS.goodsView, summary: 'goods snapshot queryById' }),
} as const;
