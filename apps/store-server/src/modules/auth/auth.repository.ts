import type { Kysely } from 'kysely';
import { SIGN_IN_OPERATION_TYPES, STAFF_STATUS } from '@merchant/api-contracts';
import type { StoreDatabase } from '../../db/schema';

export type SignInOperationType = (typeof SIGN_IN_OPERATION_TYPES)[number];

/** A session just ended: whose, and from which device. */
export interface EndedSession {
  id: number;
  userId: number;
  storeId: number;
  device: string;
}

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
  /** The account's STAFF_STATUS (migration 0024): a disabled account cannot sign in. */
  accountStatus: number;
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
        'u.status as accountStatus',
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

  /** A new session; its public id (migration 0023). */
  async insertToken(tokenHash: string, userId: number, storeId: number, createdAt: Date, expiresAt: Date, device = ''): Promise<number> {
    const row = await this.db
      .insertInto('store_access_token')
      .values({ token_hash: tokenHash, user_id: userId, store_id: storeId, created_at: createdAt, expires_at: expiresAt, device })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A live token of an enabled account (a token issued while the account was being disabled is no key either). */
  findLiveToken(tokenHash: string, now: Date) {
    return this.db
      .selectFrom('store_access_token as t')
      .innerJoin('store_user as u', 'u.id', 't.user_id')
      .select(['t.user_id as userId', 't.store_id as storeId'])
      .where('t.token_hash', '=', tokenHash)
      .where('t.revoked_at', 'is', null)
      .where('t.expires_at', '>', now)
      .where('u.status', '=', STAFF_STATUS.enabled)
      .executeTakeFirst();
  }

  /** Ends a live session; the session it ended, or undefined when it was unknown or already ended. */
  revokeToken(tokenHash: string, now: Date): Promise<EndedSession | undefined> {
    return this.db
      .updateTable('store_access_token')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .returning(['id', 'user_id as userId', 'store_id as storeId', 'device'])
      .executeTakeFirst();
  }

  /** Ends every live session of the user except `keepHash`'s (one statement: a second run ends none). */
  revokeOtherTokens(userId: number, keepHash: string, now: Date): Promise<EndedSession[]> {
    return this.db
      .updateTable('store_access_token')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('token_hash', '!=', keepHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['id', 'user_id as userId', 'store_id as storeId', 'device'])
      .execute();
  }

  /** The user's sessions that are signed in now, newest first. */
  listLiveTokens(userId: number, now: Date) {
    return this.db
      .selectFrom('store_access_token')
      .select(['id', 'token_hash as tokenHash', 'device', 'created_at as createdAt', 'expires_at as expiresAt'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The id of a token's session (live or not). */
  async sessionIdOf(tokenHash: string): Promise<number | undefined> {
    return (await this.db.selectFrom('store_access_token').select('id').where('token_hash', '=', tokenHash).executeTakeFirst())?.id;
  }

  /** A USER_LOGIN / USER_LOGOUT of the §7 operation log, written by the server with its session and device. */
  async insertSignInEvent(event: { storeId: number; userId: number; sessionId: number; device: string; operationType: SignInOperationType; at: Date }): Promise<void> {
    await this.db
      .insertInto('store_operation_log')
      .values({
        store_id: event.storeId,
        user_id: event.userId,
        operation_type: event.operationType,
        operation_start_time: event.at,
        session_id: event.sessionId,
        device: event.device,
      })
      .execute();
  }

  /** The user's most recent server-written sign-in events (a client's own §7 reports carry no session). */
  listSignInEvents(userId: number, limit: number) {
    return this.db
      .selectFrom('store_operation_log')
      .select(['operation_type as operationType', 'operation_start_time as at', 'device', 'session_id as sessionId'])
      .where('user_id', '=', userId)
      .where('session_id', 'is not', null)
      .where('operation_type', 'in', [...SIGN_IN_OPERATION_TYPES])
      .orderBy('operation_start_time', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Issue 26 §5: the pay password was checked in this session now. */
  async markPayPasswordChecked(tokenHash: string, now: Date): Promise<void> {
    await this.db.updateTable('store_access_token').set({ pay_password_checked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
  }

  async payPasswordCheckedAt(tokenHash: string): Promise<Date | null> {
    const row = await this.db.selectFrom('store_access_token').select('pay_password_checked_at').where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
    return row?.pay_password_checked_at ?? null;
  }

  /** Ends every live session of the user; the sessions it ended. */
  revokeAllLiveTokensOfUser(userId: number, now: Date): Promise<EndedSession[]> {
    return this.db
      .updateTable('store_access_token')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['id', 'user_id as userId', 'store_id as storeId', 'device'])
      .execute();
  }

  async revokeAllTokensOfUser(userId: number, now: Date): Promise<void> {
    await this.db.updateTable('store_access_token').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }

  async updatePasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.db.updateTable('store_user').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  }
}
