import { BRAND_APPLICATION_STATUS } from '@merchant/api-contracts';
import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { addSeconds, type Clock } from '../../shared/clock';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Approved demo brands (docs/goods.md "Brand applications"): the brands of the demo goods (db/goods.seed.ts)
 * for the demo store, and one brand for the disabled and the service store, so the release form's brand
 * choice has entries under `npm start` and in the e2e stack. The release refuses any other brand.
 */
export const DEMO_BRANDS: Readonly<Record<number, readonly string[]>> = {
  1001: ['Marco Tiles', 'Nordic Home', 'Stone Craft'],
  1005: ['Acme Ceramics'],
  1006: ['Marco Tiles'],
};

/** Inserts the approved demo brands that are missing (one live application per store and brand); safe on every start. */
export async function seedDemoBrands(db: Kysely<StoreDatabase>, clock: Clock): Promise<void> {
  const now = clock.now();
  const expires = addSeconds(now, 365 * DAY_SECONDS).toISOString().slice(0, 10);
  const stores = await db.selectFrom('store_store').select('id').where('id', 'in', Object.keys(DEMO_BRANDS).map(Number)).execute();
  for (const { id: storeId } of stores) {
    // The certificate is one of the store's own library pictures when it has any.
    const file = await (db as unknown as Kysely<{ store_media_file: { id: number; store_id: number } }>)
      .selectFrom('store_media_file')
      .select('id')
      .where('store_id', '=', storeId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    const rows = (DEMO_BRANDS[storeId] ?? []).map((brandName) => ({
      store_id: storeId,
      brand_name: brandName,
      brand_expire_date: expires,
      certificate_file_ids: JSON.stringify(file ? [file.id] : []),
      status: BRAND_APPLICATION_STATUS.approved,
      reviewed_at: now,
    }));
    if (rows.length === 0) continue;
    await db
      .insertInto('store_brand_application')
      .values(rows)
      .onConflict((oc) => oc.expression(sql`store_id, lower(brand_name)`).where('status', 'in', [BRAND_APPLICATION_STATUS.underReview, BRAND_APPLICATION_STATUS.approved]).doNothing())
      .execute();
  }
}
