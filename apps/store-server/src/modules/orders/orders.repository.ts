import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { OrderCountQuery } from './orders.schemas';

/** Order rows, always filtered by the caller's own store id. */
export class OrdersRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async countByStatus(storeId: number, window: OrderCountQuery): Promise<Array<{ status: number; count: number }>> {
    let query = this.db
      .selectFrom('store_order')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('count')])
      .where('store_id', '=', storeId)
      .groupBy('status');
    if (window.startTime !== undefined) query = query.where('created_at', '>=', window.startTime);
    if (window.endTime !== undefined) query = query.where('created_at', '<=', window.endTime);
    const rows = await query.execute();
    return rows.map((row) => ({ status: Number(row.status), count: Number(row.count) }));
  }
}
