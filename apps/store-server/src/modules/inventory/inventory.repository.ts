import {
  INVENTORY_COUNT_STATUS,
  INVENTORY_ORDER_STATUS,
  stockStatusOf,
  WARNING_STATUS,
  type InventoryCountStatus,
  type InventoryMovementKind,
  type InventoryOrderStatus,
  type PageOf,
  type WarningStatus,
} from '@merchant/api-contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { toEpochSeconds } from '../../shared/clock';
import { defineResourceList, fromSeconds, type ListQuery, type ListQueryBuilder } from '../../shared/resource-list';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;
const seconds = (value: unknown) => toEpochSeconds(value as Date) ?? 0;
const nullableSeconds = (value: unknown) => (value ? seconds(value) : null);
const endOfSecond = (value: unknown) => new Date(Number(value) * 1000 + 999);
const createTimeFilters = (column: string) => ({
  createTimeStart: { column, op: 'gte' as const, toDb: fromSeconds },
  createTimeEnd: { column, op: 'lte' as const, toDb: endOfSecond },
});

/** Joins the item's enabled warning config, whose line sets the stock status. */
const withLine = (q: ListQueryBuilder) => q.leftJoin('store_inventory_warning_config as wc', (join) => join.onRef('wc.item_id', '=', 'i.id').on('wc.enabled', '=', true));

function stockStatusWhere(query: ListQueryBuilder, status: number): ListQueryBuilder {
  if (status === 3) return query.where('i.quantity', '<=', 0);
  if (status === 2) return query.where('i.quantity', '>', 0).where(sql<boolean>`wc.warning_line is not null and i.quantity <= wc.warning_line`);
  return query.where('i.quantity', '>', 0).where(sql<boolean>`(wc.warning_line is null or i.quantity > wc.warning_line)`);
}

export const itemRow = (row: Record<string, unknown>) => {
  const quantity = Number(row.quantity);
  const warningLine = row.warning_line === null || row.warning_line === undefined ? null : Number(row.warning_line);
  return {
    itemId: Number(row.id),
    goodsId: row.goods_id === null ? null : Number(row.goods_id),
    skuId: row.sku_id === null ? null : Number(row.sku_id),
    itemName: String(row.item_name),
    skuText: String(row.sku_text),
    warehouseName: String(row.warehouse_name),
    quantity,
    warningLine,
    stockStatus: stockStatusOf(quantity, warningLine),
    updateTime: seconds(row.updated_at),
  };
};
export type ItemRow = ReturnType<typeof itemRow>;
const itemColumns = ['i.id', 'i.goods_id', 'i.sku_id', 'i.item_name', 'i.sku_text', 'i.warehouse_name', 'i.quantity', 'i.updated_at', 'wc.warning_line'] as const;

export const itemList = defineResourceList({
  from: 'store_inventory_item as i',
  storeColumn: 'i.store_id',
  where: withLine,
  filters: {
    itemName: { column: 'i.item_name', op: 'contains' },
    warehouseName: { column: 'i.warehouse_name', op: 'contains' },
    stockStatus: { apply: stockStatusWhere },
  },
  sorts: { updateTime: 'i.updated_at', quantity: 'i.quantity' },
  defaultSort: { field: 'updateTime', order: 'desc' },
  tieBreaker: 'i.id',
  select: (q) => q.select([...itemColumns]),
  map: itemRow,
});

const configRow = (row: Record<string, unknown>) => ({
  configId: Number(row.id),
  itemId: Number(row.item_id),
  itemName: String(row.item_name),
  skuText: String(row.sku_text),
  warehouseName: String(row.warehouse_name),
  quantity: Number(row.quantity),
  warningLine: Number(row.warning_line),
  enabled: Boolean(row.enabled),
  remark: String(row.remark),
  updateTime: seconds(row.updated_at),
});
export type ConfigRow = ReturnType<typeof configRow>;
const configColumns = ['wc.id', 'wc.item_id', 'i.item_name', 'i.sku_text', 'i.warehouse_name', 'i.quantity', 'wc.warning_line', 'wc.enabled', 'wc.remark', 'wc.updated_at'] as const;

export const warningConfigList = defineResourceList({
  from: 'store_inventory_warning_config as wc',
  storeColumn: 'wc.store_id',
  where: (q) => q.innerJoin('store_inventory_item as i', 'i.id', 'wc.item_id'),
  filters: { itemName: { column: 'i.item_name', op: 'contains' }, enabled: { column: 'wc.enabled', op: 'eq' } },
  sorts: { updateTime: 'wc.updated_at' },
  defaultSort: { field: 'updateTime', order: 'desc' },
  tieBreaker: 'wc.id',
  select: (q) => q.select([...configColumns]),
  map: configRow,
});

const warningRow = (row: Record<string, unknown>) => ({
  warningId: Number(row.id),
  itemId: Number(row.item_id),
  itemName: String(row.item_name),
  skuText: String(row.sku_text),
  warehouseName: String(row.warehouse_name),
  quantity: Number(row.quantity),
  warningLine: Number(row.warning_line),
  currentQuantity: Number(row.current_quantity),
  status: Number(row.status) as WarningStatus,
  createTime: seconds(row.created_at),
  handleTime: nullableSeconds(row.handled_at),
});
export type ServiceWarningRow = ReturnType<typeof warningRow>;
const warningColumns = ['w.id', 'w.item_id', 'i.item_name', 'i.sku_text', 'i.warehouse_name', 'w.quantity', 'w.warning_line', 'i.quantity as current_quantity', 'w.status', 'w.created_at', 'w.handled_at'] as const;

export const serviceWarningList = defineResourceList({
  from: 'store_inventory_warning as w',
  storeColumn: 'w.store_id',
  where: (q) => q.innerJoin('store_inventory_item as i', 'i.id', 'w.item_id'),
  filters: { itemName: { column: 'i.item_name', op: 'contains' }, status: { column: 'w.status', op: 'eq' }, ...createTimeFilters('w.created_at') },
  sorts: { createTime: 'w.created_at' },
  defaultSort: { field: 'createTime', order: 'desc' },
  tieBreaker: 'w.id',
  select: (q) => q.select([...warningColumns]),
  map: warningRow,
});

const countRow = (row: Record<string, unknown>) => ({
  countId: Number(row.id),
  warehouseName: String(row.warehouse_name),
  status: Number(row.status) as InventoryCountStatus,
  lineCount: Number(row.line_count ?? 0),
  difference: Number(row.difference ?? 0),
  remark: String(row.remark),
  createTime: seconds(row.created_at),
  completeTime: nullableSeconds(row.completed_at),
});
export type CountRow = ReturnType<typeof countRow>;
const countColumns = (q: ListQueryBuilder) =>
  q.select([
    'n.id',
    'n.warehouse_name',
    'n.status',
    'n.remark',
    'n.created_at',
    'n.completed_at',
    sql<number>`(select count(*) from store_inventory_count_line l where l.count_id = n.id)`.as('line_count'),
    sql<number>`(select coalesce(sum(l.counted_quantity - l.book_quantity), 0) from store_inventory_count_line l where l.count_id = n.id and l.counted_quantity is not null)`.as('difference'),
  ]);

export const countList = defineResourceList({
  from: 'store_inventory_count as n',
  storeColumn: 'n.store_id',
  filters: { warehouseName: { column: 'n.warehouse_name', op: 'contains' }, status: { column: 'n.status', op: 'eq' }, ...createTimeFilters('n.created_at') },
  sorts: { createTime: 'n.created_at' },
  defaultSort: { field: 'createTime', order: 'desc' },
  tieBreaker: 'n.id',
  select: countColumns,
  map: countRow,
});

const orderRow = (row: Record<string, unknown>) => ({
  orderId: Number(row.id),
  warehouseName: String(row.warehouse_name),
  status: Number(row.status) as InventoryOrderStatus,
  lineCount: Number(row.line_count ?? 0),
  totalQuantity: Number(row.total_quantity ?? 0),
  contactName: String(row.contact_name),
  contactMobile: String(row.contact_mobile),
  address: String(row.address),
  remark: String(row.remark),
  createTime: seconds(row.created_at),
  completeTime: nullableSeconds(row.completed_at),
});
export type OrderRow = ReturnType<typeof orderRow>;
const orderColumns = (q: ListQueryBuilder) =>
  q.select([
    'o.id',
    'o.warehouse_name',
    'o.status',
    'o.contact_name',
    'o.contact_mobile',
    'o.address',
    'o.remark',
    'o.created_at',
    'o.completed_at',
    sql<number>`(select count(*) from store_inventory_order_line l where l.order_id = o.id)`.as('line_count'),
    sql<number>`(select coalesce(sum(l.quantity), 0) from store_inventory_order_line l where l.order_id = o.id)`.as('total_quantity'),
  ]);

/** Inbound (1) and outbound (2) applications: the same list over one direction. */
export const orderList = (direction: 1 | 2) =>
  defineResourceList({
    from: 'store_inventory_order as o',
    storeColumn: 'o.store_id',
    where: (q) => q.where('o.direction', '=', direction),
    filters: { warehouseName: { column: 'o.warehouse_name', op: 'contains' }, status: { column: 'o.status', op: 'eq' }, ...createTimeFilters('o.created_at') },
    sorts: { createTime: 'o.created_at' },
    defaultSort: { field: 'createTime', order: 'desc' },
    tieBreaker: 'o.id',
    select: orderColumns,
    map: orderRow,
  });

export interface QuantityChange {
  itemId: number;
  oldQuantity: number;
  quantity: number;
}

/** Inventory rows; every read and write is filtered by the caller's store id. */
export class InventoryRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(run: (repository: InventoryRepository) => Promise<T>): Promise<T> {
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => run(new InventoryRepository(trx)));
  }

  page<Row>(list: { page: (db: Kysely<StoreDatabase>, storeId: number, query: ListQuery) => Promise<PageOf<Row>> }, storeId: number, query: ListQuery) {
    return list.page(this.db, storeId, query);
  }

  async findItem(storeId: number, itemId: number): Promise<ItemRow | undefined> {
    const row = await withLine(this.db.selectFrom('store_inventory_item as i') as unknown as ListQueryBuilder)
      .select([...itemColumns])
      .where('i.id', '=', itemId)
      .where('i.store_id', '=', storeId)
      .executeTakeFirst();
    return row ? itemRow(row as Record<string, unknown>) : undefined;
  }

  /** The items among `itemIds` that are the store's, by id. */
  async itemsOf(storeId: number, itemIds: readonly number[]) {
    if (itemIds.length === 0) return new Map<number, { id: number; warehouseName: string; itemName: string; skuText: string; quantity: number }>();
    const rows = await this.db
      .selectFrom('store_inventory_item')
      .select(['id', 'warehouse_name as warehouseName', 'item_name as itemName', 'sku_text as skuText', 'quantity'])
      .where('store_id', '=', storeId)
      .where('id', 'in', [...itemIds])
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  async itemsInWarehouse(storeId: number, warehouseName: string) {
    return this.db.selectFrom('store_inventory_item').select(['id', 'quantity']).where('store_id', '=', storeId).where('warehouse_name', '=', warehouseName).orderBy('id').limit(100).execute();
  }

  async movements(storeId: number, itemId: number, limit = 50) {
    const rows = await this.db.selectFrom('store_inventory_movement').selectAll().where('store_id', '=', storeId).where('item_id', '=', itemId).orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({ movementId: r.id, kind: r.kind as InventoryMovementKind, delta: r.delta, quantityAfter: r.quantity_after, refNo: r.ref_no, createTime: seconds(r.created_at) }));
  }

  async skuWithTitle(storeId: number, skuId: number) {
    return this.db
      .selectFrom('store_goods_sku as s')
      .innerJoin('store_goods as g', 'g.id', 's.goods_id')
      .select(['s.id', 's.goods_id', 'g.title', 's.spec_values'])
      .where('s.id', '=', skuId)
      .where('s.store_id', '=', storeId)
      .executeTakeFirst();
  }

  /** Undefined when the same SKU text is already at that warehouse. */
  async insertItem(storeId: number, item: { goodsId: number; skuId: number; itemName: string; skuText: string; warehouseName: string }): Promise<number | undefined> {
    const row = await this.db
      .insertInto('store_inventory_item')
      .values({ store_id: storeId, goods_id: item.goodsId, sku_id: item.skuId, item_name: item.itemName, sku_text: item.skuText, warehouse_name: item.warehouseName })
      .onConflict((oc) => oc.columns(['store_id', 'warehouse_name', 'item_name', 'sku_text']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * One atomic change of an item's quantity with its movement row: `quantity + delta` locked and refused
   * below zero in the same statement. Undefined when the item is not the store's or would go negative.
   */
  async changeQuantity(storeId: number, itemId: number, change: { delta: number } | { quantity: number }, kind: InventoryMovementKind, refNo: string): Promise<QuantityChange | undefined> {
    const next = 'delta' in change ? sql<number>`i.quantity + ${change.delta}` : sql<number>`${change.quantity}::integer`;
    const result = await sql<{ old_quantity: number; quantity: number }>`
      with old as (select id, quantity from store_inventory_item where id = ${itemId} and store_id = ${storeId} for update)
      update store_inventory_item i set quantity = ${next}, updated_at = now()
      from old where i.id = old.id and ${next} >= 0
      returning old.quantity as old_quantity, i.quantity`.execute(this.db);
    const row = result.rows[0];
    if (!row) return undefined;
    const moved = { itemId, oldQuantity: Number(row.old_quantity), quantity: Number(row.quantity) };
    if (moved.quantity !== moved.oldQuantity) {
      await this.db
        .insertInto('store_inventory_movement')
        .values({ store_id: storeId, item_id: itemId, kind, delta: moved.quantity - moved.oldQuantity, quantity_after: moved.quantity, ref_no: refNo })
        .execute();
    }
    return moved;
  }

  async enabledLine(storeId: number, itemId: number): Promise<number | null> {
    const row = await this.db.selectFrom('store_inventory_warning_config').select('warning_line').where('store_id', '=', storeId).where('item_id', '=', itemId).where('enabled', '=', true).executeTakeFirst();
    return row?.warning_line ?? null;
  }

  async insertWarning(storeId: number, itemId: number, quantity: number, warningLine: number): Promise<void> {
    await this.db.insertInto('store_inventory_warning').values({ store_id: storeId, item_id: itemId, quantity, warning_line: warningLine }).execute();
  }

  async closeWarnings(storeId: number, itemId: number): Promise<void> {
    await this.db
      .updateTable('store_inventory_warning')
      .set({ status: WARNING_STATUS.handled, handled_at: new Date() })
      .where('store_id', '=', storeId)
      .where('item_id', '=', itemId)
      .where('status', '=', WARNING_STATUS.open)
      .execute();
  }

  async findWarning(storeId: number, warningId: number): Promise<ServiceWarningRow | undefined> {
    const row = await this.db
      .selectFrom('store_inventory_warning as w')
      .innerJoin('store_inventory_item as i', 'i.id', 'w.item_id')
      .select([...warningColumns])
      .where('w.id', '=', warningId)
      .where('w.store_id', '=', storeId)
      .executeTakeFirst();
    return row ? warningRow(row as Record<string, unknown>) : undefined;
  }

  async warningIdsOf(storeId: number, warningIds: readonly number[]): Promise<Set<number>> {
    const rows = await this.db.selectFrom('store_inventory_warning').select('id').where('store_id', '=', storeId).where('id', 'in', [...warningIds]).execute();
    return new Set(rows.map((r) => r.id));
  }

  async handleWarnings(storeId: number, warningIds: readonly number[]): Promise<number> {
    const result = await this.db
      .updateTable('store_inventory_warning')
      .set({ status: WARNING_STATUS.handled, handled_at: new Date() })
      .where('store_id', '=', storeId)
      .where('id', 'in', [...warningIds])
      .where('status', '=', WARNING_STATUS.open)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async findConfig(storeId: number, configId: number): Promise<ConfigRow | undefined> {
    const row = await this.db
      .selectFrom('store_inventory_warning_config as wc')
      .innerJoin('store_inventory_item as i', 'i.id', 'wc.item_id')
      .select([...configColumns])
      .where('wc.id', '=', configId)
      .where('wc.store_id', '=', storeId)
      .executeTakeFirst();
    return row ? configRow(row as Record<string, unknown>) : undefined;
  }

  /** Undefined when the item already has a config. */
  async insertConfig(storeId: number, config: { itemId: number; warningLine: number; enabled: boolean; remark: string }): Promise<number | undefined> {
    const row = await this.db
      .insertInto('store_inventory_warning_config')
      .values({ store_id: storeId, item_id: config.itemId, warning_line: config.warningLine, enabled: config.enabled, remark: config.remark })
      .onConflict((oc) => oc.column('item_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async updateConfig(storeId: number, configId: number, values: { warning_line?: number; enabled?: boolean; remark?: string }): Promise<void> {
    await this.db.updateTable('store_inventory_warning_config').set({ ...values, updated_at: new Date() }).where('id', '=', configId).where('store_id', '=', storeId).execute();
  }

  async insertCount(storeId: number, warehouseName: string, remark: string, lines: ReadonlyArray<{ id: number; quantity: number }>): Promise<number> {
    const row = await this.db.insertInto('store_inventory_count').values({ store_id: storeId, warehouse_name: warehouseName, remark }).returning('id').executeTakeFirstOrThrow();
    if (lines.length > 0) {
      await this.db.insertInto('store_inventory_count_line').values(lines.map((l) => ({ count_id: row.id, item_id: l.id, book_quantity: l.quantity, counted_quantity: null }))).execute();
    }
    return row.id;
  }

  async findCount(storeId: number, countId: number): Promise<CountRow | undefined> {
    const row = await countColumns(this.db.selectFrom('store_inventory_count as n') as unknown as ListQueryBuilder)
      .where('n.id', '=', countId)
      .where('n.store_id', '=', storeId)
      .executeTakeFirst();
    return row ? countRow(row as Record<string, unknown>) : undefined;
  }

  async countLines(countId: number) {
    const rows = await this.db
      .selectFrom('store_inventory_count_line as l')
      .innerJoin('store_inventory_item as i', 'i.id', 'l.item_id')
      .select(['l.item_id', 'i.item_name', 'i.sku_text', 'l.book_quantity', 'l.counted_quantity'])
      .where('l.count_id', '=', countId)
      .orderBy('l.item_id')
      .execute();
    return rows.map((r) => ({ itemId: r.item_id, itemName: r.item_name, skuText: r.sku_text, bookQuantity: r.book_quantity, countedQuantity: r.counted_quantity }));
  }

  async setCounted(countId: number, itemId: number, counted: number): Promise<void> {
    await this.db.updateTable('store_inventory_count_line').set({ counted_quantity: counted }).where('count_id', '=', countId).where('item_id', '=', itemId).execute();
  }

  /** Moves a count from counting to `status`; false when it was no longer counting. */
  async finishCount(storeId: number, countId: number, status: InventoryCountStatus): Promise<boolean> {
    const result = await this.db
      .updateTable('store_inventory_count')
      .set({ status, completed_at: status === INVENTORY_COUNT_STATUS.completed ? new Date() : null })
      .where('id', '=', countId)
      .where('store_id', '=', storeId)
      .where('status', '=', INVENTORY_COUNT_STATUS.counting)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertOrder(
    storeId: number,
    direction: 1 | 2,
    order: { warehouseName: string; contactName: string; contactMobile: string; address: string; remark: string },
    lines: ReadonlyArray<{ itemId: number; quantity: number }>,
  ): Promise<number> {
    const row = await this.db
      .insertInto('store_inventory_order')
      .values({ store_id: storeId, direction, warehouse_name: order.warehouseName, contact_name: order.contactName, contact_mobile: order.contactMobile, address: order.address, remark: order.remark })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db.insertInto('store_inventory_order_line').values(lines.map((l) => ({ order_id: row.id, item_id: l.itemId, quantity: l.quantity }))).execute();
    return row.id;
  }

  async findOrder(storeId: number, direction: 1 | 2, orderId: number): Promise<OrderRow | undefined> {
    const row = await orderColumns(this.db.selectFrom('store_inventory_order as o') as unknown as ListQueryBuilder)
      .where('o.id', '=', orderId)
      .where('o.store_id', '=', storeId)
      .where('o.direction', '=', direction)
      .executeTakeFirst();
    return row ? orderRow(row as Record<string, unknown>) : undefined;
  }

  async orderLines(orderId: number) {
    const rows = await this.db
      .selectFrom('store_inventory_order_line as l')
      .innerJoin('store_inventory_item as i', 'i.id', 'l.item_id')
      .select(['l.item_id', 'i.item_name', 'i.sku_text', 'l.quantity'])
      .where('l.order_id', '=', orderId)
      .orderBy('l.item_id')
      .execute();
    return rows.map((r) => ({ itemId: r.item_id, itemName: r.item_name, skuText: r.sku_text, quantity: r.quantity }));
  }

  /** Moves a submitted application to `status`; false when it was no longer submitted. */
  async finishOrder(storeId: number, orderId: number, status: InventoryOrderStatus): Promise<boolean> {
    const result = await this.db
      .updateTable('store_inventory_order')
      .set({ status, completed_at: status === INVENTORY_ORDER_STATUS.completed ? new Date() : null })
      .where('id', '=', orderId)
      .where('store_id', '=', storeId)
      .where('status', '=', INVENTORY_ORDER_STATUS.submitted)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
