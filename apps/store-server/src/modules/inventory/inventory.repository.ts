import {
  INVENTORY_COUNT_STATUS,
  INVENTORY_ORDER_STATUS,
  WARNING_STATUS,
  type InventoryCountStatus,
  type InventoryMovementKind,
  type InventoryOrderStatus,
  type PageOf,
} from '@merchant/api-contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { ListQuery, ResourceList } from '../../shared/resource-list';
import { seconds, type ConfigRow, type CountRow, type ItemRow, type OrderRow, type ServiceWarningRow } from './inventory.lists';

import { countList, itemList, orderList, serviceWarningList, warningConfigList } from './inventory.lists';

export { countList, itemList, orderList, serviceWarningList, warningConfigList };

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;
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

  /** One page of a list of inventory.lists.ts, scoped to the store. */
  page<Row>(list: ResourceList<Row>, storeId: number, query: ListQuery): Promise<PageOf<Row>> {
    return list.page(this.db, storeId, query);
  }

  findItem(storeId: number, itemId: number): Promise<ItemRow | undefined> {
    return itemList.row(this.db, storeId, (q) => q.where('i.id', '=', itemId));
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

  findWarning(storeId: number, warningId: number): Promise<ServiceWarningRow | undefined> {
    return serviceWarningList.row(this.db, storeId, (q) => q.where('w.id', '=', warningId));
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

  findConfig(storeId: number, configId: number): Promise<ConfigRow | undefined> {
    return warningConfigList.row(this.db, storeId, (q) => q.where('wc.id', '=', configId));
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

  findCount(storeId: number, countId: number): Promise<CountRow | undefined> {
    return countList.row(this.db, storeId, (q) => q.where('n.id', '=', countId));
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

  findOrder(storeId: number, direction: 1 | 2, orderId: number): Promise<OrderRow | undefined> {
    return orderList(direction).row(this.db, storeId, (q) => q.where('o.id', '=', orderId));
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
