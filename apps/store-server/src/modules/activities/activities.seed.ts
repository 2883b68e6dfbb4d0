import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Caller } from '../../http/route';
import { addSeconds, type Clock } from '../../shared/clock';
import { ActivitiesRepository } from './activities.repository';
import { ActivitiesService, maxActivityPriceCents } from './activities.service';

// Demo platform activities (docs/marketing.md "Platform activities"): three campaigns (one open for sign-up, one
// running, one ended) and the demo store's applications made through the same service the console calls, at the
// time each campaign took sign-ups: approved and running, pending, and rejected with the platform's reason.

const DAY_SECONDS = 24 * 60 * 60;

export const DEMO_ACTIVITY_TITLES = { open: '春季家装节', running: '五一焕新季', ended: '年货节' } as const;
export const DEMO_ACTIVITY_REJECT_REASON = '活动主图不清晰，请更换后重新报名 / The main image is not clear enough; replace it and apply again';

export async function seedDemoActivities(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  if (await db.selectFrom('platform_activity').select('id').executeTakeFirst()) return;
  const now = clock.now();
  const day = (n: number) => addSeconds(now, n * DAY_SECONDS);
  const repository = new ActivitiesRepository(db);
  const open = await repository.insertCampaign(
    {
      titleZh: DEMO_ACTIVITY_TITLES.open,
      titleEn: 'Spring home fair',
      description: '瓷砖、涂料专场，活动价至少 9 折 / Tiles and paint, at least 10 % off the list price',
      signUpFrom: day(-3),
      signUpUntil: day(7),
      runFrom: day(10),
      runUntil: day(40),
      minDiscountBp: 1_000,
      categoryIds: [11, 12],
      maxGoods: 5,
      quota: 20,
    },
    day(-4),
  );
  const running = await repository.insertCampaign(
    {
      titleZh: DEMO_ACTIVITY_TITLES.running,
      titleEn: 'May Day refresh',
      description: '全品类，活动价至少 95 折 / Every category, at least 5 % off',
      signUpFrom: day(-30),
      signUpUntil: day(-10),
      runFrom: day(-5),
      runUntil: day(20),
      minDiscountBp: 500,
      categoryIds: [],
      maxGoods: 3,
      quota: 10,
    },
    day(-31),
  );
  const ended = await repository.insertCampaign(
    {
      titleZh: DEMO_ACTIVITY_TITLES.ended,
      titleEn: null,
      description: '家具专场 / Furniture',
      signUpFrom: day(-90),
      signUpUntil: day(-70),
      runFrom: day(-60),
      runUntil: day(-40),
      minDiscountBp: 1_500,
      categoryIds: [21, 22],
      maxGoods: 3,
      quota: 5,
    },
    day(-91),
  );

  const skus = await db
    .selectFrom('store_goods_sku as s')
    .innerJoin('store_goods as g', 'g.id', 's.goods_id')
    .select(['s.id as skuId', 's.goods_id as goodsId', 's.price_cents as priceCents', 'g.category_id as categoryId'])
    .where('s.store_id', '=', storeId)
    .orderBy('s.goods_id')
    .orderBy('s.id')
    .execute();
  const ofCategories = (categoryIds: number[]) => skus.filter((s) => s.categoryId !== null && categoryIds.includes(s.categoryId));
  const line = (sku: (typeof skus)[number], bp: number) => ({ goodsId: sku.goodsId, skuId: sku.skuId, activityPriceCents: maxActivityPriceCents(sku.priceCents, bp) });
  const caller = { storeId } as Caller;
  const at = (date: Date) => new ActivitiesService(repository, { now: () => date });

  // Running: applied during its sign-up, approved a day later (takes one of its places).
  const anyTwo = skus.filter((s) => s.goodsId === skus[0]?.goodsId).slice(0, 2);
  if (anyTwo.length > 0) {
    const applied = await at(day(-20)).apply(caller, { campaignId: running.id, items: anyTwo.map((s) => line(s, 1_000)) });
    await at(day(-19)).approve(applied.application.applicationId);
  }
  // Open: a pending application with tiles at 15 % off.
  const tiles = ofCategories(open.category_ids).slice(0, 2);
  if (tiles.length > 0) await at(day(-1)).apply(caller, { campaignId: open.id, items: tiles.map((s) => line(s, 1_500)) });
  // Ended: rejected with the platform's reason.
  const sofa = ofCategories(ended.category_ids).slice(0, 1);
  if (sofa.length > 0) {
    const applied = await at(day(-80)).apply(caller, { campaignId: ended.id, items: sofa.map((s) => line(s, 2_000)) });
    await at(day(-78)).reject(applied.application.applicationId, DEMO_ACTIVITY_REJECT_REASON);
  }
}
