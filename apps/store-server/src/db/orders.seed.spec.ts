import { ORDER_LIMITS } from '@merchant/api-contracts';
import { priceOrder, type OrderableSku } from '../modules/orders/orders.domain';
import { planDemoOrder } from '../modules/orders/orders.demo';
import { DEMO_ORDER_COUNTS, DEMO_ORDER_DAYS, planDemoOrders } from './orders.seed';
import { DEMO_CUSTOMERS } from './seed';
import { DEMO_BUYERS } from '../modules/orders';

const NOW = 1_800_000_000;
const DAY = 24 * 3600;
const skus = new Map<number, OrderableSku>(
  [11, 12, 13].map((skuId) => [skuId, { goodsId: 1, skuId, title: 'Tile', specValues: { Size: '600x600' }, imageUrl: '', imageFileId: null, priceCents: 1000 * skuId, service: false, categoryId: null }]),
);

describe('the demo order plan', () => {
  const specs = planDemoOrders(1001, [11, 12, 13], NOW);
  const planned = specs.map((spec) => planDemoOrder(spec, priceOrder(spec.lines, skus)));

  it('has at least 500 orders, reaching every status 1–6 in the published numbers through legal moves', () => {
    expect(specs.length).toBeGreaterThanOrEqual(500);
    const byStatus = new Map<number, number>();
    for (const p of planned) byStatus.set(p.order.status, (byStatus.get(p.order.status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual(Object.fromEntries(Object.entries(DEMO_ORDER_COUNTS).map(([k, v]) => [Number(k), v])));
    for (const p of planned) {
      expect(p.history[0]?.event).toBe('paid');
      // Each line starts where the previous one ended.
      p.history.slice(1).forEach((entry, i) => expect(entry.fromStatus).toBe(p.history[i]?.toStatus));
      expect(p.history.at(-1)?.toStatus).toBe(p.order.status);
    }
  });

  it('spreads the orders over the last 60 days, every move before now, open shipments within their return period', () => {
    const created = specs.map((s) => s.createdAt);
    expect(Math.min(...created)).toBeGreaterThanOrEqual(NOW - DEMO_ORDER_DAYS * DAY);
    expect(Math.min(...created)).toBeLessThan(NOW - 45 * DAY);
    expect(Math.max(...created)).toBeLessThan(NOW);
    for (const p of planned) expect(p.history.every((entry) => entry.at <= NOW && entry.at >= p.order.createdAt)).toBe(true);
    for (const p of planned.filter((x) => x.order.status === 2 || x.order.status === 3)) {
      expect(p.order.returnDeadline).toBeGreaterThan(NOW);
      expect(p.order.returnDeadline).toBeLessThanOrEqual(NOW + ORDER_LIMITS.returnPeriodDays * DAY);
    }
    // Shipped orders carry a shipment in the state the moves imply.
    expect(planned.filter((p) => p.order.status === 3).every((p) => p.shipment?.status === 3)).toBe(true);
    expect(planned.filter((p) => p.order.status === 2).every((p) => p.shipment?.status === 1)).toBe(true);
    expect(planned.filter((p) => p.order.status === 1 || p.order.status === 5).every((p) => p.shipment === null)).toBe(true);
  });

  it('buys as the IM demo customers first, so their chats open from an order', () => {
    expect(DEMO_BUYERS.slice(0, DEMO_CUSTOMERS.length).map((b) => [b.accid, b.name])).toEqual(DEMO_CUSTOMERS.map((c) => [c.accid, c.nickname]));
    expect(new Set(specs.map((s) => s.buyer.accid)).size).toBe(DEMO_BUYERS.length);
  });
});
