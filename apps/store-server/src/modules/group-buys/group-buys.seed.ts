import { GOODS_STATUS } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Caller } from '../../http/route';
import { addSeconds, epochSecondsOf, type Clock } from '../../shared/clock';
import { GroupBuysRepository } from './group-buys.repository';
import { GroupBuysService, type GroupBuyOrders } from './group-buys.service';

// The demo group buy (docs/marketing.md "Group buying"): one running activity on a demo SKU with a forming team
// (1 of 3, a few hours left), a formed team and a failed, refunded one — each made by the same start, join and
// sweep the buyer side and the server's interval run, at earlier clocks, so the orders, holds, refunds and
// ledger agree.

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export const DEMO_GROUP_BUY_NAME = '3人团 · 特惠拼团';

/**
 * The demo group buy's orders on the store by shipping-order status, beside the demo orders (DEMO_ORDER_COUNTS):
 * the formed team's 3 and the forming team's 1 paid and to ship (1), the failed team's 2 refunded in full (6).
 */
export const DEMO_GROUP_BUY_ORDER_COUNTS: Readonly<Record<number, number>> = { 1: 4, 6: 2 };

export const DEMO_GROUP_BUY_BUYERS = [
  { accid: 'gb_demo_1', name: '王芳' },
  { accid: 'gb_demo_2', name: '李强' },
  { accid: 'gb_demo_3', name: 'Carol Wu' },
  { accid: 'gb_demo_4', name: '赵敏' },
  { accid: 'gb_demo_5', name: '陈晨' },
  { accid: 'gb_demo_6', name: 'David Zhou' },
] as const;

/**
 * Seeds the demo group buy unless the store has one. `ordersAt`: the orders module's facade on a clock (db/seed.ts
 * makes it), so each order is placed and paid at its own earlier moment.
 * Needs an on-shelf SKU in stock; without one it seeds nothing.
 */
export async function seedDemoGroupBuys(db: Kysely<StoreDatabase>, clock: Clock, storeId: number, ordersAt: (clock: Clock) => GroupBuyOrders): Promise<void> {
  if (await db.selectFrom('store_group_buy').select('id').where('store_id', '=', storeId).executeTakeFirst()) return;
  const sku = await db
    .selectFrom('store_goods_sku as k')
    .innerJoin('store_goods as g', 'g.id', 'k.goods_id')
    .select(['k.id', 'k.price_cents'])
    .where('k.store_id', '=', storeId)
    .where('g.status', '=', GOODS_STATUS.onShelf)
    .where('k.stock', '>=', 20)
    .where('k.price_cents', '>=', 200)
    .orderBy('k.id')
    .executeTakeFirst();
  if (!sku) return;
  const now = clock.now();
  const at = (seconds: number): Clock => ({ now: () => addSeconds(now, seconds) });
  const repository = new GroupBuysRepository(db);
  const service = (clockAt: Clock) => new GroupBuysService(repository, clockAt, ordersAt(clockAt));
  // The seed acts for the store; add reads only the caller's store.
  const caller: Caller = { storeId, userId: 0, accessToken: '' };
  const activity = await service(at(-30 * DAY)).add(caller, {
    name: DEMO_GROUP_BUY_NAME,
    skus: [{ skuId: sku.id, groupPriceCents: Math.round(sku.price_cents * 0.8) }],
    teamSize: 3,
    formMinutes: 6 * 60,
    perBuyerLimit: 2,
    totalLimit: 500,
    startTime: epochSecondsOf(addSeconds(now, -30 * DAY)),
    endTime: epochSecondsOf(addSeconds(now, 14 * DAY)),
  });
  const order = (buyer: (typeof DEMO_GROUP_BUY_BUYERS)[number], index: number) => ({
    storeId,
    activityId: activity.groupBuyId,
    buyerAccid: buyer.accid,
    buyerName: buyer.name,
    buyerPhone: `1390000${String(100 + index).padStart(4, '0')}`,
    receiver: { name: buyer.name, phone: `1390000${String(100 + index).padStart(4, '0')}`, address: `上海市黄浦区拼团路 ${index + 1} 号` },
    items: [{ skuId: sku.id, quantity: 1 }],
  });
  const [b1, b2, b3, b4, b5, b6] = DEMO_GROUP_BUY_BUYERS;

  // Three weeks ago: a team of two that ran out of time, failed and refunded by the sweep.
  const failed = await service(at(-21 * DAY)).start(order(b4, 3));
  await service(at(-21 * DAY + HOUR)).join({ ...order(b5, 4), teamId: failed.teamId });
  // The server's sweeper fails the first team a minute after its 6 hours ran out, and refunds both members.
  await service(at(-21 * DAY + 6 * HOUR + 60)).sweep();
  // Yesterday: a team that filled its three seats and formed; its orders may ship.
  const formed = await service(at(-DAY)).start(order(b1, 0));
  await service(at(-DAY + HOUR)).join({ ...order(b2, 1), teamId: formed.teamId });
  await service(at(-DAY + 2 * HOUR)).join({ ...order(b3, 2), teamId: formed.teamId });
  // Two hours ago: a leader waiting for two more (four hours left).
  await service(at(-2 * HOUR)).start(order(b6, 5));
}
