import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { ListQuery } from '../../shared/resource-list';

// The store's paid orders per status as kept by migration 0017's triggers (store_order_status_count, in the
// same transaction as every order write): what the unfiltered list, its status tabs and queryStoreOrderCount
// without a window read instead of counting a store's orders (docs/orders.md "Order counts").


/** The kept counts of one store, by status (statuses without orders are absent). */
export async function keptStatusCounts(db: Kysely<StoreDatabase>, storeId: number): Promise<Map<number, number>> {
  const { rows } = await sql<{ status: number; order_count: number | string }>`
    select status, order_count from store_order_status_count where store_id = ${storeId}`.execute(db);
  return new Map(rows.map((row) => [Number(row.status), Number(row.order_count)]));
}

/** A query value that filters nothing (as the resource-list helper reads them). */
const isUnset = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The list's exact total from the kept counts when the query filters by nothing but `status` (the "all" tab
 * and each status tab as opened); undefined otherwise, and the helper counts the filtered rows.
 */
export function keptListTotal(filterNames: readonly string[]) {
  const others = filterNames.filter((name) => name !== 'status');
  return async (db: Kysely<StoreDatabase>, storeId: number, query: ListQuery): Promise<number | undefined> => {
    if (!others.every((name) => isUnset(query[name]))) return undefined;
    const status = query.status;
    if (!isUnset(status) && (typeof status !== 'number' || !Number.isInteger(status))) return undefined;
    const { rows } = await sql<{ total: number | string | null }>`
      select coalesce(sum(order_count), 0) as total from store_order_status_count
      where store_id = ${storeId} ${isUnset(status) ? sql`` : sql`and status = ${status}`}`.execute(db);
    return Number(rows[0]?.total ?? 0);
  };
}
