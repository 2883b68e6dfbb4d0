import { couponEndpoints as api, STORE_CODES } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';

// The dry run (issue 28 "Beyond the anchors"; docs/marketing.md "Dry run") through real HTTP: seeded orders with
// known lines replayed with exact discounts; the threshold (equal is enough), the scope (category ancestors,
// goods), the cap and the clamp; withdrawn, refunded, older and other stores' orders never counted; another
// store's template answers 10100004; bad rules refused on their fields like add.
const OK = STORE_CODES.success;
const STORE = 1001;
const OTHER = 1006;
const DAY = 24 * 60 * 60;
const TILES = 11; // level 2, under 1 "Building materials"
const SOFAS = 21; // level 2, under 2 "Furniture"

interface DryRun {
  from: number;
  to: number;
  orders: number;
  qualifying: number;
  discountCents: number;
  averageDiscountCents: number;
  revenueCents: number;
  revenueShareBp: number;
  top: Array<{ orderId: number; orderNo: string | null; createTime: number; linesCents: number; discountCents: number }>;
}

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function goodsOf(storeId: number, categoryId: number): Promise<number> {
  const row = await db().selectFrom('store_goods').select('id').where('store_id', '=', storeId).where('category_id', '=', categoryId).orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

/** An order with the given lines (goods id, unit cents, quantity), created `ageSeconds` ago. */
async function insertOrder(storeId: number, status: number, ageSeconds: number, lines: Array<[number, number, number]>): Promise<number> {
  const created = nowSeconds() - ageSeconds;
  const amount = lines.reduce((sum, [, unit, quantity]) => sum + unit * quantity, 0);
  const order = await db()
    .insertInto('store_order')
    .values({ store_id: storeId, status, amount_cents: amount, created_at: created, paid_at: created, receiver: '{}', order_no: `DRY${storeId}${created}${Math.random().toString(36).slice(2, 8)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('store_order_item')
    .values(lines.map(([goodsId, unit, quantity], i) => ({ order_id: order.id, store_id: storeId, goods_id: goodsId, sku_id: 900_000 + i, title: `line ${i}`, unit_price_cents: unit, quantity })))
    .execute();
  return order.id;
}

/**
 * The stores' own demo orders moved out of the window, then: three standing orders of 1001 in it (16,000, 1,500
 * and 4,000 cents), a withdrawn, a refunded and a 31-day-old one of 1001, and a big one of 1006.
 */
async function seedOrders() {
  await db()
    .updateTable('store_order')
    .set({ created_at: sql<number>`created_at - ${90 * DAY}` })
    .where('store_id', 'in', [STORE, OTHER])
    .execute();
  const tile = await goodsOf(STORE, TILES);
  const sofa = await goodsOf(STORE, SOFAS);
  const o1 = await insertOrder(STORE, 4, 3 * DAY, [
    [tile, 3_000, 2],
    [sofa, 10_000, 1],
  ]);
  const o2 = await insertOrder(STORE, 1, 2 * DAY, [[tile, 1_500, 1]]);
  const o3 = await insertOrder(STORE, 2, DAY, [[sofa, 4_000, 1]]);
  await insertOrder(STORE, 5, DAY, [[tile, 100_000, 1]]);
  await insertOrder(STORE, 6, DAY, [[sofa, 100_000, 1]]);
  await insertOrder(STORE, 4, 31 * DAY, [[tile, 100_000, 1]]);
  const foreignGoods = (await db().selectFrom('store_goods').select('id').where('store_id', '=', OTHER).orderBy('id').executeTakeFirstOrThrow()).id;
  const foreign = await insertOrder(OTHER, 4, DAY, [[foreignGoods, 70_000, 1]]);
  return { tile, sofa, o1, o2, o3, foreign };
}

const rules = (over: Record<string, unknown> = {}) => ({
  source: 'rules',
  name: 'Dry run',
  kind: 1,
  amountCents: 1_000,
  thresholdCents: 2_000,
  scope: 1,
  scopeIds: [],
  issueLimit: 100,
  perBuyerLimit: 1,
  validity: 2,
  validDays: 30,
  ...over,
});

async function dryRun(token: string, biz: Record<string, unknown>): Promise<DryRun> {
  const answer = await h.call<DryRun>(api.couponDryRun.path, biz, token);
  expect([answer.code, answer.msg]).toEqual([OK, 'success']);
  return answer.data;
}

describe('coupon dry run', () => {
  it('replays a whole-store amount coupon with a threshold over the standing orders of the last 30 days only', async () => {
    const { o1, o3 } = await seedOrders();
    const token = await owner();
    const before = nowSeconds();
    const result = await dryRun(token, rules());
    // o1 16,000 and o3 4,000 reach 2,000: 1,000 each; o2 1,500 does not. Revenue 21,500: 2,000 / 21,500 = 930.2 bp.
    expect(result).toMatchObject({ orders: 3, qualifying: 2, discountCents: 2_000, averageDiscountCents: 1_000, revenueCents: 21_500, revenueShareBp: 930 });
    expect(result.top.map((o) => [o.orderId, o.linesCents, o.discountCents])).toEqual([
      [o1, 16_000, 1_000],
      [o3, 4_000, 1_000],
    ]);
    expect(result.to).toBeGreaterThanOrEqual(before);
    expect(result.to - result.from).toBe(30 * DAY);
  });

  it('counts only the lines under a listed ancestor category, with the threshold met when equal, percentage capped', async () => {
    const { o1, o2 } = await seedOrders();
    const token = await owner();
    // 10 % off Building materials (1, the tiles' parent), at most 5 yuan, from 15 yuan: o1's tiles 6,000 → 600 →
    // capped 500; o2's 1,500 (equal to the threshold) → 150; o3 has sofas only: out of scope.
    const result = await dryRun(token, rules({ kind: 2, amountCents: undefined, percentOffBp: 1_000, capCents: 500, thresholdCents: 1_500, scope: 2, scopeIds: [1] }));
    expect(result).toMatchObject({ orders: 3, qualifying: 2, discountCents: 650, averageDiscountCents: 325, revenueShareBp: 302 });
    expect(result.top.map((o) => [o.orderId, o.discountCents])).toEqual([
      [o1, 500],
      [o2, 150],
    ]);
    // A threshold one cent above o2's tiles leaves it out.
    const above = await dryRun(token, rules({ kind: 2, amountCents: undefined, percentOffBp: 1_000, capCents: 500, thresholdCents: 1_501, scope: 2, scopeIds: [TILES] }));
    expect([above.qualifying, above.discountCents]).toEqual([1, 500]);
  });

  it('replays a saved goods-scope template, clamped to what the scoped lines paid', async () => {
    const { sofa, o1, o3 } = await seedOrders();
    const token = await owner();
    const added = await h.call<{ templateId: number }>(api.addCoupon.path, { ...rules({ amountCents: 5_000, thresholdCents: 0, scope: 3, scopeIds: [sofa] }), source: undefined }, token);
    expect(added.code).toBe(OK);
    const result = await dryRun(token, { source: 'template', templateId: added.data.templateId });
    // o1's sofa 10,000 → 5,000; o3's sofa 4,000 → clamped to 4,000; o2 has no sofa.
    expect(result).toMatchObject({ orders: 3, qualifying: 2, discountCents: 9_000, averageDiscountCents: 4_500, revenueShareBp: 4_186 });
    expect(result.top.map((o) => [o.orderId, o.discountCents])).toEqual([
      [o1, 5_000],
      [o3, 4_000],
    ]);
  });

  it("never counts another store's orders, and answers 10100004 for another store's template or goods", async () => {
    const { tile, foreign } = await seedOrders();
    const token = await owner();
    const added = await h.call<{ templateId: number }>(api.addCoupon.path, { ...rules(), source: undefined }, token);
    const other = await h.login('demo_service', 'Demo12345');
    expect((await h.call(api.couponDryRun.path, { source: 'template', templateId: added.data.templateId }, other)).code).toBe(STORE_CODES.notFound);
    expect((await h.call(api.couponDryRun.path, rules({ scope: 3, scopeIds: [tile] }), other)).code).toBe(STORE_CODES.notFound);
    // The other store's own dry run sees its one order in the window, never 1001's.
    const theirs = await dryRun(other, rules());
    expect([theirs.orders, theirs.revenueCents, theirs.top.map((o) => o.orderId)]).toEqual([1, 70_000, [foreign]]);
  });

  it('refuses bad rules on their fields, as add does', async () => {
    const token = await owner();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [rules({ amountCents: undefined }), ['amountCents']],
      [rules({ kind: 2, amountCents: undefined }), ['capCents', 'percentOffBp']],
      [rules({ scope: 2, scopeIds: [] }), ['scopeIds']],
      [{ source: 'template', templateId: 0 }, ['templateId']],
    ];
    for (const [biz, fields] of cases) {
      const answer = await h.call(api.couponDryRun.path, biz, token);
      const refused = (answer.errInfo?.problems as Array<{ field: string }> | undefined)?.map((p) => p.field).sort();
      expect([biz, answer.code, refused]).toEqual([biz, STORE_CODES.invalidParameter, fields]);
    }
  });
});
