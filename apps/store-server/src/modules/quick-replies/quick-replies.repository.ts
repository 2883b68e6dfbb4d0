import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** Issue 32 quick replies (migration 0046): one ordered list per store; every read and write names the store. */
export class QuickRepliesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs `work` in a transaction holding the store's row lock, so two staff changing the list at once take turns:
   * the count checked before an add and the positions renumbered by a move stay true until commit.
   */
  inStoreTurn<T>(storeId: number, work: (repository: QuickRepliesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select id from store_store where id = ${storeId} for update`.execute(trx);
      return work(new QuickRepliesRepository(trx));
    });
  }

  list(storeId: number) {
    return this.db.selectFrom('store_quick_reply').select(['id', 'text', 'position', 'updated_at']).where('store_id', '=', storeId).orderBy('position').execute();
  }

  async insertLast(storeId: number, text: string, userId: number, at: Date): Promise<void> {
    await this.db
      .insertInto('store_quick_reply')
      .values((eb) => ({
        store_id: storeId,
        text,
        created_by: userId,
        created_at: at,
        updated_at: at,
        position: eb.selectFrom('store_quick_reply').select(sql<number>`coalesce(max(position) + 1, 0)`.as('p')).where('store_id', '=', storeId),
      }))
      .execute();
  }

  async updateText(storeId: number, replyId: number, text: string, at: Date): Promise<boolean> {
    const row = await this.db.updateTable('store_quick_reply').set({ text, updated_at: at }).where('id', '=', replyId).where('store_id', '=', storeId).returning('id').executeTakeFirst();
    return row !== undefined;
  }

  async delete(storeId: number, replyId: number): Promise<boolean> {
    const row = await this.db.deleteFrom('store_quick_reply').where('id', '=', replyId).where('store_id', '=', storeId).returning('id').executeTakeFirst();
    return row !== undefined;
  }

  /** Gives the store's replies the positions 0, 1, 2… in the order of `ids` (all of them). */
  async renumber(storeId: number, ids: readonly number[]): Promise<void> {
    for (const [position, id] of ids.entries()) {
      await this.db.updateTable('store_quick_reply').set({ position }).where('id', '=', id).where('store_id', '=', storeId).where('position', '!=', position).execute();
    }
  }
}
