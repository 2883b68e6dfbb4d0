import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { insertSessionOperation } from '../../db/operation-log';

/** Reviewed shop-profile changes (migration 0020), addressed by the caller's own store id (the operator's by change id). */
export class StoreInfoChangeRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  findStore(storeId: number) {
    return this.db.selectFrom('store_store').selectAll().where('id', '=', storeId).executeTakeFirst();
  }

  /** The latest change of each kind of the store, newest first. */
  async latestPerKind(storeId: number) {
    const rows = await this.db.selectFrom('store_info_change').selectAll().where('store_id', '=', storeId).orderBy('id', 'desc').execute();
    const seen = new Set<string>();
    return rows.filter((row) => !seen.has(row.kind) && seen.add(row.kind));
  }

  findChange(changeId: number) {
    return this.db.selectFrom('store_info_change').selectAll().where('id', '=', changeId).executeTakeFirst();
  }

  /**
   * A pending change and its operation-log entry (who, which session, when), together. The partial unique index
   * refuses a second pending change of the same kind: the answer is then undefined and nothing is written.
   */
  async insertPending(change: { storeId: number; userId: number; sessionTokenHash: string; kind: string; changes: Record<string, unknown>; at: Date; operationType: string }) {
    return this.db.transaction().execute(async (trx) => {
      const pending = await trx.selectFrom('store_info_change').select('id').where('store_id', '=', change.storeId).where('kind', '=', change.kind).where('status', '=', 1).forUpdate().executeTakeFirst();
      if (pending) return undefined;
      const logId = await insertSessionOperation(trx, change);
      return trx
        .insertInto('store_info_change')
        .values({ store_id: change.storeId, user_id: change.userId, kind: change.kind, changes: JSON.stringify(change.changes), status: 1, operation_log_id: logId, created_at: change.at })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** Merges approved fields into the store's information (and its columns); the store keeps its other data. */
  async applyToStore(storeId: number, fields: Record<string, unknown>, columns: { store_name?: string; license_expires_on?: Date | null }) {
    const store = await this.findStore(storeId);
    const merged = { ...((store?.store_info ?? {}) as Record<string, unknown>), ...fields };
    await this.db.updateTable('store_store').set({ store_info: JSON.stringify(merged), ...columns, updated_at: new Date() }).where('id', '=', storeId).execute();
  }

  /** Decides a pending change; false when it was no longer pending (another decision came first). */
  async decide(changeId: number, status: number, rejectReason: string | null, at: Date): Promise<boolean> {
    const result = await this.db.updateTable('store_info_change').set({ status, reject_reason: rejectReason, decided_at: at }).where('id', '=', changeId).where('status', '=', 1).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  categoryNames(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('ref_category').select(['id as categoryId', 'category_name as categoryName', 'parent_id as parentId']).where('id', 'in', [...ids]).orderBy('id').execute();
  }
}
