import { REFUND_PENDING_STATUSES, type DashboardTodoCounts } from '@merchant/api-contracts';
import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

// The dashboard's to-do counts (issue 35 §6): one statement of five scalar counts, each on an index that
// starts with store_id, each with the condition of the list the to-do links to (docs/console-shell.md):
// - orders to ship: migration 0017's kept count for status 1 (what orderList's "to ship" tab reads);
// - refunds to handle: the pending statuses orderAfter shows (store_refund_store_status_created_idx);
// - complaints to handle: dispute status 1, orderComplaint's "in dispute" tab (store_complaint_store_status_created_idx);
// - reviews without a reply: orderEvaluation's "waiting for a reply" tab (the partial store_evaluation_store_unreplied_idx);
// - out-of-stock SKUs: salesInventory's stock status "out of stock", stock 0 or less (store_goods_sku_store_idx).
// Each list joins the row's order or goods; the same joins are here so a count is the list's total.

/** Shipping-order status 1, "to ship" (console-spec §4). */
const ORDER_TO_SHIP = 1;
/** Dispute status 1, "in dispute" (console-spec §4). */
const DISPUTE_OPEN = 1;

export class DashboardRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async todoCounts(storeId: number): Promise<DashboardTodoCounts> {
    const pending = sql.join(REFUND_PENDING_STATUSES.map((status) => sql`${status}`));
    const { rows } = await sql<Record<keyof DashboardTodoCounts, number | string | null>>`
      select
        (select coalesce(sum(k.order_count), 0) from store_order_status_count k
          where k.store_id = ${storeId} and k.status = ${ORDER_TO_SHIP}) as "ordersToShip",
        (select count(*) from store_refund r join store_order o on o.id = r.order_id
          where r.store_id = ${storeId} and r.status in (${pending})) as "refundsToHandle",
        (select count(*) from store_complaint c join store_order o on o.id = c.order_id
          where c.store_id = ${storeId} and c.status = ${DISPUTE_OPEN}) as "complaintsToHandle",
        (select count(*) from store_evaluation v join store_order o on o.id = v.order_id
          where v.store_id = ${storeId} and v.reply is null) as "reviewsWithoutReply",
        (select count(*) from store_goods_sku s join store_goods g on g.id = s.goods_id
          where s.store_id = ${storeId} and s.stock <= 0) as "outOfStockSkus"`.execute(this.db);
    const row = rows[0];
    const read = (key: keyof DashboardTodoCounts) => Number(row?.[key] ?? 0);
    return {
      ordersToShip: read('ordersToShip'),
      refundsToHandle: read('refundsToHandle'),
      complaintsToHandle: read('complaintsToHandle'),
      reviewsWithoutReply: read('reviewsWithoutReply'),
      outOfStockSkus: read('outOfStockSkus'),
    };
  }
}
