import type { Kysely } from 'kysely';
import { STORE_STATUS, STORE_TYPE } from '@merchant/api-contracts';
import type { StoreDatabase } from '../../db/schema';
import { hashSecret } from '../../shared/passwords';

/**
 * The demo store that can close (docs/merchant-centre.md "Closing the shop"): approved, no order, no
 * after-sales, no money held; its owner's pay password is set, so /shop/logout leads all the way to a
 * request under `npm start`. The demo store 1001 is the one with blocking reasons (orders, money).
 */
export const DEMO_CLOSING_STORE = {
  id: 1007,
  userName: 'demo_closing',
  password: 'Demo12345',
  payPassword: '135790',
  storeName: 'Demo Closing Store',
  mobile: '13800001007',
} as const;

/** Inserts the closing demo store unless it exists; safe on every start. */
export async function seedDemoClosingStore(db: Kysely<StoreDatabase>): Promise<void> {
  const store = DEMO_CLOSING_STORE;
  if (await db.selectFrom('store_store').select('id').where('id', '=', store.id).executeTakeFirst()) return;
  const [passwordHash, payPasswordHash] = await Promise.all([hashSecret(store.password), hashSecret(store.payPassword)]);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('store_store')
      .values({
        id: store.id,
        store_name: store.storeName,
        store_status: STORE_STATUS.approved,
        store_type: STORE_TYPE.flagship,
        principal_type: 2,
        mobile: store.mobile,
        city_code: '440300',
        store_info: JSON.stringify({ storeName: store.storeName, storeType: STORE_TYPE.flagship, principalType: 2, cityCode: '440300', address: '7 Demo Avenue, Shenzhen' }),
        agreement_accepted_at: new Date(),
        agreement_version: '2026-01',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('store_user')
      .values({ store_id: store.id, username: store.userName, password_hash: passwordHash, pay_password_hash: payPasswordHash, nickname: store.storeName, avatar_object_key: null })
      .execute();
    await trx.insertInto('store_pay_account').values({ store_id: store.id, balance_cents: 0, frozen_cents: 0, deposit_cents: 0 }).execute();
  });
}
