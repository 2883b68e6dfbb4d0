import type { OwnedResourceKind } from '@merchant/api-contracts';
import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../db/schema';

/**
 * Where a store's rows of each kind are (issue 34 §3, ../http/ownership.int.spec.ts): the table and, where a table
 * holds several kinds or some rows a store cannot act on by id, the condition that picks the right ones.
 */
const OWNED_ROWS: Record<OwnedResourceKind, { table: string; where?: string }> = {
  // On shelf: the goods list (not the drafts list) shows it.
  goods: { table: 'store_goods', where: 'status = 2' },
  sku: { table: 'store_goods_sku' },
  goodsSnapshot: { table: 'store_goods_snapshot' },
  skuWarning: { table: 'store_goods_stock_warning' },
  order: { table: 'store_order' },
  shipment: { table: 'store_shipment' },
  refund: { table: 'store_refund' },
  complaint: { table: 'store_complaint' },
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
};

/** One id of each kind that the store owns (its first), or an error naming the kinds it has none of. */
export async function ownedRowsOf(db: Kysely<StoreDatabase>, storeId: number): Promise<Record<OwnedResourceKind, number>> {
  const ids = {} as Record<OwnedResourceKind, number>;
  const missing: string[] = [];
  for (const [kind, { table, where }] of Object.entries(OWNED_ROWS) as Array<[OwnedResourceKind, { table: string; where?: string }]>) {
    const condition = where ? sql` and ${sql.raw(where)}` : sql``;
    const { rows } = await sql<{ id: number | string }>`select id from ${sql.table(table)} where store_id = ${storeId}${condition} order by id limit 1`.execute(db);
    if (rows[0]) ids[kind] = Number(rows[0].id);
    else missing.push(`${kind} (${table})`);
  }
  if (missing.length) throw new Error(`store ${storeId} has no row of: ${missing.join(', ')}; make one in the test's set-up`);
  return ids;
}
