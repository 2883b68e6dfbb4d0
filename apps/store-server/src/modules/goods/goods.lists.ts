import { GOODS_STATUS, STOCK_STATUS, stockStatusOf, type GoodsListRow, type SkuSpecLabels, type SkuStockRow, type StockWarningRow } from '@merchant/api-contracts';
import { sql, type Kysely } from 'kysely';
import type { SupportedLanguage } from '@merchant/api-contracts';
import type { StoreDatabase } from '../../db/schema';
import { categoryNameIn, specLabelIn, specValueLabelIn } from '../../db/reference-names';
import { toEpochSeconds } from '../../shared/clock';
import { defineResourceList, fromSeconds, type ListQueryBuilder } from '../../shared/resource-list';

// The goods area's lists (docs/goods.md "Lists"): one definition each for the resource-list helper, which
// adds the store condition. SQL of the goods module, kept beside its repository.

const seconds = (value: unknown) => toEpochSeconds(value as Date) ?? 0;
const mainImage = sql<string>`coalesce(g.images -> 0 ->> 'objectUrl', '')`;
/** Inclusive end of a seconds window: the whole last second counts. */
const endOfSecond = (value: unknown) => new Date(Number(value) * 1000 + 999);

/** A stock status filter over a SKU's stock and warning line (STOCK_STATUS of the contracts). */
function stockStatusWhere(query: ListQueryBuilder, status: number, stock: string, line: string): ListQueryBuilder {
  const s = sql.ref(stock);
  const l = sql.ref(line);
  if (status === STOCK_STATUS.outOfStock) return query.where(s, '<=', 0);
  if (status === STOCK_STATUS.lowStock) return query.where(s, '>', 0).where(sql<boolean>`${l} is not null and ${s} <= ${l}`);
  return query.where(s, '>', 0).where(sql<boolean>`(${l} is null or ${s} > ${l})`);
}

const goodsRow = (row: Record<string, unknown>): GoodsListRow => ({
  goodsId: Number(row.id),
  title: String(row.title),
  brandName: String(row.brand_name),
  categoryId: row.category_id === null ? null : Number(row.category_id),
  categoryName: String(row.category_name ?? ''),
  status: Number(row.status) as GoodsListRow['status'],
  mainImageUrl: String(row.main_image ?? ''),
  minPrice: Number(row.min_price_cents),
  totalStock: Number(row.total_stock ?? 0),
  skuCount: Number(row.sku_count ?? 0),
  rejectReason: String(row.reject_reason ?? ''),
  createTime: seconds(row.created_at),
  updateTime: seconds(row.updated_at),
});

const goodsColumns = (query: ListQueryBuilder) =>
  query
    .leftJoin('ref_category as c', 'c.id', 'g.category_id')
    .select([
      'g.id',
      'g.title',
      'g.brand_name',
      'g.category_id',
      'c.category_name',
      'g.status',
      'g.min_price_cents',
      'g.reject_reason',
      'g.created_at',
      'g.updated_at',
      mainImage.as('main_image'),
      sql<number>`(select coalesce(sum(s.stock), 0) from store_goods_sku s where s.goods_id = g.id)`.as('total_stock'),
      sql<number>`(select count(*) from store_goods_sku s where s.goods_id = g.id)`.as('sku_count'),
    ]);

const createTimeFilters = {
  createTimeStart: { column: 'g.created_at', op: 'gte', toDb: fromSeconds },
  createTimeEnd: { column: 'g.created_at', op: 'lte', toDb: endOfSecond },
} as const;

/** Category names by id in a language (the lists join the English column; issue 35 §8, docs/goods.md). */
export async function categoryNamesIn(db: Kysely<StoreDatabase>, ids: readonly number[], language: SupportedLanguage): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('ref_category as c').select(['c.id', categoryNameIn(language).as('name')]).where('c.id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** List rows with their category named in `language` (the goods lists' screens and their Excel exports). */
export async function withCategoryNamesIn<Row extends { categoryId: number | null; categoryName: string }>(
  db: Kysely<StoreDatabase>,
  rows: readonly Row[],
  language: SupportedLanguage,
): Promise<Row[]> {
  if (language === 'en-US') return [...rows];
  const names = await categoryNamesIn(db, rows.flatMap((row) => (row.categoryId === null ? [] : [row.categoryId])), language);
  return rows.map((row) => (row.categoryId === null ? row : { ...row, categoryName: names.get(row.categoryId) ?? row.categoryName }));
}

/**
 * Rows with their SKU's spec labelled in `language` (issue 35 §8, docs/goods.md): by each stored key, the label of
 * the spec and of the SKU's value from the goods' category's reference specs, the labels `category/specList`
 * answers. The sales-stock and stock-warning lists and the sales-stock export. A key the category does not list
 * (a changed category, a removed spec) reads as itself.
 */
export async function withSpecLabelsIn<Row extends { goodsId: number; specValues: Readonly<Record<string, string>> }>(
  db: Kysely<StoreDatabase>,
  rows: readonly Row[],
  language: SupportedLanguage,
): Promise<Array<Row & { specLabels: SkuSpecLabels }>> {
  const goodsIds = [...new Set(rows.map((row) => row.goodsId))];
  const specs =
    goodsIds.length === 0
      ? []
      : await db
          .selectFrom('store_goods as g')
          .innerJoin('ref_category_spec as s', 's.category_id', 'g.category_id')
          .select(['g.id as goodsId', 's.spec_name', 's.spec_value_labels_zh', specLabelIn(language).as('spec_label')])
          .where('g.id', 'in', goodsIds)
          .execute();
  const specOf = new Map(specs.map((spec) => [`${spec.goodsId}\u0000${spec.spec_name}`, spec]));
  return rows.map((row) => {
    const specLabels: SkuSpecLabels = {};
    for (const [key, value] of Object.entries(row.specValues)) {
      const spec = specOf.get(`${row.goodsId}\u0000${key}`);
      specLabels[key] = { name: spec?.spec_label ?? key, value: specValueLabelIn(language, spec?.spec_value_labels_zh, value) };
    }
    return { ...row, specLabels };
  });
}

/** goodList/goodAll: every status but drafts unless a tab is chosen. */
export const goodsList = defineResourceList<GoodsListRow>({
  from: 'store_goods as g',
  storeColumn: 'g.store_id',
  where: (q) => q.where('g.status', '<>', GOODS_STATUS.draft),
  filters: {
    status: { column: 'g.status', op: 'eq' },
    title: { column: 'g.title', op: 'contains' },
    goodsId: { column: 'g.id', op: 'eq' },
    categoryId: { column: 'g.category_id', op: 'eq' },
    brandName: { column: 'g.brand_name', op: 'contains' },
    freightTemplateId: { column: 'g.freight_template_id', op: 'eq' },
    cartageTemplateId: { column: 'g.cartage_template_id', op: 'eq' },
    ...createTimeFilters,
    priceMin: { column: 'g.min_price_cents', op: 'gte' },
    priceMax: { column: 'g.min_price_cents', op: 'lte' },
  },
  sorts: { createTime: 'g.created_at', updateTime: 'g.updated_at', price: 'g.min_price_cents' },
  defaultSort: { field: 'createTime', order: 'desc' },
  tieBreaker: 'g.id',
  select: goodsColumns,
  map: goodsRow,
});

/** goodDraft: the store's drafts. */
export const draftList = defineResourceList<GoodsListRow>({
  from: 'store_goods as g',
  storeColumn: 'g.store_id',
  where: (q) => q.where('g.status', '=', GOODS_STATUS.draft),
  filters: { title: { column: 'g.title', op: 'contains' }, ...createTimeFilters },
  sorts: { createTime: 'g.created_at', updateTime: 'g.updated_at' },
  defaultSort: { field: 'updateTime', order: 'desc' },
  tieBreaker: 'g.id',
  select: goodsColumns,
  map: goodsRow,
});

const skuRow = (row: Record<string, unknown>): SkuStockRow => {
  const stock = Number(row.stock);
  const warningStock = row.warning_stock === null ? null : Number(row.warning_stock);
  return {
    skuId: Number(row.id),
    goodsId: Number(row.goods_id),
    title: String(row.title),
    goodsStatus: Number(row.status) as SkuStockRow['goodsStatus'],
    mainImageUrl: String(row.main_image ?? ''),
    specValues: (row.spec_values ?? {}) as Record<string, string>,
    skuCode: String(row.sku_code),
    price: Number(row.price_cents),
    stock,
    warningStock,
    stockStatus: stockStatusOf(stock, warningStock),
  };
};

/** salesInventory: the store's SKUs with stock; the join to goods is needed by the title filter, so it is in `where`. */
export const skuStockList = defineResourceList<SkuStockRow>({
  from: 'store_goods_sku as s',
  storeColumn: 's.store_id',
  where: (q) => q.innerJoin('store_goods as g', 'g.id', 's.goods_id'),
  filters: {
    title: { column: 'g.title', op: 'contains' },
    goodsId: { column: 's.goods_id', op: 'eq' },
    goodsStatus: { column: 'g.status', op: 'eq' },
    stockStatus: { apply: (q, status: number) => stockStatusWhere(q, status, 's.stock', 's.warning_stock') },
  },
  sorts: { stock: 's.stock', goodsId: 's.goods_id' },
  defaultSort: { field: 'goodsId', order: 'desc' },
  tieBreaker: 's.id',
  select: (q) =>
    q.select(['s.id', 's.goods_id', 'g.title', 'g.status', 's.spec_values', 's.sku_code', 's.price_cents', 's.stock', 's.warning_stock', mainImage.as('main_image')]),
  map: skuRow,
});

/** inventoryWarning: stock warnings of the store's SKUs, newest first. */
export const stockWarningList = defineResourceList<StockWarningRow>({
  from: 'store_goods_stock_warning as w',
  storeColumn: 'w.store_id',
  where: (q) => q.innerJoin('store_goods as g', 'g.id', 'w.goods_id').innerJoin('store_goods_sku as s', 's.id', 'w.sku_id'),
  filters: { status: { column: 'w.status', op: 'eq' }, title: { column: 'g.title', op: 'contains' } },
  sorts: { createTime: 'w.created_at' },
  defaultSort: { field: 'createTime', order: 'desc' },
  tieBreaker: 'w.id',
  select: (q) =>
    q.select(['w.id', 'w.goods_id', 'w.sku_id', 'g.title', 's.spec_values', 'w.stock', 'w.warning_stock', 's.stock as current_stock', 'w.status', 'w.created_at', 'w.handled_at']),
  map: (row) => ({
    warningId: Number(row.id),
    goodsId: Number(row.goods_id),
    skuId: Number(row.sku_id),
    title: String(row.title),
    specValues: (row.spec_values ?? {}) as Record<string, string>,
    stock: Number(row.stock),
    warningStock: Number(row.warning_stock),
    currentStock: Number(row.current_stock),
    status: Number(row.status) as StockWarningRow['status'],
    createTime: seconds(row.created_at),
    handleTime: row.handled_at ? seconds(row.handled_at) : null,
  }),
});

/** Goods rows, SKUs and stock warnings; every read and write is filtered by the caller's store id. */
