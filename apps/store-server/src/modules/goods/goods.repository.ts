import { GOODS_STATUS, WARNING_STATUS, type PageOf, type SupportedLanguage } from '@merchant/api-contracts';
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { GoodsTable, StoreDatabase } from '../../db/schema';
import type { ListQuery, ResourceList } from '../../shared/resource-list';
import { freightTemplateOwned } from '../freight';
import { afterSaleTemplateOwned } from '../after-sale-templates';
import { cartageTemplateOwned } from '../cartage';
import { BrandApplicationsRepository } from '../brands';

import { categoryNamesIn, withCategoryNamesIn, withSpecLabelsIn } from './goods.lists';
export { draftList, goodsList, skuStockList, stockWarningList } from './goods.lists';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

export interface GoodsRecord {
  id: number;
  storeId: number;
  status: number;
  categoryId: number | null;
  categoryName: string;
  brandName: string;
  title: string;
  unitId: number | null;
  images: unknown[];
  video: unknown;
  detailType: number;
  detailHtml: string;
  detailImages: unknown[];
  specList: unknown[];
  freightTemplateId: number | null;
  afterSaleTemplateId: number | null;
  cartageTemplateId: number | null;
  rejectReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SkuRecord {
  id: number;
  goodsId: number;
  specValues: Record<string, string>;
  skuCode: string;
  price: number;
  stock: number;
  warningStock: number | null;
  /** The merchant's floor unit price in cents (the margin guard); null: none. */
  floorPrice: number | null;
}

export interface SkuWrite {
  skuId?: number;
  specValues: Record<string, string>;
  skuCode: string;
  price: number;
  stock: number;
  warningStock: number | null;
  floorPrice: number | null;
}

export interface StockChange {
  skuId: number;
  goodsId: number;
  oldStock: number;
  stock: number;
  warningStock: number | null;
}

export class GoodsRepository {
  constructor(private readonly db: Db) {}

  /** The brands module's applications on the same database (the release form's brand must be an approved one). */
  brandApplications(): BrandApplicationsRepository {
    return new BrandApplicationsRepository(this.db);
  }

  /** Whether the freight template is the store's (the freight module's answer, on the same transaction). */
  freightTemplateOwned(storeId: number, templateId: number): Promise<boolean> {
    return freightTemplateOwned(this.db, storeId, templateId);
  }

  afterSaleTemplateOwned(storeId: number, templateId: number): Promise<boolean> {
    return afterSaleTemplateOwned(this.db, storeId, templateId);
  }

  /** Whether the cartage template is the store's (issue 27 §2, on the same transaction). */
  cartageTemplateOwned(storeId: number, templateId: number): Promise<boolean> {
    return cartageTemplateOwned(this.db, storeId, templateId);
  }

  transaction<T>(run: (repository: GoodsRepository) => Promise<T>): Promise<T> {
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => run(new GoodsRepository(trx)));
  }

  /** One page of a list defined above, scoped to the store. */
  page<Row>(list: ResourceList<Row>, storeId: number, query: ListQuery): Promise<PageOf<Row>> {
    return list.page(this.db, storeId, query);
  }

  /** The fileId of each goods' first image (the list thumbnail), for the goods that have one. */
  async mainImageFileIds(storeId: number, goodsIds: readonly number[]): Promise<Map<number, number>> {
    if (goodsIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('store_goods as g')
      .select(['g.id', sql<string | null>`g.images -> 0 ->> 'fileId'`.as('file_id')])
      .where('g.store_id', '=', storeId)
      .where('g.id', 'in', [...new Set(goodsIds)])
      .execute();
    return new Map(rows.filter((row) => row.file_id !== null && /^\d+$/.test(row.file_id)).map((row) => [row.id, Number(row.file_id)]));
  }

  async storeStatus(storeId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('store_store').select('store_status').where('id', '=', storeId).executeTakeFirst();
    return row?.store_status;
  }

  /** The category when it is an enabled leaf among the store's business categories. */
  async storeCategory(storeId: number, categoryId: number) {
    return this.db
      .selectFrom('store_category_link as l')
      .innerJoin('ref_category as c', 'c.id', 'l.category_id')
      .select(['c.id', 'c.category_name'])
      .where('l.store_id', '=', storeId)
      .where('l.category_id', '=', categoryId)
      .where('c.enabled', '=', true)
      .executeTakeFirst();
  }

  /** Category names in the caller's language (migration 0044, issue 35 §8), by id. */
  categoryNames(ids: readonly number[], language: SupportedLanguage): Promise<Map<number, string>> {
    return categoryNamesIn(this.db, ids, language);
  }

  /** A page's rows with their category named in `language`. */
  withCategoryNamesIn<Row extends { categoryId: number | null; categoryName: string }>(rows: readonly Row[], language: SupportedLanguage): Promise<Row[]> {
    return withCategoryNamesIn(this.db, rows, language);
  }

  /** A page's SKU rows with their spec keys labelled in `language`. */
  withSpecLabelsIn<Row extends { goodsId: number; specValues: Readonly<Record<string, string>> }>(rows: readonly Row[], language: SupportedLanguage) {
    return withSpecLabelsIn(this.db, rows, language);
  }

  async categorySpecs(categoryId: number): Promise<Array<{ specName: string; values: string[] }>> {
    const rows = await this.db.selectFrom('ref_category_spec').select(['spec_name', 'spec_values']).where('category_id', '=', categoryId).execute();
    return rows.map((r) => ({ specName: r.spec_name, values: r.spec_values }));
  }

  async unitEnabled(unitId: number): Promise<boolean> {
    const row = await this.db.selectFrom('ref_unit').select('id').where('id', '=', unitId).where('enabled', '=', true).executeTakeFirst();
    return row !== undefined;
  }

  async findGoods(storeId: number, goodsId: number): Promise<GoodsRecord | undefined> {
    const row = await this.db
      .selectFrom('store_goods as g')
      .leftJoin('ref_category as c', 'c.id', 'g.category_id')
      .selectAll('g')
      .select('c.category_name')
      .where('g.id', '=', goodsId)
      .where('g.store_id', '=', storeId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      storeId: row.store_id,
      status: row.status,
      categoryId: row.category_id,
      categoryName: row.category_name ?? '',
      brandName: row.brand_name,
      title: row.title,
      unitId: row.unit_id,
      images: row.images,
      video: row.video,
      detailType: row.detail_type,
      detailHtml: row.detail_html,
      detailImages: row.detail_images,
      specList: row.spec_list,
      freightTemplateId: row.freight_template_id,
      afterSaleTemplateId: row.after_sale_template_id,
      cartageTemplateId: row.cartage_template_id,
      rejectReason: row.reject_reason,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** Statuses of the given goods that belong to the store (others are simply absent). */
  async statusesOf(storeId: number, goodsIds: readonly number[]): Promise<Map<number, number>> {
    const rows = await this.db.selectFrom('store_goods').select(['id', 'status']).where('store_id', '=', storeId).where('id', 'in', [...goodsIds]).execute();
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  async skusOf(goodsId: number): Promise<SkuRecord[]> {
    const rows = await this.db.selectFrom('store_goods_sku').selectAll().where('goods_id', '=', goodsId).orderBy('sort').orderBy('id').execute();
    return rows.map((r) => ({
      id: r.id,
      goodsId: r.goods_id,
      specValues: r.spec_values,
      skuCode: r.sku_code,
      price: r.price_cents,
      stock: r.stock,
      warningStock: r.warning_stock,
      floorPrice: r.floor_price_cents === null ? null : Number(r.floor_price_cents),
    }));
  }

  /** The floor unit price in cents of each of the store's SKUs among `skuIds` that has one (another store's SKUs are absent). */
  async skuFloors(storeId: number, skuIds: readonly number[]): Promise<Map<number, number>> {
    if (skuIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('store_goods_sku')
      .select(['id', 'floor_price_cents'])
      .where('store_id', '=', storeId)
      .where('id', 'in', [...new Set(skuIds)])
      .where('floor_price_cents', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [r.id, Number(r.floor_price_cents)]));
  }

  async insertGoods(storeId: number, values: Updateable<GoodsTable>): Promise<number> {
    const row = await this.db
      .insertInto('store_goods')
      .values({ ...values, store_id: storeId, status: values.status ?? GOODS_STATUS.draft, images: values.images ?? '[]', detail_images: values.detail_images ?? '[]', spec_list: values.spec_list ?? '[]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Updates the goods only while it is in one of `from`; false when it was not (a concurrent change). */
  async updateGoods(storeId: number, goodsId: number, from: readonly number[], values: Updateable<GoodsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('store_goods')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', goodsId)
      .where('store_id', '=', storeId)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Moves every listed goods from one of `from` to `to`; the count changed (the caller rolls back unless all). */
  async transitionMany(storeId: number, goodsIds: readonly number[], from: readonly number[], values: Updateable<GoodsTable>): Promise<number> {
    const result = await this.db
      .updateTable('store_goods')
      .set({ ...values, updated_at: new Date() })
      .where('store_id', '=', storeId)
      .where('id', 'in', [...goodsIds])
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async deleteMany(storeId: number, goodsIds: readonly number[], from: readonly number[]): Promise<number> {
    const result = await this.db
      .deleteFrom('store_goods')
      .where('store_id', '=', storeId)
      .where('id', 'in', [...goodsIds])
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Makes the goods' SKUs exactly `skus`: rows named by skuId are updated (their history stays),
   * new ones inserted, the rest deleted. Returns the lowest price for the list's price column.
   */
  async replaceSkus(storeId: number, goodsId: number, skus: readonly SkuWrite[]): Promise<number> {
    const keep = skus.flatMap((s) => (s.skuId ? [s.skuId] : []));
    let removal = this.db.deleteFrom('store_goods_sku').where('goods_id', '=', goodsId).where('store_id', '=', storeId);
    if (keep.length > 0) removal = removal.where('id', 'not in', keep);
    await removal.execute();
    for (const [sort, sku] of skus.entries()) {
      const values = {
        spec_values: JSON.stringify(sku.specValues),
        sku_code: sku.skuCode,
        price_cents: sku.price,
        stock: sku.stock,
        warning_stock: sku.warningStock,
        floor_price_cents: sku.floorPrice,
        sort,
      };
      if (sku.skuId) {
        await this.db.updateTable('store_goods_sku').set(values).where('id', '=', sku.skuId).where('goods_id', '=', goodsId).where('store_id', '=', storeId).execute();
      } else {
        await this.db.insertInto('store_goods_sku').values({ ...values, goods_id: goodsId, store_id: storeId }).execute();
      }
    }
    return skus.length === 0 ? 0 : Math.min(...skus.map((s) => s.price));
  }

  /** The SKU ids among `skuIds` that belong to the goods (edit keeps only its own SKUs). */
  async skuIdsOfGoods(storeId: number, goodsId: number, skuIds: readonly number[]): Promise<Set<number>> {
    if (skuIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('store_goods_sku').select('id').where('store_id', '=', storeId).where('goods_id', '=', goodsId).where('id', 'in', [...skuIds]).execute();
    return new Set(rows.map((r) => r.id));
  }

  async skuOwners(storeId: number, skuIds: readonly number[]): Promise<Map<number, number>> {
    const rows = await this.db.selectFrom('store_goods_sku').select(['id', 'goods_id']).where('store_id', '=', storeId).where('id', 'in', [...skuIds]).execute();
    return new Map(rows.map((r) => [r.id, r.goods_id]));
  }

  /**
   * One atomic stock change: `stock + delta` (or `stock := value`) in a single statement that locks the row
   * and refuses to go below zero. Undefined when the SKU is not the store's or the change would go negative.
   */
  async changeStock(storeId: number, skuId: number, change: { delta: number } | { stock: number }, warningStock?: number | null): Promise<StockChange | undefined> {
    const next = 'delta' in change ? sql<number>`s.stock + ${change.delta}` : sql<number>`${change.stock}::integer`;
    const line = warningStock === undefined ? sql<number | null>`s.warning_stock` : sql<number | null>`${warningStock}::integer`;
    const result = await sql<{ sku_id: number; goods_id: number; old_stock: number; stock: number; warning_stock: number | null }>`
      with old as (
        select id, stock from store_goods_sku where id = ${skuId} and store_id = ${storeId} for update
      )
      update store_goods_sku s set stock = ${next}, warning_stock = ${line}
      from old where s.id = old.id and ${next} >= 0
      returning s.id as sku_id, s.goods_id, old.stock as old_stock, s.stock, s.warning_stock`.execute(this.db);
    const row = result.rows[0];
    if (!row) return undefined;
    return { skuId: row.sku_id, goodsId: row.goods_id, oldStock: Number(row.old_stock), stock: Number(row.stock), warningStock: row.warning_stock === null ? null : Number(row.warning_stock) };
  }

  async setSkuPrice(storeId: number, skuId: number, price: number): Promise<void> {
    await this.db.updateTable('store_goods_sku').set({ price_cents: price }).where('id', '=', skuId).where('store_id', '=', storeId).execute();
  }

  /** Keeps the list's price column equal to the lowest SKU price. */
  async refreshMinPrice(storeId: number, goodsIds: readonly number[]): Promise<void> {
    if (goodsIds.length === 0) return;
    await sql`update store_goods g set min_price_cents = coalesce((select min(price_cents) from store_goods_sku s where s.goods_id = g.id), 0), updated_at = now()
      where g.store_id = ${storeId} and g.id in (${sql.join([...goodsIds])})`.execute(this.db);
  }

  async insertStockWarning(storeId: number, change: StockChange & { warningStock: number }): Promise<void> {
    await this.db
      .insertInto('store_goods_stock_warning')
      .values({ store_id: storeId, goods_id: change.goodsId, sku_id: change.skuId, stock: change.stock, warning_stock: change.warningStock })
      .execute();
  }

  /** Open warnings of a SKU whose stock is back above the line are handled by that. */
  async closeStockWarnings(storeId: number, skuId: number): Promise<void> {
    await this.db
      .updateTable('store_goods_stock_warning')
      .set({ status: WARNING_STATUS.handled, handled_at: new Date() })
      .where('store_id', '=', storeId)
      .where('sku_id', '=', skuId)
      .where('status', '=', WARNING_STATUS.open)
      .execute();
  }

  async openWarningIds(storeId: number, warningIds: readonly number[]): Promise<number[]> {
    const rows = await this.db.selectFrom('store_goods_stock_warning').select('id').where('store_id', '=', storeId).where('id', 'in', [...warningIds]).execute();
    return rows.map((r) => r.id);
  }

  async handleWarnings(storeId: number, warningIds: readonly number[]): Promise<number> {
    const result = await this.db
      .updateTable('store_goods_stock_warning')
      .set({ status: WARNING_STATUS.handled, handled_at: new Date() })
      .where('store_id', '=', storeId)
      .where('id', 'in', [...warningIds])
      .where('status', '=', WARNING_STATUS.open)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async stockCounts(storeId: number) {
    const row = await sql<{ open_warnings: number; low: number; out: number }>`
      select
        (select count(*) from store_goods_stock_warning w where w.store_id = ${storeId} and w.status = ${WARNING_STATUS.open})::integer as open_warnings,
        (select count(*) from store_goods_sku s where s.store_id = ${storeId} and s.stock > 0 and s.warning_stock is not null and s.stock <= s.warning_stock)::integer as low,
        (select count(*) from store_goods_sku s where s.store_id = ${storeId} and s.stock = 0)::integer as out`.execute(this.db);
    const counts = row.rows[0];
    return { openWarnings: Number(counts?.open_warnings ?? 0), low: Number(counts?.low ?? 0), out: Number(counts?.out ?? 0) };
  }

  async onShelfCountByCategory(storeId: number, categoryIds: readonly number[]): Promise<Map<number, number>> {
    if (categoryIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('store_goods')
      .select(['category_id', (eb) => eb.fn.countAll<string | number>().as('count')])
      .where('store_id', '=', storeId)
      .where('category_id', 'in', [...categoryIds])
      .where('status', '=', GOODS_STATUS.onShelf)
      .groupBy('category_id')
      .execute();
    return new Map(rows.map((row) => [Number(row.category_id), Number(row.count)]));
  }

  async onShelfCountInCategory(storeId: number, categoryId: number): Promise<number> {
    const row = await this.db
      .selectFrom('store_goods')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('store_id', '=', storeId)
      .where('category_id', '=', categoryId)
      .where('status', '=', GOODS_STATUS.onShelf)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async insertSnapshot(storeId: number, goodsId: number, data: Record<string, unknown>): Promise<number> {
    const row = await this.db.insertInto('store_goods_snapshot').values({ store_id: storeId, goods_id: goodsId, data: JSON.stringify(data) }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async findSnapshot(storeId: number, id: number) {
    return this.db.selectFrom('store_goods_snapshot').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
  }

  /** For the operator: a goods of any store (the platform reviews every store's goods). */
  async findAnyGoods(goodsId: number): Promise<{ id: number; storeId: number; status: number } | undefined> {
    const row = await this.db.selectFrom('store_goods').select(['id', 'store_id', 'status']).where('id', '=', goodsId).executeTakeFirst();
    return row ? { id: row.id, storeId: row.store_id, status: row.status } : undefined;
  }
}
