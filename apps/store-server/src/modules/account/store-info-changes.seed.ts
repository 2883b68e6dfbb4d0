import type { Kysely } from 'kysely';
import { STORE_INFO_CHANGE_STATUS } from '@merchant/api-contracts';
import type { StoreDatabase } from '../../db/schema';
import { addSeconds, type Clock } from '../../shared/clock';

/**
 * Demo data of issue 26 §1: the demo store's renewed licence waits for the platform's review, so
 * /shop/shopMsg/shopMssage shows a pending change beside the approved licence under `npm start`
 * (approve it with `npm run operator -- profile-approve <changeId>`).
 */
export const DEMO_PENDING_LICENSE = {
  licenseNumber: '91310000MA1FL0001X',
  licenseImageUrl: '/static/demo/license.png',
} as const;

/** Inserts the pending licence change unless the store already has a licence change; safe on every start. */
export async function seedDemoStoreInfoChange(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  const existing = await db.selectFrom('store_info_change').select('id').where('store_id', '=', storeId).where('kind', '=', 'license').executeTakeFirst();
  if (existing) return;
  const owner = await db.selectFrom('store_user').select('id').where('store_id', '=', storeId).where('is_owner', '=', true).executeTakeFirst();
  if (!owner) return;
  const now = clock.now();
  // The renewed licence runs three years from now.
  const licenseExpireTime = Math.floor(addSeconds(now, 3 * 365 * 24 * 60 * 60).getTime() / 1000);
  await db
    .insertInto('store_info_change')
    .values({
      store_id: storeId,
      user_id: owner.id,
      kind: 'license',
      changes: JSON.stringify({ ...DEMO_PENDING_LICENSE, licenseExpireTime }),
      status: STORE_INFO_CHANGE_STATUS.pending,
      created_at: addSeconds(now, -2 * 60 * 60),
    })
    .execute();
}
