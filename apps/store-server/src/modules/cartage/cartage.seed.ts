import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Clock } from '../../shared/clock';
import { CartageRepository, type CartageWrite } from './cartage.repository';

/**
 * The demo store's cartage template, used by the sofas (category 21): the platform's porterage list's stairs price
 * per floor (¥5.00) above the ground floor, ¥1.00 a floor by lift, the first 30 m free, and a ¥30.00 minimum.
 */
export const DEMO_CARTAGE_TEMPLATE: CartageWrite = {
  name: 'Bulky carry-in',
  freeFloors: 1,
  perFloorWithLiftCents: 100,
  perFloorWithoutLiftCents: 500,
  distanceBands: [
    { fromMeters: 0, toMeters: 30, cents: 0 },
    { fromMeters: 30, toMeters: 100, cents: 2_000 },
    { fromMeters: 100, toMeters: 200, cents: 5_000 },
  ],
  minimumCents: 3_000,
};

/** The store's cartage template unless it has one, and its sofas pointed at it; after the goods seed. Safe on every start. */
export async function seedDemoCartageTemplate(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  const store = await db.selectFrom('store_store').select('id').where('id', '=', storeId).executeTakeFirst();
  const existing = await db.selectFrom('store_cartage_template').select('id').where('store_id', '=', storeId).executeTakeFirst();
  if (!store || existing) return;
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    const id = await new CartageRepository(trx).insert(storeId, DEMO_CARTAGE_TEMPLATE, now);
    await trx.updateTable('store_goods').set({ cartage_template_id: id }).where('store_id', '=', storeId).where('category_id', '=', 21).where('cartage_template_id', 'is', null).execute();
  });
}
