import {
  GOODS_STATUS,
  GOODS_STATUS_LABELS,
  GOODS_TRANSITIONS,
  goodsActionAllowed,
  labelOf,
  stockStatusOf,
  type GoodsAction,
  type GoodsDetail,
  type GoodsDraft,
  type GoodsSnapshot,
  type GoodsSpec,
  type LocalizedText,
  type GoodsStatus,
  type GoodsSubmit,
  type SkuStockAnswer,
  type StoreSkuStockCheck,
} from '@merchant/api-contracts';
import type { Updateable } from 'kysely';
import type { GoodsTable } from '../../db/schema';
import type { Caller } from '../../http/route';
import { systemClock, toEpochSeconds } from '../../shared/clock';
import type { ListQuery } from '../../shared/resource-list';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { STORE_STATUS as StoreStatus, type SupportedLanguage } from '@merchant/api-contracts';
import { BrandApplicationsService, type StoreBrandCheck } from '../brands';
import { keepStoredUrls, refuseForeignFiles, signGoodsDetail, signMainImages, type SignFileUrls } from './goods.media';
import { draftList, goodsList, skuStockList, stockWarningList, type GoodsRecord, type GoodsRepository, type SkuRecord, type SkuWrite, type StockChange } from './goods.repository';

const notFound = (what: string, whatZh: string) => new StoreError(STORE_CODES.notFound, text(`${whatZh}不存在`, `${what} not found`));
const invalid = (zh: string, en: string) => new StoreError(STORE_CODES.invalidParameter, text(zh, en));
const notAllowed = (zh: string, en: string) => new StoreError(STORE_CODES.notAllowedInCurrentState, text(zh, en));
const statusText = (status: number): LocalizedText => ({ 'zh-CN': labelOf(GOODS_STATUS_LABELS, status, 'zh-CN'), 'en-US': labelOf(GOODS_STATUS_LABELS, status, 'en-US') });

const ACTION_TEXT: Record<GoodsAction, { zh: string; en: string }> = {
  submit: { zh: '提交审核', en: 'submit' },
  saveDraft: { zh: '保存草稿', en: 'save as draft' },
  onShelf: { zh: '上架', en: 'put on shelf' },
  offShelf: { zh: '下架', en: 'take off shelf' },
  delete: { zh: '删除', en: 'delete' },
  approve: { zh: '审核通过', en: 'approve' },
  reject: { zh: '驳回', en: 'reject' },
};

/** "cannot put goods 200001 on shelf: it is under review" in both languages. */
function refuseAction(action: GoodsAction, goodsId: number, status: number): StoreError {
  const label = statusText(status);
  return notAllowed(`商品 ${goodsId} 当前为「${label['zh-CN']}」，不能${ACTION_TEXT[action].zh}`, `cannot ${ACTION_TEXT[action].en} goods ${goodsId}: it is ${label['en-US']}`);
}

const storeDisabled = () => notAllowed('店铺已被平台禁用，暂不能发布商品', 'the shop is disabled by the platform and cannot publish goods');

export function skuAnswer(sku: SkuRecord) {
  return {
    skuId: sku.id,
    specValues: sku.specValues,
    skuCode: sku.skuCode,
    price: sku.price,
    stock: sku.stock,
    warningStock: sku.warningStock,
    stockStatus: stockStatusOf(sku.stock, sku.warningStock),
    floorPrice: sku.floorPrice,
  };
}

export function goodsDetail(goods: GoodsRecord, skus: readonly SkuRecord[]): GoodsDetail {
  return {
    goodsId: goods.id,
    status: goods.status as GoodsStatus,
    categoryId: goods.categoryId,
    categoryName: goods.categoryName,
    brandName: goods.brandName,
    title: goods.title,
    unitId: goods.unitId,
    specList: goods.specList as GoodsDetail['specList'],
    skus: skus.map(skuAnswer),
    images: goods.images as GoodsDetail['images'],
    video: (goods.video ?? null) as GoodsDetail['video'],
    detailType: goods.detailType as 1 | 2,
    detailHtml: goods.detailHtml,
    detailImages: goods.detailImages as GoodsDetail['detailImages'],
    freightTemplateId: goods.freightTemplateId,
    afterSaleTemplateId: goods.afterSaleTemplateId,
    cartageTemplateId: goods.cartageTemplateId,
    rejectReason: goods.rejectReason ?? '',
    createTime: toEpochSeconds(goods.createdAt) ?? 0,
    updateTime: toEpochSeconds(goods.updatedAt) ?? 0,
  };
}

type GoodsFields = Partial<Omit<GoodsSubmit, 'goodsId'>>;

/** The goods area: state machine, release form, SKU stock and its warnings (docs/goods.md). */
export class GoodsService {
  private readonly brands: StoreBrandCheck;

  /** `brands` answers the store's approved brands; by default read from the same database with the system clock. */
  constructor(
    private readonly goods: GoodsRepository,
    brands?: StoreBrandCheck,
  ) {
    this.brands = brands ?? new BrandApplicationsService(goods.brandApplications(), systemClock);
  }

  /**
   * The brand of a release form is one of the store's approved brands whose authorisation has not
   * ended (queryStoreBrandList, docs/goods.md "Brand applications"), stored under its approved spelling.
   * An empty draft brand is left alone. Asked before the write transaction: PGlite has one connection.
   */
  private async approvedBrand<F extends { brandName?: string }>(storeId: number, fields: F): Promise<F> {
    const wanted = fields.brandName?.trim();
    if (!wanted) return fields;
    const approved = await this.brands.approvedBrandName(storeId, wanted);
    if (approved === undefined) {
      throw invalid(`品牌「${wanted}」不是本店已通过审核且在授权期内的品牌，请先申请品牌`, `brand "${wanted}" is not one of the shop's approved brands; apply for it first`);
    }
    return { ...fields, brandName: approved };
  }

  list(caller: Caller, query: ListQuery, sign: SignFileUrls = keepStoredUrls, language: SupportedLanguage = 'en-US') {
    return this.categoriesIn(this.signedPage(this.goods.page(goodsList, caller.storeId, query), caller, sign), language);
  }

  draftList(caller: Caller, query: ListQuery, sign: SignFileUrls = keepStoredUrls, language: SupportedLanguage = 'en-US') {
    return this.categoriesIn(this.signedPage(this.goods.page(draftList, caller.storeId, query), caller, sign), language);
  }

  /** The rows' category names in the caller's language (the lists join the English column; issue 35 §8, docs/goods.md). */
  private async categoriesIn<Row extends { categoryId: number | null; categoryName: string }, Page extends { list: Row[] }>(pending: Promise<Page>, language: SupportedLanguage): Promise<Page> {
    const page = await pending;
    return { ...page, list: await this.goods.withCategoryNamesIn(page.list, language) };
  }

  /** A page whose thumbnails are signed afresh by fileId (docs/goods.md "Images"). */
  private async signedPage<Row extends { goodsId: number; mainImageUrl: string }, Page extends { list: Row[] }>(pending: Promise<Page>, caller: Caller, sign: SignFileUrls): Promise<Page> {
    const page = await pending;
    if (sign === keepStoredUrls) return page;
    const fileIds = await this.goods.mainImageFileIds(caller.storeId, page.list.map((row) => row.goodsId));
    return { ...page, list: await signMainImages(page.list, fileIds, sign) };
  }

  skuStockList(caller: Caller, query: ListQuery, sign: SignFileUrls = keepStoredUrls, language: SupportedLanguage = 'en-US') {
    return this.specLabelsIn(this.signedPage(this.goods.page(skuStockList, caller.storeId, query), caller, sign), language);
  }

  stockWarningList(caller: Caller, query: ListQuery, language: SupportedLanguage = 'en-US') {
    return this.specLabelsIn(this.goods.page(stockWarningList, caller.storeId, query), language);
  }

  /** The rows' SKU specs labelled in the caller's language (SKUs store the keys; issue 35 §8, docs/goods.md). */
  private async specLabelsIn<Row extends { goodsId: number; specValues: Readonly<Record<string, string>> }, Page extends { list: Row[] }>(pending: Promise<Page>, language: SupportedLanguage): Promise<Page> {
    const page = await pending;
    return { ...page, list: await this.goods.withSpecLabelsIn(page.list, language) };
  }

  async detail(caller: Caller, goodsId: number, sign: SignFileUrls = keepStoredUrls, language: SupportedLanguage = 'en-US'): Promise<GoodsDetail> {
    const found = await this.goods.findGoods(caller.storeId, goodsId);
    if (!found) throw notFound('goods', '商品');
    const names = language === 'en-US' || found.categoryId === null ? undefined : await this.goods.categoryNames([found.categoryId], language);
    const goods = { ...found, categoryName: (found.categoryId !== null && names?.get(found.categoryId)) || found.categoryName };
    return signGoodsDetail(goodsDetail(goods, await this.goods.skusOf(goodsId)), sign);
  }

  /** goodDraft: creates or updates a draft with whatever the form holds; the fields present keep their rules. */
  async saveDraft(caller: Caller, input: GoodsDraft, sign: SignFileUrls = keepStoredUrls): Promise<{ goodsId: number; status: GoodsStatus }> {
    const { goodsId, ...asTyped } = input;
    await refuseForeignFiles(asTyped as GoodsFields, sign);
    const fields = await this.approvedBrand(caller.storeId, asTyped);
    return this.goods.transaction(async (repo) => {
      await checkReferences(repo, caller.storeId, fields as GoodsFields, goodsId);
      const values = goodsValues(fields as GoodsFields);
      let id = goodsId;
      if (id === undefined) {
        id = await repo.insertGoods(caller.storeId, { ...values, status: GOODS_STATUS.draft });
      } else {
        const current = await repo.findGoods(caller.storeId, id);
        if (!current) throw notFound('goods', '商品');
        if (!goodsActionAllowed('saveDraft', current.status)) throw refuseAction('saveDraft', id, current.status);
        if (!(await repo.updateGoods(caller.storeId, id, GOODS_TRANSITIONS.saveDraft, values))) throw refuseAction('saveDraft', id, current.status);
      }
      if (fields.skus) {
        const minPrice = await repo.replaceSkus(caller.storeId, id, fields.skus.map(skuWrite));
        await repo.updateGoods(caller.storeId, id, [GOODS_STATUS.draft], { min_price_cents: minPrice });
      }
      return { goodsId: id, status: GOODS_STATUS.draft };
    });
  }

  /** goodRelease: creates or edits a goods and sends it to review; a disabled store cannot publish. */
  async submit(caller: Caller, input: GoodsSubmit, sign: SignFileUrls = keepStoredUrls): Promise<{ goodsId: number; status: GoodsStatus }> {
    await this.requirePublishingStore(caller.storeId);
    const { goodsId, ...asTyped } = input;
    await refuseForeignFiles(asTyped, sign);
    const fields = await this.approvedBrand(caller.storeId, asTyped);
    return this.goods.transaction(async (repo) => {
      await checkReferences(repo, caller.storeId, fields, goodsId);
      const values: Updateable<GoodsTable> = { ...goodsValues(fields), status: GOODS_STATUS.underReview, reject_reason: null, submitted_at: new Date() };
      let id = goodsId;
      if (id === undefined) {
        id = await repo.insertGoods(caller.storeId, values);
      } else {
        const current = await repo.findGoods(caller.storeId, id);
        if (!current) throw notFound('goods', '商品');
        if (!goodsActionAllowed('submit', current.status)) throw refuseAction('submit', id, current.status);
        if (!(await repo.updateGoods(caller.storeId, id, GOODS_TRANSITIONS.submit, values))) throw refuseAction('submit', id, current.status);
      }
      const minPrice = await repo.replaceSkus(caller.storeId, id, fields.skus.map(skuWrite));
      await repo.updateGoods(caller.storeId, id, [GOODS_STATUS.underReview], { min_price_cents: minPrice });
      return { goodsId: id, status: GOODS_STATUS.underReview };
    });
  }

  async onShelf(caller: Caller, goodsIds: number[]) {
    await this.requirePublishingStore(caller.storeId);
    return this.bulkTransition(caller, goodsIds, 'onShelf', { status: GOODS_STATUS.onShelf });
  }

  offShelf(caller: Caller, goodsIds: number[]) {
    return this.bulkTransition(caller, goodsIds, 'offShelf', { status: GOODS_STATUS.offShelf });
  }

  /** Bulk delete (the console confirms first): drafts, off-shelf and rejected goods only; all or nothing. */
  async delete(caller: Caller, goodsIds: number[]) {
    return this.goods.transaction(async (repo) => {
      await requireAll(repo, caller.storeId, goodsIds, 'delete');
      const count = await repo.deleteMany(caller.storeId, goodsIds, GOODS_TRANSITIONS.delete);
      if (count !== goodsIds.length) throw notAllowed('商品状态已变化，请刷新后重试', 'the goods changed meanwhile, please reload and retry');
      return { count };
    });
  }

  /** Bulk edit of price and stock for selected SKUs: all in one transaction, warnings as for single changes. */
  async bulkEditSkus(caller: Caller, skus: Array<{ skuId: number; price?: number; stock?: number }>) {
    return this.goods.transaction(async (repo) => {
      const owners = await repo.skuOwners(caller.storeId, skus.map((s) => s.skuId));
      const missing = skus.filter((s) => !owners.has(s.skuId)).map((s) => s.skuId);
      if (missing.length > 0) throw new StoreError(STORE_CODES.notFound, text(`SKU 不存在：${missing.join('、')}`, `SKU not found: ${missing.join(', ')}`));
      for (const sku of skus) {
        if (sku.price !== undefined) await repo.setSkuPrice(caller.storeId, sku.skuId, sku.price);
        if (sku.stock !== undefined) {
          const change = await repo.changeStock(caller.storeId, sku.skuId, { stock: sku.stock });
          if (change) await recordWarning(repo, caller.storeId, change);
        }
      }
      await repo.refreshMinPrice(caller.storeId, [...new Set(owners.values())]);
      return { count: skus.length };
    });
  }

  /** updateGoodsSkuStock: one atomic statement; a change below zero is refused and changes nothing. */
  async updateSkuStock(caller: Caller, input: { skuId: number; stock?: number; delta?: number; warningStock?: number | null }): Promise<SkuStockAnswer> {
    return this.goods.transaction(async (repo) => {
      const change = input.delta !== undefined ? { delta: input.delta } : input.stock !== undefined ? { stock: input.stock } : { delta: 0 };
      const changed = await repo.changeStock(caller.storeId, input.skuId, change, input.warningStock);
      if (!changed) {
        const owners = await repo.skuOwners(caller.storeId, [input.skuId]);
        if (!owners.has(input.skuId)) throw notFound('SKU', 'SKU');
        throw notAllowed('库存不足，库存不能小于 0', 'not enough stock: stock cannot go below zero');
      }
      const warningFired = await recordWarning(repo, caller.storeId, changed);
      return { skuId: changed.skuId, goodsId: changed.goodsId, stock: changed.stock, warningStock: changed.warningStock, stockStatus: stockStatusOf(changed.stock, changed.warningStock), warningFired };
    });
  }

  async checkStoreSkuStock(caller: Caller): Promise<StoreSkuStockCheck> {
    const counts = await this.goods.stockCounts(caller.storeId);
    return { hasWarning: counts.openWarnings + counts.low + counts.out > 0, openWarningCount: counts.openWarnings, lowStockSkuCount: counts.low, outOfStockSkuCount: counts.out };
  }

  async handleStockWarnings(caller: Caller, warningIds: number[]) {
    return this.goods.transaction(async (repo) => {
      const own = new Set(await repo.openWarningIds(caller.storeId, warningIds));
      const missing = warningIds.filter((id) => !own.has(id));
      if (missing.length > 0) throw new StoreError(STORE_CODES.notFound, text(`预警不存在：${missing.join('、')}`, `warning not found: ${missing.join(', ')}`));
      return { count: await repo.handleWarnings(caller.storeId, warningIds) };
    });
  }

  /** checkExistsUpperShelfGoods: asked before a business category is removed. */
  async upperShelfGoods(caller: Caller, categoryId: number) {
    const count = await this.goods.onShelfCountInCategory(caller.storeId, categoryId);
    return { exists: count > 0, count };
  }

  async snapshot(caller: Caller, id: number, sign: SignFileUrls = keepStoredUrls): Promise<GoodsSnapshot> {
    const row = await this.goods.findSnapshot(caller.storeId, id);
    if (!row) throw notFound('snapshot', '商品快照');
    const goods = await signGoodsDetail(row.data as unknown as GoodsDetail, sign);
    return { id: row.id, goodsId: row.goods_id, createTime: toEpochSeconds(row.created_at) ?? 0, goods };
  }

  /**
   * The platform's review (operator command): approve puts the goods on shelf and keeps a snapshot of
   * what was approved; reject records the reason the merchant reads. Only goods under review.
   */
  async review(goodsId: number, action: 'approve' | 'reject', reason?: string) {
    return this.goods.transaction(async (repo) => {
      const found = await repo.findAnyGoods(goodsId);
      if (!found) throw new StoreError(STORE_CODES.notFound, `goods ${goodsId} not found`);
      if (!goodsActionAllowed(action, found.status)) throw new StoreError(STORE_CODES.notAllowedInCurrentState, `cannot ${action} goods ${goodsId}: it is ${statusText(found.status)['en-US']}`);
      const values: Updateable<GoodsTable> =
        action === 'approve' ? { status: GOODS_STATUS.onShelf, reject_reason: null } : { status: GOODS_STATUS.rejected, reject_reason: reason ?? null };
      if (!(await repo.updateGoods(found.storeId, goodsId, GOODS_TRANSITIONS[action], values))) {
        throw new StoreError(STORE_CODES.notAllowedInCurrentState, `cannot ${action} goods ${goodsId}: it changed meanwhile`);
      }
      const goods = (await repo.findGoods(found.storeId, goodsId)) as GoodsRecord;
      const detail = goodsDetail(goods, await repo.skusOf(goodsId));
      const snapshotId = action === 'approve' ? await repo.insertSnapshot(found.storeId, goodsId, detail as unknown as Record<string, unknown>) : null;
      return { goodsId, storeId: found.storeId, status: detail.status, rejectReason: detail.rejectReason || null, snapshotId };
    });
  }

  private async requirePublishingStore(storeId: number): Promise<void> {
    const status = await this.goods.storeStatus(storeId);
    if (status === StoreStatus.disabled) throw storeDisabled();
    if (status !== StoreStatus.approved) throw notAllowed('店铺尚未通过审核，不能发布商品', 'the shop is not approved and cannot publish goods');
  }

  private async bulkTransition(caller: Caller, goodsIds: number[], action: 'onShelf' | 'offShelf', values: Updateable<GoodsTable>) {
    return this.goods.transaction(async (repo) => {
      await requireAll(repo, caller.storeId, goodsIds, action);
      const count = await repo.transitionMany(caller.storeId, goodsIds, GOODS_TRANSITIONS[action], values);
      if (count !== goodsIds.length) throw notAllowed('商品状态已变化，请刷新后重试', 'the goods changed meanwhile, please reload and retry');
      return { count };
    });
  }
}

/** All the ids are the store's (else not found, naming them) and each may take the action (else refused). */
async function requireAll(repo: GoodsRepository, storeId: number, goodsIds: readonly number[], action: GoodsAction): Promise<void> {
  const statuses = await repo.statusesOf(storeId, goodsIds);
  const missing = goodsIds.filter((id) => !statuses.has(id));
  if (missing.length > 0) throw new StoreError(STORE_CODES.notFound, text(`商品不存在：${missing.join('、')}`, `goods not found: ${missing.join(', ')}`));
  for (const id of goodsIds) {
    const status = statuses.get(id) as number;
    if (!goodsActionAllowed(action, status)) throw refuseAction(action, id, status);
  }
}

/**
 * A warning fires when a change takes the stock from above the line to at or below it; back above closes open
 * ones. Exported through the module's index for changes other modules make (an order's stock, docs/orders.md).
 */
export async function recordWarning(repo: GoodsRepository, storeId: number, change: StockChange): Promise<boolean> {
  const line = change.warningStock;
  if (line === null || change.stock > line) {
    await repo.closeStockWarnings(storeId, change.skuId);
    return false;
  }
  if (change.oldStock > line) {
    await repo.insertStockWarning(storeId, { ...change, warningStock: line });
    return true;
  }
  return false;
}

function skuWrite(sku: GoodsSubmit['skus'][number]): SkuWrite {
  return { skuId: sku.skuId, specValues: sku.specValues, skuCode: sku.skuCode, price: sku.price, stock: sku.stock, warningStock: sku.warningStock, floorPrice: sku.floorPrice ?? null };
}

/** The columns a form sets; absent fields are left as they are (drafts). */
function goodsValues(fields: GoodsFields): Updateable<GoodsTable> {
  const values: Updateable<GoodsTable> = {};
  if (fields.categoryId !== undefined) values.category_id = fields.categoryId;
  if (fields.brandName !== undefined) values.brand_name = fields.brandName;
  if (fields.title !== undefined) values.title = fields.title;
  if (fields.unitId !== undefined) values.unit_id = fields.unitId;
  if (fields.images !== undefined) values.images = JSON.stringify(fields.images);
  if (fields.video !== undefined) values.video = fields.video === null ? null : JSON.stringify(fields.video);
  if (fields.detailType !== undefined) values.detail_type = fields.detailType;
  if (fields.detailHtml !== undefined) values.detail_html = fields.detailHtml;
  if (fields.detailImages !== undefined) values.detail_images = JSON.stringify(fields.detailImages);
  if (fields.specList !== undefined) values.spec_list = JSON.stringify(fields.specList);
  if (fields.freightTemplateId !== undefined) values.freight_template_id = fields.freightTemplateId;
  if (fields.afterSaleTemplateId !== undefined) values.after_sale_template_id = fields.afterSaleTemplateId;
  if (fields.cartageTemplateId !== undefined) values.cartage_template_id = fields.cartageTemplateId;
  return values;
}

/**
 * The form's references: the category is one of the store's enabled business categories, the specs are
 * that category's (console-spec §7 category specs) with its values, the unit is enabled, and SKU ids
 * being edited belong to this goods; the freight, after-sale and cartage templates are the store's.
 */
async function checkReferences(repo: GoodsRepository, storeId: number, fields: GoodsFields, goodsId: number | undefined): Promise<void> {
  if (fields.categoryId !== undefined && fields.categoryId !== null) {
    const category = await repo.storeCategory(storeId, fields.categoryId);
    if (!category) throw invalid('请选择本店经营类目下的后台类目', `category ${fields.categoryId} is not one of the shop's business categories`);
    if (fields.specList) checkSpecs(fields.specList, await repo.categorySpecs(fields.categoryId));
  }
  if (fields.freightTemplateId !== undefined && fields.freightTemplateId !== null && !(await repo.freightTemplateOwned(storeId, fields.freightTemplateId))) {
    // Issue 27 §1: a template of another store or a missing one, said on the field.
    throw new StoreError(STORE_CODES.notFound, text('运费模板不存在', `freight template ${fields.freightTemplateId} not found`), {
      problems: [{ field: 'freightTemplateId', problem: { rule: 'option' } }],
    });
  }
  if (fields.afterSaleTemplateId !== undefined && fields.afterSaleTemplateId !== null && !(await repo.afterSaleTemplateOwned(storeId, fields.afterSaleTemplateId))) {
    // Issue 27 §3: an after-sale template of another store or a missing one, said on the field.
    throw new StoreError(STORE_CODES.notFound, text('售后说明模板不存在', `after-sale template ${fields.afterSaleTemplateId} not found`), {
      problems: [{ field: 'afterSaleTemplateId', problem: { rule: 'option' } }],
    });
  }
  if (fields.cartageTemplateId !== undefined && fields.cartageTemplateId !== null && !(await repo.cartageTemplateOwned(storeId, fields.cartageTemplateId))) {
    // Issue 27 §2: a cartage template of another store or a missing one, said on the field.
    throw new StoreError(STORE_CODES.notFound, text('搬运费模板不存在', `cartage template ${fields.cartageTemplateId} not found`), {
      problems: [{ field: 'cartageTemplateId', problem: { rule: 'option' } }],
    });
  }
  if (fields.unitId !== undefined && fields.unitId !== null && !(await repo.unitEnabled(fields.unitId))) {
    throw invalid('计量单位不存在或已停用', `unit ${fields.unitId} is unknown or disabled`);
  }
  const skuIds = (fields.skus ?? []).flatMap((s) => (s.skuId ? [s.skuId] : []));
  if (skuIds.length > 0) {
    const own = goodsId === undefined ? new Set<number>() : await repo.skuIdsOfGoods(storeId, goodsId, skuIds);
    const foreign = skuIds.filter((id) => !own.has(id));
    if (foreign.length > 0) throw new StoreError(STORE_CODES.notFound, text(`SKU 不存在：${foreign.join('、')}`, `SKU not found: ${foreign.join(', ')}`));
  }
}

function checkSpecs(chosen: readonly GoodsSpec[], allowed: ReadonlyArray<{ specName: string; values: string[] }>): void {
  for (const spec of chosen) {
    const known = allowed.find((a) => a.specName === spec.specName);
    if (!known) throw invalid(`类目没有规格「${spec.specName}」`, `the category has no spec "${spec.specName}"`);
    const unknown = spec.values.filter((v) => !known.values.includes(v));
    if (unknown.length > 0) throw invalid(`规格「${spec.specName}」没有取值：${unknown.join('、')}`, `spec "${spec.specName}" has no value ${unknown.join(', ')}`);
  }
}
