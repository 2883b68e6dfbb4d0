import { signImToken } from '@merchant/im-core/server';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { StoreDatabase } from '../../db/schema';
import { userRoute, type StoreRoute } from '../../http/route';

export interface ImAccountSettings {
  imTokenSecret: string;
  imAppKey: string;
}

/** A store's IM account id (docs/decisions/0001: "Its IM account is s_1001"). */
export const storeImAccount = (storeId: number) => `s_${storeId}`;

/** console-spec §7 "/v1/store/im/getCccUserImToken": the IM account and a short-lived token for im-server. */
export function imRoutes(db: Kysely<StoreDatabase>, settings: ImAccountSettings): StoreRoute[] {
  return [
    userRoute('/v1/store/im/getCccUserImToken', z.object({}), async (_biz, caller) => {
      const store = await db
        .selectFrom('store_store as s')
        .innerJoin('store_user as u', 'u.store_id', 's.id')
        .select(['s.store_name', 'u.avatar_url'])
        .where('u.id', '=', caller.userId)
        .executeTakeFirstOrThrow();
      const uid = storeImAccount(caller.storeId);
      const imToken = signImToken(
        { accid: uid, appKey: settings.imAppKey, nick: store.store_name, ...(store.avatar_url ? { avatar: store.avatar_url } : {}) },
        settings.imTokenSecret,
      );
      return { uid, imToken, appKey: settings.imAppKey };
    }),
  ];
}
