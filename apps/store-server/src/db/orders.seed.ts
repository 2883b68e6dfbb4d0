import type { Actor, OrderEvent } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import { DEMO_ADDRESSES, DEMO_BUYERS, DEMO_CARRIERS, demoSkuIds, writeDemoOrders, type DemoOrderSpec } from '../modules/orders';
import type { Clock } from '../shared/clock';
import type { StoreDatabase } from './schema';

// The demo store's orders (docs/orders.md "Demo orders and simulator"): every shipping-order status,
// spread over the last 60 days, each reaching its status through the orders module's moves.

/** Demo orders of the demo store per shipping-order status (console-spec §4); the tests read these numbers. */
export const DEMO_ORDER_COUNTS: Readonly<Record<number, number>> = { 1: 60, 2: 45, 3: 35, 4: 300, 5: 30, 6: 50 };
export const DEMO_ORDER_DAYS = 60;

const HOUR = 3600;
const DAY = 24 * HOUR;

/** A small deterministic generator: the same seed gives the same demo on every start. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

type Step = { event: OrderEvent; actor: Actor; after: number };

/**
 * The moves after payment that lead to `status`, with the seconds each waits after the previous one.
 * Orders still in transit (2, 3) were shipped within the return period, so their deadlines lie ahead.
 */
function stepsTo(status: number, variant: number, next: () => number): Step[] {
  const ship: Step = { event: 'ship', actor: 'merchant', after: 4 * HOUR + Math.floor(next() * 20 * HOUR) };
  const deliver: Step = { event: 'deliver', actor: 'system', after: DAY + Math.floor(next() * 2 * DAY) };
  const confirm = (actor: Actor): Step => ({ event: 'confirmReceipt', actor, after: HOUR + Math.floor(next() * 3 * DAY) });
  const refund: Step = { event: 'refundInFull', actor: 'system', after: 2 * HOUR + Math.floor(next() * DAY) };
  switch (status) {
    case 2:
      return [ship];
    case 3:
      return [ship, deliver];
    case 4:
      // Most buyers confirm after delivery; some before the carrier reports it; a few by the system at the deadline.
      return variant % 10 === 0 ? [ship, confirm('buyer')] : variant % 10 === 1 ? [ship, deliver, { event: 'confirmReceipt', actor: 'system', after: 8 * DAY }] : [ship, deliver, confirm('buyer')];
    case 5:
      return [{ event: 'withdraw', actor: 'buyer', after: HOUR + Math.floor(next() * 10 * HOUR) }];
    case 6:
      return variant % 3 === 0 ? [refund] : variant % 3 === 1 ? [ship, refund] : [ship, deliver, confirm('buyer'), refund];
    default:
      return [];
  }
}

/** How far back an order of this status may have been created: recent for open work, the whole window for the rest. */
const MAX_AGE_DAYS: Readonly<Record<number, number>> = { 1: 4, 2: 8, 3: 6, 4: DEMO_ORDER_DAYS, 5: DEMO_ORDER_DAYS, 6: DEMO_ORDER_DAYS };

/** The plan of the demo orders (pure: tests check it covers every status within the window). */
export function planDemoOrders(storeId: number, skuIds: readonly number[], nowSeconds: number): DemoOrderSpec[] {
  const next = random(20261123);
  const specs: DemoOrderSpec[] = [];
  let serial = 0;
  for (const [statusText, count] of Object.entries(DEMO_ORDER_COUNTS)) {
    const status = Number(statusText);
    for (let i = 0; i < count; i++, serial++) {
      const steps = stepsTo(status, i, next);
      const busy = steps.reduce((sum, step) => sum + step.after, 0);
      // Created early enough that every move happened before now.
      const maxAge = MAX_AGE_DAYS[status] as number;
      const age = Math.min(maxAge * DAY, busy + HOUR + Math.floor(next() * maxAge * DAY));
      const createdAt = nowSeconds - Math.max(age, busy + HOUR);
      const paidAt = createdAt + 60 + Math.floor(next() * 20 * 60);
      let at = paidAt;
      const moves = steps.map((step) => ({ event: step.event, actor: step.actor, at: (at += step.after) }));
      const buyer = DEMO_BUYERS[Math.floor(next() * DEMO_BUYERS.length)] as (typeof DEMO_BUYERS)[number];
      const first = skuIds[Math.floor(next() * skuIds.length)] as number;
      const second = skuIds[Math.floor(next() * skuIds.length)] as number;
      const lines = [{ skuId: first, quantity: 1 + Math.floor(next() * 3), withService: serial % 7 === 0 }];
      if (second !== first && next() < 0.4) lines.push({ skuId: second, quantity: 1, withService: false });
      specs.push({
        storeId,
        buyer,
        receiver: { name: buyer.name, phone: buyer.phone, address: DEMO_ADDRESSES[serial % DEMO_ADDRESSES.length] as string },
        lines,
        createdAt,
        paidAt,
        moves,
        carrier: DEMO_CARRIERS[serial % DEMO_CARRIERS.length] as string,
        trackingNo: `DM${String(nowSeconds % 100000).padStart(5, '0')}${String(serial).padStart(5, '0')}`,
      });
    }
  }
  return specs;
}

/**
 * Seeds the demo store's orders once: nothing when it has a numbered order (this seed's, or one placed
 * since). A data folder from before migration 0014 holds only the old unnumbered count rows, so it gets
 * the demo orders too. Needs the store's on-shelf goods (seedDemoGoods first).
 */
export async function seedDemoOrders(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  const any = await db.selectFrom('store_order').select('id').where('store_id', '=', storeId).where('order_no', 'is not', null).limit(1).executeTakeFirst();
  if (any) return;
  const skuIds = await demoSkuIds(db, storeId, 16);
  if (skuIds.length === 0) return;
  await writeDemoOrders(db, planDemoOrders(storeId, skuIds, Math.floor(clock.now().getTime() / 1000)));
}
