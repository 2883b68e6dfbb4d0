import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

/** What the IM account shows of a store user (its IM info: nickname and avatar), and the store name behind it. */
export class ImRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  findProfile(userId: number): Promise<{ store_name: string; store_status: number; nickname: string; avatar_object_key: string | null }> {
    return this.db
      .selectFrom('store_store as s')
      .innerJoin('store_user as u', 'u.store_id', 's.id')
      .select(['s.store_name', 's.store_status', 'u.nickname', 'u.avatar_object_key'])
      .where('u.id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  async updateProfile(userId: number, storeId: number, profile: { nickname: string; avatarObjectKey: string }): Promise<void> {
    await this.db
      .updateTable('store_user')
      .set({ nickname: profile.nickname, avatar_object_key: profile.avatarObjectKey })
      .where('id', '=', userId)
      .where('store_id', '=', storeId)
      .execute();
  }
}
