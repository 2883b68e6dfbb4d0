import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

/** What the IM account shows of a store user: the store name as nickname and the user's avatar. */
export class ImRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  findProfile(userId: number): Promise<{ store_name: string; avatar_url: string | null }> {
    return this.db
      .selectFrom('store_store as s')
      .innerJoin('store_user as u', 'u.store_id', 's.id')
      .select(['s.store_name', 'u.avatar_url'])
      .where('u.id', '=', userId)
      .executeTakeFirstOrThrow();
  }
}
