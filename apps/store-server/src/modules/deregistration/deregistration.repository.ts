import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { LogoutRecordStatus } from './deregistration.schemas';

/** What stands in the way of a deregistration, and the requests themselves; always the caller's own store. */
export class DeregistrationRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  findPayAccount(storeId: number) {
    return this.db.selectFrom('store_pay_account').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  }

  async isBlacklisted(storeId: number): Promise<boolean> {
    return (await this.db.selectFrom('store_withdraw_blacklist').select('store_id').where('store_id', '=', storeId).executeTakeFirst()) !== undefined;
  }

  async hasPendingRequest(storeId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('store_logout_record')
      .select('id')
      .where('store_id', '=', storeId)
      .where('status', '=', LogoutRecordStatus.pending)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A pending request, or undefined when one is already pending (a concurrent submission won). */
  insertPendingRequest(storeId: number, userId: number, logoutReason: string) {
    return (
      this.db
        .insertInto('store_logout_record')
        .values({ store_id: storeId, user_id: userId, logout_reason: logoutReason, status: LogoutRecordStatus.pending })
        // The partial unique index decides between concurrent submissions; its predicate must be a literal to be inferred.
        .onConflict((oc) => oc.column('store_id').where('status', '=', sql.lit(LogoutRecordStatus.pending)).doNothing())
        .returning(['id', 'status', 'created_at'])
        .executeTakeFirst()
    );
  }
}
