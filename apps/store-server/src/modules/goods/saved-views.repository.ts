import type { SavedView } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { toEpochSeconds } from '../../shared/clock';

export type SavedViewRecord = SavedView;

const toView = (row: { id: number; resource: string; name: string; filters: Record<string, unknown>; columns: string[]; updated_at: Date }): SavedViewRecord => ({
  viewId: row.id,
  resource: row.resource,
  name: row.name,
  filters: row.filters as SavedView['filters'],
  columns: row.columns,
  updateTime: toEpochSeconds(row.updated_at) ?? 0,
});

/** Saved views of one user (migration 0011): every query names the user and the store. */
export class SavedViewsRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async list(storeId: number, userId: number, resource: string): Promise<SavedViewRecord[]> {
    const rows = await this.db
      .selectFrom('store_saved_view')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('user_id', '=', userId)
      .where('resource', '=', resource)
      .orderBy('name')
      .execute();
    return rows.map(toView);
  }

  async find(storeId: number, userId: number, viewId: number): Promise<SavedViewRecord | undefined> {
    const row = await this.db.selectFrom('store_saved_view').selectAll().where('id', '=', viewId).where('store_id', '=', storeId).where('user_id', '=', userId).executeTakeFirst();
    return row ? toView(row) : undefined;
  }

  async count(storeId: number, userId: number, resource: string): Promise<number> {
    const row = await this.db
      .selectFrom('store_saved_view')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('store_id', '=', storeId)
      .where('user_id', '=', userId)
      .where('resource', '=', resource)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Inserts, or replaces the view of the same name (upsert on user, resource, name). */
  async upsert(storeId: number, userId: number, view: { resource: string; name: string; filters: unknown; columns: string[] }): Promise<SavedViewRecord> {
    const row = await this.db
      .insertInto('store_saved_view')
      .values({ store_id: storeId, user_id: userId, resource: view.resource, name: view.name, filters: JSON.stringify(view.filters), columns: JSON.stringify(view.columns) })
      .onConflict((oc) => oc.columns(['user_id', 'resource', 'name']).doUpdateSet({ filters: JSON.stringify(view.filters), columns: JSON.stringify(view.columns), updated_at: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return toView(row);
  }

  /** Undefined when another view of the user already has the new name. */
  async update(storeId: number, userId: number, viewId: number, view: { name: string; filters: unknown; columns: string[] }): Promise<SavedViewRecord | undefined> {
    const row = await this.db
      .updateTable('store_saved_view')
      .set({ name: view.name, filters: JSON.stringify(view.filters), columns: JSON.stringify(view.columns), updated_at: new Date() })
      .where('id', '=', viewId)
      .where('store_id', '=', storeId)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    return row ? toView(row) : undefined;
  }

  async nameTaken(storeId: number, userId: number, resource: string, name: string, exceptId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('store_saved_view')
      .select('id')
      .where('store_id', '=', storeId)
      .where('user_id', '=', userId)
      .where('resource', '=', resource)
      .where('name', '=', name)
      .where('id', '<>', exceptId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async delete(storeId: number, userId: number, viewId: number): Promise<number> {
    const result = await this.db.deleteFrom('store_saved_view').where('id', '=', viewId).where('store_id', '=', storeId).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
