import type { Kysely, Transaction, Updateable } from 'kysely';
import type { StoreDatabase, StoreRow, StoreTable } from '../../db/schema';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { insertSessionOperation } from '../../db/operation-log';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** Store rows, always addressed by the caller's own store id. */
export class AccountRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  /** Runs `work` in one transaction: every read and write of the repository it receives is part of it. */
  transaction<T>(work: (repository: AccountRepository, unit: UnitOfWork) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AccountRepository(trx), trx));
  }

  /** The store row, locked until the transaction ends: changes of one store's settings run one at a time. */
  lockStore(storeId: number): Promise<StoreRow | undefined> {
    return this.db.selectFrom('store_store').selectAll().where('id', '=', storeId).forUpdate().executeTakeFirst();
  }

  /** A new merchant: the store (empty, not submitted), its owner user and an empty wallet, in one transaction. */
  createAccount(account: { userName: string; mobile: string; passwordHash: string; storeStatus: number }): Promise<{ userId: number; storeId: number }> {
    return this.db.transaction().execute(async (trx) => {
      const store = await trx
        .insertInto('store_store')
        .values({ store_name: account.userName, store_status: account.storeStatus, store_type: 1, mobile: account.mobile })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('store_user')
        .values({ store_id: store.id, username: account.userName, password_hash: account.passwordHash, nickname: account.userName })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('store_pay_account').values({ store_id: store.id, balance_cents: 0, frozen_cents: 0, deposit_cents: 0 }).execute();
      return { userId: user.id, storeId: store.id };
    });
  }

  /** The submitted store information and its categories, together. */
  async submitStoreInfo(storeId: number, values: Updateable<StoreTable>, categoryIds: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.updateStore(storeId, values, trx);
      await this.replaceCategories(storeId, categoryIds, trx);
    });
  }

  findStore(storeId: number, db: Db = this.db): Promise<StoreRow | undefined> {
    return db.selectFrom('store_store').selectAll().where('id', '=', storeId).executeTakeFirst();
  }

  async mobileTaken(mobile: string, exceptStoreId?: number): Promise<boolean> {
    let query = this.db.selectFrom('store_store').select('id').where('mobile', '=', mobile);
    if (exceptStoreId !== undefined) query = query.where('id', '<>', exceptStoreId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async usernameTaken(username: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('store_user')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    return row !== undefined;
  }

  async updateStore(storeId: number, values: Updateable<StoreTable>, db: Db = this.db) {
    await db.updateTable('store_store').set(values).set({ updated_at: new Date() }).where('id', '=', storeId).execute();
  }

  /** The at-once shop-profile fields and their operation-log entry (who, which session and device, when), together. */
  async updateStoreInfoLogged(storeId: number, storeInfo: string, log: { userId: number; sessionTokenHash: string; operationType: string; at: Date }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.updateStore(storeId, { store_info: storeInfo }, trx);
      await insertSessionOperation(trx, { storeId, ...log });
    });
  }

  async enabledLeafCategories(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('ref_category').select('id').where('id', 'in', ids).where('level', '=', 2).where('enabled', '=', true).execute();
    return rows.map((r) => r.id);
  }

  async replaceCategories(storeId: number, ids: readonly number[], db: Db = this.db): Promise<void> {
    await db.deleteFrom('store_category_link').where('store_id', '=', storeId).execute();
    if (ids.length) await db.insertInto('store_category_link').values(ids.map((category_id) => ({ store_id: storeId, category_id }))).execute();
  }

  async storeCategories(storeId: number) {
    return this.db
      .selectFrom('store_category_link as l')
      .innerJoin('ref_category as c', 'c.id', 'l.category_id')
      .select(['c.id as categoryId', 'c.category_name as categoryName', 'c.parent_id as parentId'])
      .where('l.store_id', '=', storeId)
      .orderBy('c.id')
      .execute();
  }

  findCity(cityCode: string) {
    return this.db.selectFrom('ref_city').selectAll().where('city_code', '=', cityCode).executeTakeFirst();
  }

  findBankCard(storeId: number) {
    return this.db.selectFrom('store_bank_card').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  }

  findBlacklist(storeId: number) {
    return this.db.selectFrom('store_withdraw_blacklist').select('remark').where('store_id', '=', storeId).executeTakeFirst();
  }
}
