import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

/** What the IM account shows of a store user (its IM info: nickname and avatar), and the store name behind it. */
export class ImRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  findProfile(userId: number): Promise<{ store_name: string; nickname: string; avatar_url: string | null }> {
    return this.db
      .selectFrom('store_store as s')
      .innerJoin('store_user as u', 'u.store_id', 's.id')
      .select(['s.store_name', 'u.nickname', 'u.avatar_url'])
      .where('u.id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  async updateProfile(userId: number, storeId: number, profile: { nickname: string; avatarUrl: string }): Promise<void> {
    await this.db
      .updateTable('store_user')
      .set({ nickname: profile.nickname, avatar_url: profile.avatarUrl })
      .where('id', '=', userId)
      .where('store_id', '=', storeId)
      .execute();
  }
}
