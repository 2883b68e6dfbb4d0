import { BRAND_APPLICATION_STATUS, BRAND_LIVE_STATUSES } from '@merchant/api-contracts';
import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { addSeconds, type Clock } from '../../shared/clock';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Approved demo brands (docs/merchant-centre.md "Brands"): the brands of the demo goods (db/goods.seed.ts) for the
 * demo store, and one brand for the disabled and the service store, so the release form's brand choice has entries
 * under `npm start` and in the e2e stack. The release refuses any other brand.
 */
export const DEMO_BRANDS: Readonly<Record<number, readonly string[]>> = {
  1001: ['Marco Tiles', 'Nordic Home', 'Stone Craft'],
  1005: ['Acme Ceramics'],
  1006: ['Marco Tiles'],
};

/** The demo store's approved brand whose authorisation ends in 30 days (flagged on brandManagement and the dashboard). */
export const DEMO_EXPIRING_BRAND = { brandName: 'Stone Craft', daysLeft: 30 } as const;

/**
 * The demo store's applications in the other states of BRAND_MACHINE (brandQuery shows each): submitted, under review,
 * rejected with the platform's reason, and one whose authorisation ended (expired). None is selectable in goodRelease.
 */
export const DEMO_BRAND_APPLICATIONS: ReadonlyArray<{ brandName: string; status: number; days: number; rejectReason?: string }> = [
  { brandName: 'Lumen Lighting', status: BRAND_APPLICATION_STATUS.submitted, days: 400 },
  { brandName: 'Oak & Pine', status: BRAND_APPLICATION_STATUS.underReview, days: 500 },
  { brandName: 'Vista Glass', status: BRAND_APPLICATION_STATUS.rejected, days: 300, rejectReason: '授权书已过期 / The authorisation letter has expired.' },
  { brandName: 'Terra Stone', status: BRAND_APPLICATION_STATUS.expired, days: -10 },
];

const owner = (brandName: string) => `${brandName} Co., Ltd.`;

/** Inserts the demo brands that are missing (one live application per store and brand); safe on every start. */
export async function seedDemoBrands(db: Kysely<StoreDatabase>, clock: Clock): Promise<void> {
  const now = clock.now();
  const dayIn = (days: number) => addSeconds(now, days * DAY_SECONDS).toISOString().slice(0, 10);
  const stores = await db.selectFrom('store_store').select(['id', 'store_name']).where('id', 'in', Object.keys(DEMO_BRANDS).map(Number)).execute();
  for (const { id: storeId, store_name: storeName } of stores) {
    // The certificate is one of the store's own library pictures when it has any.
    const file = await (db as unknown as Kysely<{ store_media_file: { id: number; store_id: number } }>)
      .selectFrom('store_media_file')
      .select('id')
      .where('store_id', '=', storeId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    const row = (brandName: string, status: number, days: number, rejectReason?: string) => ({
      store_id: storeId,
      brand_name: brandName,
      brand_owner: owner(brandName),
      authorisation_chain: JSON.stringify([owner(brandName), `${brandName} China Distribution`, storeName]),
      brand_expire_date: dayIn(days),
      certificate_file_ids: JSON.stringify(file ? [file.id] : []),
      status,
      reject_reason: rejectReason ?? null,
      reviewed_at: status === BRAND_APPLICATION_STATUS.submitted || status === BRAND_APPLICATION_STATUS.underReview ? null : now,
      expired_at: status === BRAND_APPLICATION_STATUS.expired ? now : null,
    });
    const approved = (DEMO_BRANDS[storeId] ?? []).map((brandName) =>
      row(brandName, BRAND_APPLICATION_STATUS.approved, storeId === 1001 && brandName === DEMO_EXPIRING_BRAND.brandName ? DEMO_EXPIRING_BRAND.daysLeft : 365),
    );
    const others = storeId === 1001 ? DEMO_BRAND_APPLICATIONS.map((a) => row(a.brandName, a.status, a.days, a.rejectReason)) : [];
    const live = [...approved, ...others].filter((r) => (BRAND_LIVE_STATUSES as readonly number[]).includes(r.status));
    const done = [...others].filter((r) => !(BRAND_LIVE_STATUSES as readonly number[]).includes(r.status));
    if (live.length > 0) {
      await db
        .insertInto('store_brand_application')
        .values(live)
        .onConflict((oc) => oc.expression(sql`store_id, lower(brand_name)`).where('status', 'in', [...BRAND_LIVE_STATUSES]).doNothing())
        .execute();
    }
    // Rejected and expired rows have no unique index: inserted only when the store has none of that name yet.
    for (const r of done) {
      const exists = await db.selectFrom('store_brand_application').select('id').where('store_id', '=', storeId).where('brand_name', '=', r.brand_name).executeTakeFirst();
      if (!exists) await db.insertInto('store_brand_application').values(r).execute();
    }
  }
}
