import { SIGN_IN_OPERATION_TYPES } from '@merchant/api-contracts';
import type { Kysely, Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { insertSessionOperation } from '../../db/operation-log';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

const [USER_LOGIN] = SIGN_IN_OPERATION_TYPES;

/** A staff or role change as the operation log keeps it (who, which session, when, what and on which account or role). */
export interface StaffChange {
  storeId: number;
  userId: number;
  sessionTokenHash: string;
  operationType: string;
  targetUserId: number | null;
  targetRoleId: number | null;
  detail: Record<string, unknown>;
  at: Date;
}

/** A store's accounts, roles and their links; every query is addressed by the caller's store id. */
export class StaffRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction; `unit` lends it to the auth module (sessions, the caller's codes). */
  transaction<T>(work: (repository: StaffRepository, unit: UnitOfWork) => Promise<T>): Promise<T> {
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => work(new StaffRepository(trx), trx));
  }

  /** The store row locked until the transaction ends: one store's staff and role changes run one at a time. */
  async lockStore(storeId: number): Promise<void> {
    await this.db.selectFrom('store_store').select('id').where('id', '=', storeId).forUpdate().executeTakeFirst();
  }

  private selectAccounts(storeId: number) {
    return this.db
      .selectFrom('store_user')
      .select(['id', 'username', 'nickname', 'is_owner', 'status', 'created_at'])
      .where('store_id', '=', storeId);
  }

  /** The store's accounts: the owner first, then staff by creation. */
  listAccounts(storeId: number) {
    return this.selectAccounts(storeId).orderBy('is_owner', 'desc').orderBy('id').execute();
  }

  findAccount(storeId: number, userId: number) {
    return this.selectAccounts(storeId).where('id', '=', userId).executeTakeFirst();
  }

  /** The roles of the given accounts; a role of another store is not counted (docs/permissions.md). */
  rolesOfAccounts(storeId: number, userIds: readonly number[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('store_user_role as ur')
      .innerJoin('store_role as r', 'r.id', 'ur.role_id')
      .select(['ur.user_id as userId', 'r.id as roleId', 'r.name'])
      .where('ur.user_id', 'in', [...userIds])
      .where('r.store_id', '=', storeId)
      .orderBy('r.id')
      .execute();
  }

  /** The store's roles with how many of its accounts hold each, by creation. */
  listRoles(storeId: number) {
    return this.db
      .selectFrom('store_role as r')
      .select((eb) => [
        'r.id',
        'r.name',
        eb
          .selectFrom('store_user_role as ur')
          .innerJoin('store_user as u', 'u.id', 'ur.user_id')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('ur.role_id', '=', 'r.id')
          .whereRef('u.store_id', '=', 'r.store_id')
          .as('memberCount'),
      ])
      .where('r.store_id', '=', storeId)
      .orderBy('r.id')
      .execute();
  }

  /** The roles of this store among `roleIds` (another store's ids are simply not found). */
  findRoles(storeId: number, roleIds: readonly number[]) {
    if (roleIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('store_role').select(['id', 'name']).where('store_id', '=', storeId).where('id', 'in', [...roleIds]).orderBy('id').execute();
  }

  /** The stored codes of the given roles of this store (unknown codes included: the service keeps catalogue codes only). */
  codesOfRoles(storeId: number, roleIds: readonly number[]) {
    if (roleIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('store_role_permission as rp')
      .innerJoin('store_role as r', 'r.id', 'rp.role_id')
      .select(['rp.role_id as roleId', 'rp.permission_code as code'])
      .where('r.store_id', '=', storeId)
      .where('rp.role_id', 'in', [...roleIds])
      .execute();
  }

  /** Each account's latest server-written sign-in (a USER_LOGIN with its session; a client's own reports do not count). */
  lastSignIns(userIds: readonly number[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('store_operation_log')
      .select((eb) => ['user_id as userId', eb.fn.max('operation_start_time').as('at')])
      .where('user_id', 'in', [...userIds])
      .where('operation_type', '=', USER_LOGIN)
      .where('session_id', 'is not', null)
      .groupBy('user_id')
      .execute();
  }

  /** User names are unique across stores, whatever their case (migration 0001's index). */
  async userNameTaken(userName: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('store_user')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', userName.toLowerCase()))
      .executeTakeFirst();
    return row !== undefined;
  }

  async roleNameTaken(storeId: number, name: string, exceptRoleId?: number): Promise<boolean> {
    let query = this.db.selectFrom('store_role').select('id').where('store_id', '=', storeId).where('name', '=', name);
    if (exceptRoleId !== undefined) query = query.where('id', '!=', exceptRoleId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insertAccount(account: { storeId: number; userName: string; nickname: string; passwordHash: string; at: Date }): Promise<number> {
    const row = await this.db
      .insertInto('store_user')
      .values({ store_id: account.storeId, username: account.userName, nickname: account.nickname, password_hash: account.passwordHash, avatar_object_key: null, is_owner: false, created_at: account.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateNickname(storeId: number, userId: number, nickname: string): Promise<void> {
    await this.db.updateTable('store_user').set({ nickname }).where('store_id', '=', storeId).where('id', '=', userId).execute();
  }

  async setStatus(storeId: number, userId: number, status: number): Promise<void> {
    await this.db.updateTable('store_user').set({ status }).where('store_id', '=', storeId).where('id', '=', userId).execute();
  }

  async setPasswordHash(storeId: number, userId: number, passwordHash: string): Promise<void> {
    await this.db.updateTable('store_user').set({ password_hash: passwordHash }).where('store_id', '=', storeId).where('id', '=', userId).execute();
  }

  /** The account's roles become exactly `roleIds` (roles of its store, checked by the service). */
  async replaceAccountRoles(userId: number, roleIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('store_user_role').where('user_id', '=', userId).execute();
    if (roleIds.length > 0) await this.db.insertInto('store_user_role').values(roleIds.map((role_id) => ({ user_id: userId, role_id }))).execute();
  }

  async insertRole(storeId: number, name: string, at: Date): Promise<number> {
    const row = await this.db.insertInto('store_role').values({ store_id: storeId, name, created_at: at }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async renameRole(storeId: number, roleId: number, name: string): Promise<void> {
    await this.db.updateTable('store_role').set({ name }).where('store_id', '=', storeId).where('id', '=', roleId).execute();
  }

  /** The role's codes become exactly `codes`. */
  async replaceRoleCodes(roleId: number, codes: readonly string[]): Promise<void> {
    await this.db.deleteFrom('store_role_permission').where('role_id', '=', roleId).execute();
    if (codes.length > 0) await this.db.insertInto('store_role_permission').values(codes.map((permission_code) => ({ role_id: roleId, permission_code }))).execute();
  }

  /** Deletes the role (its codes and links go with it); how many accounts held it. */
  async deleteRole(storeId: number, roleId: number): Promise<number> {
    const links = await this.db.deleteFrom('store_user_role').where('role_id', '=', roleId).returning('user_id').execute();
    await this.db.deleteFrom('store_role').where('store_id', '=', storeId).where('id', '=', roleId).execute();
    return links.length;
  }

  /** The change in the operation log, with the session's public id and device (migration 0023), and its detail. */
  async recordChange(change: StaffChange): Promise<void> {
    const logId = await insertSessionOperation(this.db, change);
    await this.db
      .insertInto('store_staff_change')
      .values({
        store_id: change.storeId,
        operation_log_id: logId,
        target_user_id: change.targetUserId,
        target_role_id: change.targetRoleId,
        detail: JSON.stringify(change.detail),
        created_at: change.at,
      })
      .execute();
  }
}
