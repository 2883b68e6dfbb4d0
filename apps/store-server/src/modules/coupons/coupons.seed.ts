import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { addSeconds, type Clock } from '../../shared/clock';
import { CouponsRepository } from './coupons.repository';
import { ClaimRefused, CouponsService } from './coupons.service';

// Demo coupons (docs/marketing.md "Coupons"): three templates on the demo store, claimed by the buyers of its
// demo orders through the same claim the buyer side makes, some used in their orders, some expired, and a few
// refused claims, so the coupon screens have numbers to show.

const DAY_SECONDS = 24 * 60 * 60;

/** The demo templates' names, for tests that find them. */
export const DEMO_COUPON_NAMES = { newcomer: '新客立减 10 元', tiles: '瓷砖 9 折券', spring: 'Spring 30 off 200' } as const;

export async function seedDemoCoupons(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  const existing = await db.selectFrom('store_coupon_template').select('id').where('store_id', '=', storeId).executeTakeFirst();
  if (existing) return;
  const now = clock.now();
  const repository = new CouponsRepository(db);
  const buyers = await db
    .selectFrom('store_order')
    .select(['buyer_accid', 'buyer_phone', (eb) => eb.fn.min('id').as('orderId')])
    .where('store_id', '=', storeId)
    .groupBy(['buyer_accid', 'buyer_phone'])
    .orderBy('buyer_accid')
    .limit(6)
    .execute();
  const recipient = (b: (typeof buyers)[number]) => ({ buyerAccid: b.buyer_accid, buyerPhone: b.buyer_phone });

  const newcomer = await repository.insertTemplate(
    storeId,
    { name: DEMO_COUPON_NAMES.newcomer, kind: 1, amountCents: 1_000, percentOffBp: null, capCents: null, thresholdCents: 5_000, scope: 1, scopeIds: [], issueLimit: 500, perBuyerLimit: 1, validity: 2, validFrom: null, validUntil: null, validDays: 30 },
    addSeconds(now, -60 * DAY_SECONDS),
  );
  const tiles = await repository.insertTemplate(
    storeId,
    {
      name: DEMO_COUPON_NAMES.tiles,
      kind: 2,
      amountCents: null,
      percentOffBp: 1_000,
      capCents: 5_000,
      thresholdCents: 0,
      scope: 2,
      scopeIds: [11],
      issueLimit: 8,
      perBuyerLimit: 2,
      validity: 1,
      validFrom: addSeconds(now, -7 * DAY_SECONDS),
      validUntil: addSeconds(now, 30 * DAY_SECONDS),
      validDays: null,
    },
    addSeconds(now, -7 * DAY_SECONDS),
  );
  const goods = await db.selectFrom('store_goods').select('id').where('store_id', '=', storeId).orderBy('id').limit(2).execute();
  const spring = await repository.insertTemplate(
    storeId,
    {
      name: DEMO_COUPON_NAMES.spring,
      kind: 1,
      amountCents: 3_000,
      percentOffBp: null,
      capCents: null,
      thresholdCents: 20_000,
      scope: goods.length > 0 ? 3 : 1,
      scopeIds: goods.map((g) => g.id),
      issueLimit: 100,
      perBuyerLimit: 1,
      validity: 2,
      validFrom: null,
      validUntil: null,
      validDays: 7,
    },
    addSeconds(now, -45 * DAY_SECONDS),
  );

  // Claimed 40 days ago with 7 days' validity: expired, unused.
  const past = new CouponsService(repository, { now: () => addSeconds(now, -40 * DAY_SECONDS) });
  await past.claim(storeId, spring.id, buyers.slice(0, 3).map(recipient));
  await repository.setTemplateState(storeId, spring.id, 2, addSeconds(now, -30 * DAY_SECONDS));

  const service = new CouponsService(repository, clock);
  const claimed = await service.claim(storeId, newcomer.id, buyers.map(recipient));
  // Two of them used in the buyer's first demo order.
  for (const buyer of buyers.slice(0, 2)) {
    const coupon = claimed.find((c) => c.buyerAccid === buyer.buyer_accid)!;
    await service.use({ storeId, couponId: coupon.couponId, buyerAccid: buyer.buyer_accid, orderId: Number(buyer.orderId) });
  }
  // The tiles coupon: a batch issue, then claims until the limit refuses one, and one past a buyer's limit.
  await service.claim(storeId, tiles.id, buyers.slice(0, 3).flatMap((b) => [recipient(b), recipient(b)]));
  for (const buyer of [...buyers.slice(3), buyers[0]!]) {
    await service.claim(storeId, tiles.id, [recipient(buyer)]).catch(ignoreRefusal);
  }
  // A second claim of the newcomer coupon: refused, the buyer's limit is 1.
  if (buyers[0]) await service.claim(storeId, newcomer.id, [recipient(buyers[0])]).catch(ignoreRefusal);
}

function ignoreRefusal(error: unknown): void {
  if (!(error instanceof ClaimRefused)) throw error;
}
