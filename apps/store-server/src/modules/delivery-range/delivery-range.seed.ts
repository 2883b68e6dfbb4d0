import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { addSeconds, type Clock } from '../../shared/clock';

const DAY = 86_400;

/**
 * The demo store's ranges, one in each state of the dictionary (effective, pending, ineffective), relative to the day
 * of the seed; towns from migration 0037's reference list. None overlaps another in town and time.
 */
export const DEMO_DELIVERY_RANGES = [
  { name: 'Huangpu daytime', sowntownIds: [1, 4, 5], markupCents: 500, fromDays: -30, toDays: 335, dailyStartMinute: 9 * 60, dailyEndMinute: 18 * 60 },
  { name: 'Nanshan evenings', sowntownIds: [3, 11, 12], markupCents: 1_000, fromDays: 7, toDays: 97, dailyStartMinute: 18 * 60, dailyEndMinute: 21 * 60 },
  { name: 'Xuhui spring trial', sowntownIds: [2, 8], markupCents: 800, fromDays: -120, toDays: -30, dailyStartMinute: 8 * 60, dailyEndMinute: 20 * 60 },
] as const;

/** The demo store's delivery ranges unless it has some. Safe on every start. */
export async function seedDemoDeliveryRanges(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  const store = await db.selectFrom('store_store').select('id').where('id', '=', storeId).executeTakeFirst();
  const existing = await db.selectFrom('store_delivery_range').select('id').where('store_id', '=', storeId).executeTakeFirst();
  if (!store || existing) return;
  const now = new Date(Math.floor(clock.now().getTime() / 1000) * 1000);
  await db.transaction().execute(async (trx) => {
    for (const range of DEMO_DELIVERY_RANGES) {
      const row = await trx
        .insertInto('store_delivery_range')
        .values({
          store_id: storeId,
          name: range.name,
          markup_cents: range.markupCents,
          start_time: addSeconds(now, range.fromDays * DAY),
          end_time: addSeconds(now, range.toDays * DAY),
          daily_start_minute: range.dailyStartMinute,
          daily_end_minute: range.dailyEndMinute,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('store_delivery_range_town')
        .values(range.sowntownIds.map((sowntown_id) => ({ store_id: storeId, range_id: row.id, sowntown_id })))
        .execute();
    }
  });
}
