import { stockStatusOf, type InventoryCountStatus, type InventoryOrderStatus, type WarningStatus } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { toEpochSeconds } from '../../shared/clock';
import { defineResourceList, fromSeconds, type ListColumn, type ListQueryBuilder, type ListTable, type ResourceList, type ResourceListDefinition } from '../../shared/resource-list';

// The inventory centre's lists (docs/inventory.md) for the resource-list helper, and the row shapes the
// repository's single-record reads share with them.

export const seconds = (value: unknown) => toEpochSeconds(value as Date) ?? 0;
export const nullableSeconds = (value: unknown) => (value ? seconds(value) : null);
const endOfSecond = (value: unknown) => new Date(Number(value) * 1000 + 999);
const createTimeFilters = (column: ListColumn) => ({
  createTimeStart: { column, op: 'gte' as const, toDb: fromSeconds },
  createTimeEnd: { column, op: 'lte' as const, toDb: endOfSecond },
});

/**
 * The lists of records made at a time (service warnings, counts, inbound and outbound orders): one shape,
 * scoped by `<alias>.store_id`, filtered by creation time, newest first, ties broken by id.
 */
function recordList<Row>(
  table: ListTable,
  alias: string,
  parts: Pick<ResourceListDefinition<Row>, 'where' | 'filters' | 'select' | 'map'>,
): ResourceList<Row> {
  return defineResourceList<Row>({
    from: `${table} as ${alias}`,
    storeColumn: `${alias}.store_id`,
    where: parts.where,
    filters: { ...parts.filters, ...createTimeFilters(`${alias}.created_at`) },
    sorts: { createTime: `${alias}.created_at` },
    defaultSort: { field: 'createTime', order: 'desc' },
    tieBreaker: `${alias}.id`,
    select: parts.select,
    map: parts.map,
  });
}

/** Joins the item's enabled warning config, whose line sets the stock status. */
const withLine = (q: ListQueryBuilder) => q.leftJoin('store_inventory_warning_config as wc', (join) => join.onRef('wc.item_id', '=', 'i.id').on('wc.enabled', '=', true));

function stockStatusWhere(query: ListQueryBuilder, status: number): ListQueryBuilder {
  if (status === 3) return query.where('i.quantity', '<=', 0);
  if (status === 2) return query.where('i.quantity', '>', 0).where(sql<boolean>`wc.warning_line is not null and i.quantity <= wc.warning_line`);
  return query.where('i.quantity', '>', 0).where(sql<boolean>`(wc.warning_line is null or i.quantity > wc.warning_line)`);
}

const itemRow = (row: Record<string, unknown>) => {
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

export const serviceWarningList = recordList('store_inventory_warning', 'w', {
  where: (q) => q.innerJoin('store_inventory_item as i', 'i.id', 'w.item_id'),
  filters: { itemName: { column: 'i.item_name', op: 'contains' }, status: { column: 'w.status', op: 'eq' } },
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

export const countList = recordList('store_inventory_count', 'n', {
  filters: { warehouseName: { column: 'n.warehouse_name', op: 'contains' }, status: { column: 'n.status', op: 'eq' } },
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
const orderListOf = (direction: 1 | 2) =>
  recordList('store_inventory_order', 'o', {
    where: (q) => q.where('o.direction', '=', direction),
    filters: { warehouseName: { column: 'o.warehouse_name', op: 'contains' }, status: { column: 'o.status', op: 'eq' } },
    select: orderColumns,
    map: orderRow,
  });
const ORDER_LISTS = { 1: orderListOf(1), 2: orderListOf(2) } as const;
export const orderList = (direction: 1 | 2) => ORDER_LISTS[direction];
