import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { addSeconds, type Clock } from '../../shared/clock';
import { hashOpaqueToken, newOpaqueToken } from '../../shared/opaque-token';
import { ACCESS_TOKEN_TTL_SECONDS } from './auth.service';

/**
 * Issue 26 §3 demo data (`npm start`): the demo owner is already signed in on a phone, and signed in and
 * out on an office PC the day before, so /shop/accountMgmt/accountInfo/detail shows another device to sign
 * out and a sign-in history. The phone's token is random and never handed out.
 */
export const DEMO_OTHER_SESSIONS = [
  { device: 'Safari on iOS', signedInHoursAgo: 3, signedOutHoursAgo: null },
  { device: 'Chrome on Windows', signedInHoursAgo: 30, signedOutHoursAgo: 22 },
] as const;

const HOUR_SECONDS = 60 * 60;

/** Adds the demo owner's other sessions unless the owner has any server-written sign-in yet; safe on every start. */
export async function seedDemoSessions(db: Kysely<StoreDatabase>, clock: Clock, userName: string): Promise<void> {
  const owner = await db.selectFrom('store_user').select(['id', 'store_id']).where('username', '=', userName).executeTakeFirst();
  if (!owner) return;
  const signedInBefore = await db.selectFrom('store_operation_log').select('id').where('user_id', '=', owner.id).where('session_id', 'is not', null).executeTakeFirst();
  if (signedInBefore) return;
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    for (const session of DEMO_OTHER_SESSIONS) {
      const signedInAt = addSeconds(now, -session.signedInHoursAgo * HOUR_SECONDS);
      const signedOutAt = session.signedOutHoursAgo === null ? null : addSeconds(now, -session.signedOutHoursAgo * HOUR_SECONDS);
      const { id } = await trx
        .insertInto('store_access_token')
        .values({
          token_hash: hashOpaqueToken(newOpaqueToken()),
          user_id: owner.id,
          store_id: owner.store_id,
          created_at: signedInAt,
          expires_at: addSeconds(signedInAt, ACCESS_TOKEN_TTL_SECONDS),
          revoked_at: signedOutAt,
          device: session.device,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const event = { store_id: owner.store_id, user_id: owner.id, session_id: id, device: session.device };
      await trx.insertInto('store_operation_log').values({ ...event, operation_type: 'USER_LOGIN', operation_start_time: signedInAt, created_at: signedInAt }).execute();
      if (signedOutAt) await trx.insertInto('store_operation_log').values({ ...event, operation_type: 'USER_LOGOUT', operation_start_time: signedOutAt, created_at: signedOutAt }).execute();
    }
  });
}
