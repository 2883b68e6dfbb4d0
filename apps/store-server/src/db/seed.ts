import type { Kysely } from 'kysely';
import { addSeconds, type Clock } from '../shared/clock';
import { hashSecret } from '../shared/passwords';
import type { StoreDatabase } from './schema';

/** Demo data of docs/decisions/0001-workspace-contracts.md ("Demo data"). */
export const DEMO_STORE = {
  id: 1001,
  storeName: 'Demo Flagship Store',
  storeStatus: 2,
  storeType: 1,
  userName: 'demo_merchant',
  password: 'Demo12345',
  mobile: '13800001001',
} as const;

export const DEMO_CUSTOMERS = [
  { accid: 'c_demo1', nickname: 'Alice Chen' },
  { accid: 'c_demo2', nickname: 'Bob Li' },
] as const;

const DAY_SECONDS = 24 * 60 * 60;

/** Inserts the demo store, its user and the demo customers unless they exist; safe on every start. */
export async function seedDemoData(db: Kysely<StoreDatabase>, clock: Clock): Promise<void> {
  const existing = await db.selectFrom('store_store').select('id').where('id', '=', DEMO_STORE.id).executeTakeFirst();
  if (!existing) {
    const now = clock.now();
    const passwordHash = await hashSecret(DEMO_STORE.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('store_store')
        .values({
          id: DEMO_STORE.id,
          store_name: DEMO_STORE.storeName,
          store_status: DEMO_STORE.storeStatus,
          store_type: DEMO_STORE.storeType,
          principal_type: 2,
          mobile: DEMO_STORE.mobile,
          email: 'demo@merchant.example',
          city_code: '310100',
          store_info: JSON.stringify({
            storeName: DEMO_STORE.storeName,
            storeType: DEMO_STORE.storeType,
            principalType: 2,
            cityCode: '310100',
            address: '1 Demo Road, Huangpu, Shanghai',
            contactName: 'Demo Owner',
            contactMobile: DEMO_STORE.mobile,
            legalPersonName: 'Demo Owner',
            licenseNumber: '91310000MA1FL0000X',
            licenseImageUrl: '/static/demo/license.png',
            categoryIds: [11, 21],
          }),
          agreement_accepted_at: now,
          agreement_version: '2026-01',
          // Licence expiring in 45 days: the dashboard shows its "about to expire" notice (console-spec §4).
          license_expires_on: addSeconds(now, 45 * DAY_SECONDS),
          brand_expires_on: addSeconds(now, 200 * DAY_SECONDS),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('store_user')
        .values({
          store_id: DEMO_STORE.id,
          username: DEMO_STORE.userName,
          password_hash: passwordHash,
          nickname: 'Demo Merchant',
          avatar_url: null,
        })
        .execute();
      await trx
        .insertInto('store_pay_account')
        .values({ store_id: DEMO_STORE.id, balance_cents: 1_234_500, frozen_cents: 20_000, deposit_cents: 500_000 })
        .execute();
      await trx
        .insertInto('store_category_link')
        .values([11, 21].map((category_id) => ({ store_id: DEMO_STORE.id, category_id })))
        .execute();
      await trx.insertInto('store_sowntown_link').values({ store_id: DEMO_STORE.id, sowntown_id: 1 }).execute();
    });
  }
  await db
    .insertInto('store_customer')
    .values(DEMO_CUSTOMERS.map((c) => ({ accid: c.accid, nickname: c.nickname, avatar_url: null })))
    .onConflict((oc) => oc.column('accid').doNothing())
    .execute();
}
