import { FREIGHT_FREE_KIND, FREIGHT_PRICING } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Clock } from '../../shared/clock';
import type { StoredRules } from './freight.repository';

/** The demo store's two templates: the default by count, and one by weight that the sofas (category 21) use. */
export const DEMO_FREIGHT_TEMPLATES: ReadonlyArray<{ name: string; pricing: number; isDefault: boolean; rules: StoredRules }> = [
  {
    name: 'Standard delivery',
    pricing: FREIGHT_PRICING.count,
    isDefault: true,
    rules: {
      defaultBlock: { firstUnits: 1, firstCents: 1_000, additionalUnits: 1, additionalCents: 500 },
      regionGroups: [{ regionCodes: ['440000'], firstUnits: 1, firstCents: 1_500, additionalUnits: 1, additionalCents: 800 }],
      freeRules: [{ regionCodes: [], kind: FREIGHT_FREE_KIND.amount, threshold: 29_900 }],
      excludedRegions: [],
    },
  },
  {
    name: 'Bulky furniture',
    pricing: FREIGHT_PRICING.weight,
    isDefault: false,
    rules: {
      defaultBlock: { firstUnits: 10_000, firstCents: 5_000, additionalUnits: 5_000, additionalCents: 2_000 },
      regionGroups: [{ regionCodes: ['310000'], firstUnits: 10_000, firstCents: 3_000, additionalUnits: 5_000, additionalCents: 1_000 }],
      freeRules: [{ regionCodes: ['310000'], kind: FREIGHT_FREE_KIND.count, threshold: 3 }],
      excludedRegions: ['440100'],
    },
  },
];

/**
 * The demo store's freight templates unless it has some, and its goods pointed at them (the sofas at the bulky one,
 * the rest at the default); after the goods seed. Safe on every start.
 */
export async function seedDemoFreightTemplates(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  const store = await db.selectFrom('store_store').select('id').where('id', '=', storeId).executeTakeFirst();
  const existing = await db.selectFrom('store_freight_template').select('id').where('store_id', '=', storeId).executeTakeFirst();
  if (!store || existing) return;
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const template of DEMO_FREIGHT_TEMPLATES) {
      const row = await trx
        .insertInto('store_freight_template')
        .values({ store_id: storeId, name: template.name, pricing: template.pricing, rules: JSON.stringify(template.rules), is_default: template.isDefault, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const [standard, bulky] = ids as [number, number];
    await trx.updateTable('store_goods').set({ freight_template_id: bulky }).where('store_id', '=', storeId).where('category_id', '=', 21).where('freight_template_id', 'is', null).execute();
    await trx.updateTable('store_goods').set({ freight_template_id: standard }).where('store_id', '=', storeId).where('freight_template_id', 'is', null).execute();
  });
}
