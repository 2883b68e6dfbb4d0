// queryStoreOrderCount (console-spec §7) answers from real order rows, per status, for the caller's store only.
import { sql } from 'kysely';
import { DEMO_ORDER_COUNTS as DEMO_PLAIN_ORDER_COUNTS, seedDemoOrders } from '../../db/orders.seed';
import { DEMO_ORDER_COUNTS } from '../../db/seed';
import { systemClock } from '../../shared/clock';
import { startTestServer, type TestHarness } from '../../testing/harness';

const COUNT = '/v1/store/eshop/order/queryStoreOrderCount';
const OK = '00000000';
const DAY = 24 * 60 * 60;
const DEMO_TOTAL = Object.values(DEMO_ORDER_COUNTS).reduce((sum, count) => sum + count, 0);

interface OrderCount {
  total: number;
  counts: Array<{ status: number; count: number }>;
}

describe('queryStoreOrderCount', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it("counts the demo store's seeded orders per shipping-order status", async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const answer = await h.call<OrderCount>(COUNT, {}, token);
    expect(answer.code).toBe(OK);
    expect(answer.data.counts).toEqual([1, 2, 3, 4, 5, 6].map((status) => ({ status, count: DEMO_ORDER_COUNTS[status] })));
    expect(answer.data.total).toBe(DEMO_TOTAL);
    expect(DEMO_TOTAL).toBeGreaterThanOrEqual(500);
  });

  it('counts new rows and filters by a creation-time window in seconds', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const now = nowSeconds();
    await h.database.db.insertInto('store_order').values([
      { store_id: 1001, status: 1, amount_cents: 100, created_at: now + 10 * DAY },
      { store_id: 1001, status: 6, amount_cents: 100, created_at: now + 11 * DAY },
    ]).execute();
    const all = await h.call<OrderCount>(COUNT, {}, token);
    expect(all.data.total).toBe(DEMO_TOTAL + 2);
    const future = await h.call<OrderCount>(COUNT, { startTime: now + 9 * DAY, endTime: now + 10 * DAY }, token);
    expect(future.data).toEqual({ total: 1, counts: [1, 2, 3, 4, 5, 6].map((status) => ({ status, count: status === 1 ? 1 : 0 })) });
  });

  it("shows another store only its own orders, never the demo store's", async () => {
    const service = await h.login('demo_service', 'Demo12345');
    expect((await h.call<OrderCount>(COUNT, {}, service)).data.total).toBe(0);
    await h.database.db.insertInto('store_order').values({ store_id: 1006, status: 4, amount_cents: 5000, created_at: nowSeconds() }).execute();
    const own = await h.call<OrderCount>(COUNT, {}, service);
    expect(own.data.total).toBe(1);
    expect(own.data.counts.find((c) => c.status === 4)?.count).toBe(1);
    const demo = await h.login('demo_merchant', 'Demo12345');
    expect((await h.call<OrderCount>(COUNT, {}, demo)).data.total).toBe(DEMO_TOTAL);
  });

  it('seeds the demo orders once, and also into a data folder that holds only pre-0014 count rows', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    await seedDemoOrders(h.database.db, systemClock, 1001);
    expect((await h.call<OrderCount>(COUNT, {}, token)).data.total).toBe(DEMO_TOTAL);
    // The orders' money goes with them (issue 29: payments are keyed by order id, which the truncate starts again).
    await sql`truncate store_order, store_ledger_account, store_settlement restart identity cascade`.execute(h.database.db);
    await h.database.db.insertInto('store_order').values({ store_id: 1001, status: 4, amount_cents: 100, created_at: nowSeconds() }).execute();
    await seedDemoOrders(h.database.db, systemClock, 1001);
    // Only the plain demo orders are seeded again here (the promotions' orders went with the truncate).
    const plainTotal = Object.values(DEMO_PLAIN_ORDER_COUNTS).reduce((sum, count) => sum + count, 0);
    expect((await h.call<OrderCount>(COUNT, {}, token)).data.total).toBe(plainTotal + 1);
  });

  it('refuses bad input and calls without a token with clear codes', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const reversed = await h.call(COUNT, { startTime: 2000, endTime: 1000 }, token);
    // msg is in the caller's language (zh-CN by default); the code is the contract.
    expect(reversed.code).toBe('10100001');
    expect(reversed.msg).not.toBe('');
    const text = await h.call(COUNT, { startTime: 'yesterday' }, token);
    expect(text.code).toBe('10100001');
    expect((await h.call(COUNT, { endTime: 1.5 }, token)).code).toBe('10100001');
    expect((await h.call(COUNT, { startTime: -1 }, token)).code).toBe('10100001');
    expect((await h.call(COUNT, {})).code).toBe('10302006');
  });
});
