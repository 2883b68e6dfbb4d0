import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

export interface UserWithStore {
  userId: number;
  storeId: number;
  username: string;
  passwordHash: string;
  nickname: string;
  /** The IM avatar's media library object key (migration 0018). */
  avatarObjectKey: string | null;
  storeName: string;
  storeStatus: number;
  storeType: number;
  forbiddenReason: string | null;
  mobile: string;
}

/** Users, their stores and access tokens. */
export class AuthRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  private selectUserWithStore() {
    return this.db
      .selectFrom('store_user as u')
      .innerJoin('store_store as s', 's.id', 'u.store_id')
      .select([
        'u.id as userId',
        'u.store_id as storeId',
        'u.username',
        'u.password_hash as passwordHash',
        'u.nickname',
        'u.avatar_object_key as avatarObjectKey',
        's.store_name as storeName',
        's.store_status as storeStatus',
        's.store_type as storeType',
        's.forbidden_reason as forbiddenReason',
        's.mobile',
      ]);
  }

  findByUsername(username: string): Promise<UserWithStore | undefined> {
    return this.selectUserWithStore()
      .where((eb) => eb(eb.fn('lower', ['u.username']), '=', username.toLowerCase()))
      .executeTakeFirst();
  }

  /** The store's owner: a check-code sign-in by the store mobile is the owner's (sub-accounts use their user name). */
  findByMobile(mobile: string): Promise<UserWithStore | undefined> {
    return this.selectUserWithStore().where('s.mobile', '=', mobile).where('u.is_owner', '=', true).orderBy('u.id').executeTakeFirst();
  }

  /**
   * Whether the user owns its store, and the permission codes of its roles. A role of another store
   * grants nothing even if linked (the join requires the same store).
   */
  async grantsOf(userId: number): Promise<{ isOwner: boolean; roleCodes: string[] }> {
    const user = await this.db.selectFrom('store_user').select(['is_owner', 'store_id']).where('id', '=', userId).executeTakeFirst();
    if (!user) return { isOwner: false, roleCodes: [] };
    if (user.is_owner) return { isOwner: true, roleCodes: [] };
    const rows = await this.db
      .selectFrom('store_user_role as ur')
      .innerJoin('store_role as r', 'r.id', 'ur.role_id')
      .innerJoin('store_role_permission as rp', 'rp.role_id', 'r.id')
      .select('rp.permission_code')
      .distinct()
      .where('ur.user_id', '=', userId)
      .where('r.store_id', '=', user.store_id)
      .execute();
    return { isOwner: false, roleCodes: rows.map((row) => row.permission_code) };
  }

  findByUserId(userId: number): Promise<UserWithStore | undefined> {
    return this.selectUserWithStore().where('u.id', '=', userId).executeTakeFirst();
  }

  async insertToken(tokenHash: string, userId: number, storeId: number, expiresAt: Date): Promise<void> {
    await this.db.insertInto('store_access_token').values({ token_hash: tokenHash, user_id: userId, store_id: storeId, expires_at: expiresAt }).execute();
  }

  findLiveToken(tokenHash: string, now: Date) {
    return this.db
      .selectFrom('store_access_token')
      .select(['user_id as userId', 'store_id as storeId'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async revokeToken(tokenHash: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('store_access_token')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async revokeAllTokensOfUser(userId: number, now: Date): Promise<void> {
    await this.db.updateTable('store_access_token').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }

  async updatePasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.db.updateTable('store_user').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  }
}
