import type { OwnedResourceKind } from '@merchant/api-contracts';
import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../db/schema';

/**
 * Where a store's rows of each kind are (issue 34 §3, ../http/ownership.int.spec.ts): the table and, where a table
 * holds several kinds or some rows a store cannot act on by id, the condition that picks the right ones.
 */
interface OwnedRows {
  table: string;
  where?: string;
  /** The column the call takes (default `id`): a number the row is known by, e.g. `order_no`. */
  column?: string;
}
const OWNED_ROWS: Record<OwnedResourceKind, OwnedRows> = {
  // On shelf: the goods list (not the drafts list) shows it.
  goods: { table: 'store_goods', where: 'status = 2' },
  sku: { table: 'store_goods_sku' },
  goodsSnapshot: { table: 'store_goods_snapshot' },
  skuWarning: { table: 'store_goods_stock_warning' },
  order: { table: 'store_order' },
  orderNumber: { table: 'store_order', column: 'order_no' },
  shipment: { table: 'store_shipment' },
  refund: { table: 'store_refund' },
  refundNumber: { table: 'store_refund', column: 'refund_no' },
  complaint: { table: 'store_complaint' },
  complaintNumber: { table: 'store_complaint', column: 'complaint_no' },
  evaluation: { table: 'store_evaluation' },
  inventoryItem: { table: 'store_inventory_item' },
  inventoryWarningConfig: { table: 'store_inventory_warning_config' },
  inventoryServiceWarning: { table: 'store_inventory_warning' },
  inventoryCount: { table: 'store_inventory_count' },
  inboundOrder: { table: 'store_inventory_order', where: 'direction = 1' },
  outboundOrder: { table: 'store_inventory_order', where: 'direction = 2' },
  savedView: { table: 'store_saved_view' },
  mediaFile: { table: 'store_media_file' },
  exportJob: { table: 'store_export_job' },
  asyncTask: { table: 'store_async_task' },
  staffUser: { table: 'store_user', where: 'not is_owner' },
  role: { table: 'store_role' },
  couponTemplate: { table: 'store_coupon_template' },
  activityApplication: { table: 'store_activity_application' },
  groupBuy: { table: 'store_group_buy' },
  flashSale: { table: 'store_flash_sale' },
  brandApplication: { table: 'store_brand_application' },
  providerContract: { table: 'store_provider_contract' },
  afterSaleTemplate: { table: 'store_after_sale_template' },
  freightTemplate: { table: 'store_freight_template' },
  cartageTemplate: { table: 'store_cartage_template' },
  deliveryRange: { table: 'store_delivery_range' },
  withdrawal: { table: 'store_withdrawal' },
  ledgerTransfer: { table: 'store_ledger_transfer' },
  settlement: { table: 'store_settlement' },
  topUp: { table: 'store_deposit_top_up' },
  depositTransfer: { table: 'store_deposit_transfer' },
  quickReply: { table: 'store_quick_reply' },
};

/** What a call takes to name a row: its id, or its number (`orderNo`). */
export type OwnedRowKey = number | string;

/** Per kind, the first of the store's rows (the one a case sends) and all of them (a case may pick another). */
export interface OwnedKeys {
  first: Record<OwnedResourceKind, OwnedRowKey>;
  all: Record<OwnedResourceKind, ReadonlySet<OwnedRowKey>>;
}

/** The ids (or numbers) of every kind that the store owns, or an error naming the kinds it has none of. */
export async function ownedRowsOf(db: Kysely<StoreDatabase>, storeId: number): Promise<OwnedKeys> {
  const first = {} as Record<OwnedResourceKind, OwnedRowKey>;
  const all = {} as Record<OwnedResourceKind, ReadonlySet<OwnedRowKey>>;
  const missing: string[] = [];
  for (const [kind, { table, where, column = 'id' }] of Object.entries(OWNED_ROWS) as Array<[OwnedResourceKind, OwnedRows]>) {
    const condition = where ? sql` and ${sql.raw(where)}` : sql``;
    const { rows } = await sql<{ key: number | string }>`select ${sql.ref(column)} as key from ${sql.table(table)} where store_id = ${storeId}${condition} order by id`.execute(db);
    const keys = rows.map((row) => (column === 'id' ? Number(row.key) : String(row.key)));
    if (keys[0] === undefined) missing.push(`${kind} (${table})`);
    else first[kind] = keys[0];
    all[kind] = new Set(keys);
  }
  if (missing.length) throw new Error(`store ${storeId} has no row of: ${missing.join(', ')}; make one in the test's set-up`);
  return { first, all };
}
