import { FLASH_SALE_PHASE, flashSaleEndpoints as api, STORE_CODES, type PageOf } from '@merchant/api-contracts';
import type { Clock } from '../../shared/clock';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { demoSkuIds, ordersModule } from '../orders';
import { FlashSalesRepository } from './flash-sales.repository';
import { DEMO_FLASH_SALE_NAMES, DEMO_FLASH_SALE_ORDERS } from './flash-sales.seed';
import { FlashSalesService } from './flash-sales.service';
import { storeMidnight } from './flash-sales.slots';

// Issue 28 §3, time-limited sales, through real HTTP on the app (PGlite, or PostgreSQL with DATABASE_URL, where the
// concurrent purchases run on parallel connections): the merchant's calls, stock that never goes below zero, the
// per-buyer limit, slots, the release of unpaid orders exactly once, another store's ids, bad input.
process.env.UNPAID_SWEEP_SECONDS = '0'; // the test drives the sweeper itself, at its own clock
const OK = STORE_CODES.success;
const NOT_ALLOWED = STORE_CODES.notAllowedInCurrentState;
const NOT_FOUND = STORE_CODES.notFound;
const INVALID = STORE_CODES.invalidParameter;
const BUYER_KEY = 'flash-sales-test-buyer-key';
const STORE = 1001;
const H = 3600;
const DAY = 24 * H;

/** The test's clock: the server's and the sweeper's; moved forward to cross the payment window. */
let nowMs = Date.now();
const clock: Clock = { now: () => new Date(nowMs) };
const nowSeconds = () => Math.floor(nowMs / 1000);

interface Sale {
  saleId: number;
  phase: number;
  state: number;
  slot: { startTime: number; endTime: number; current: boolean } | null;
  stockLeft: number;
  sold: number;
}
interface Details {
  sale: Sale;
  skus: Array<{ skuId: number; priceCents: number; stock: number; stockLeft: number; sold: number }>;
}
interface Placed {
  orderId: number;
  amountCents: number;
}

let h: TestHarness;
let skuIds: number[];
beforeAll(async () => {
  h = await startTestServer({ clock, config: { buyerKey: BUYER_KEY } });
});
afterAll(() => h.close());
beforeEach(async () => {
  nowMs = Date.now();
  await h.reset();
  skuIds = await demoSkuIds(db(), STORE, 3);
  // Plenty of goods stock: the sale's own stock is what these tests limit.
  await db().updateTable('store_goods_sku').set({ stock: 10_000 }).where('id', 'in', skuIds).execute();
});

const db = () => h.database.db;
const owner = () => h.login('demo_merchant', 'Demo12345');

/** A sale running now in an all-day slot, one SKU at 1 cent below its list price unless `over` says otherwise. */
async function saleBiz(over: Record<string, unknown> = {}, stock = 10) {
  const sku = await db().selectFrom('store_goods_sku').select(['id', 'price_cents']).where('id', '=', skuIds[0]!).executeTakeFirstOrThrow();
  return {
    name: 'Test flash sale',
    startTime: nowSeconds() - H,
    endTime: nowSeconds() + 2 * DAY,
    slots: [{ startMinute: 0, endMinute: 1440 }],
    perBuyerLimit: 5,
    skus: [{ skuId: sku.id, priceCents: Math.max(1, sku.price_cents - 1), stock }],
    ...over,
  };
}

async function addSale(token: string, over: Record<string, unknown> = {}, stock = 10): Promise<Sale> {
  const added = await h.call<Sale>(api.addFlashSale.path, await saleBiz(over, stock), token);
  expect([added.code, added.msg]).toEqual([OK, 'success']);
  return added.data;
}

const buy = (saleId: number, buyerAccid: string, quantity = 1, over: Record<string, unknown> = {}) =>
  h.keyed<Placed>(
    '/buyer/flash-sales/buy',
    {
      storeId: STORE,
      saleId,
      buyerAccid,
      buyerName: 'Buyer',
      buyerPhone: '13900000001',
      receiver: { name: 'Buyer', phone: '13900000001', address: 'No. 1 Test Road' },
      items: [{ skuId: skuIds[0], quantity }],
      ...over,
    },
    BUYER_KEY,
  );
const pay = (orderId: number, buyerAccid: string) => h.keyed(`/buyer/orders/${orderId}/pay`, { buyerAccid }, BUYER_KEY);
const details = async (token: string, saleId: number) => (await h.call<Details>(api.flashSaleDetails.path, { saleId }, token)).data;
const goodsStock = async () => (await db().selectFrom('store_goods_sku').select('stock').where('id', '=', skuIds[0]!).executeTakeFirstOrThrow()).stock;

/** The service the sweeper runs, on the test's database and clock. */
const sweeperService = () => new FlashSalesService(new FlashSalesRepository(db()), ordersModule({ db: db(), clock, env: {} }).facade, clock);

async function saleState() {
  return {
    sales: await db().selectFrom('store_flash_sale').selectAll().orderBy('id').execute(),
    skus: await db().selectFrom('store_flash_sale_sku').selectAll().orderBy('sale_id').orderBy('sku_id').execute(),
    counts: await db().selectFrom('store_flash_sale_buyer_count').selectAll().orderBy('sale_id').orderBy('buyer_accid').execute(),
    orders: await db().selectFrom('store_flash_sale_order').selectAll().orderBy('order_id').execute(),
    storeOrders: await db().selectFrom('store_order').select('id').orderBy('id').execute(),
  };
}

describe('the demo sales', () => {
  it('shows one running in its all-day slot with units sold, one upcoming and one ended with its paid orders', async () => {
    const token = await owner();
    const list = (await h.call<PageOf<Sale & { name: string }>>(api.flashSaleList.path, { pageSize: 50 }, token)).data.list;
    const byName = (name: string) => list.find((s) => s.name === name)!;
    const running = byName(DEMO_FLASH_SALE_NAMES.running);
    expect(running).toMatchObject({ phase: FLASH_SALE_PHASE.running, slot: { current: true } });
    expect(running.sold).toBe(5);
    expect(byName(DEMO_FLASH_SALE_NAMES.upcoming)).toMatchObject({ phase: FLASH_SALE_PHASE.upcoming, sold: 0, slot: { current: false } });
    const ended = byName(DEMO_FLASH_SALE_NAMES.ended);
    expect(ended).toMatchObject({ phase: FLASH_SALE_PHASE.ended, sold: 6, slot: null });
    const orders = await h.call<PageOf<{ state: number; orderStatus: number }>>(api.flashSaleOrders.path, { saleId: running.saleId }, token);
    expect(orders.data.list.map((o) => o.state).sort()).toEqual([1, 2, 2, 2]);
    const endedOrders = await h.call<PageOf<{ state: number; orderStatus: number }>>(api.flashSaleOrders.path, { saleId: ended.saleId }, token);
    expect(endedOrders.data.list.every((o) => o.state === 2 && o.orderStatus === 1)).toBe(true);
    const placed = await db().selectFrom('store_order').select('status').where('promotion_kind', '=', 'sale').where('store_id', '=', STORE).execute();
    expect([placed.filter((o) => o.status === 1).length, placed.filter((o) => o.status === 0).length]).toEqual([DEMO_FLASH_SALE_ORDERS.paid, DEMO_FLASH_SALE_ORDERS.unpaid]);
  });
});

describe('the merchant’s sales', () => {
  it('adds, lists by phase with the slot, edits, details per SKU and stops', async () => {
    const token = await owner();
    const added = await addSale(token, { name: 'Autumn flash', slots: [{ startMinute: 0, endMinute: 1440 }] });
    expect(added).toMatchObject({ phase: FLASH_SALE_PHASE.running, state: 1, stockLeft: 10, sold: 0, slot: { current: true } });
    expect(added.slot!.endTime).toBe(Math.min(storeMidnight(nowSeconds()) + DAY, nowSeconds() + 2 * DAY));
    const running = await h.call<PageOf<Sale>>(api.flashSaleList.path, { phase: FLASH_SALE_PHASE.running, name: 'autumn' }, token);
    expect(running.data.list.map((s) => s.saleId)).toEqual([added.saleId]);
    expect((await h.call<PageOf<Sale>>(api.flashSaleList.path, { phase: FLASH_SALE_PHASE.upcoming, name: 'autumn' }, token)).data.total).toBe(0);

    const upcoming = await addSale(token, { name: 'Autumn later', startTime: nowSeconds() + DAY, endTime: nowSeconds() + 3 * DAY, slots: [{ startMinute: 600, endMinute: 720 }] });
    expect(upcoming).toMatchObject({ phase: FLASH_SALE_PHASE.upcoming, slot: { current: false } });
    expect(upcoming.slot!.startTime).toBeGreaterThanOrEqual(nowSeconds() + DAY);

    const edited = await h.call<Sale>(api.editFlashSale.path, { saleId: added.saleId, ...(await saleBiz({ name: 'Autumn flash 2' }, 25)) }, token);
    expect([edited.code, edited.data.stockLeft]).toEqual([OK, 25]);
    expect((await details(token, added.saleId)).skus).toEqual([expect.objectContaining({ skuId: skuIds[0], stock: 25, stockLeft: 25, sold: 0 })]);

    const stopped = await h.call<Sale>(api.stopFlashSale.path, { saleId: added.saleId }, token);
    expect(stopped.data).toMatchObject({ state: 2, phase: FLASH_SALE_PHASE.stopped, slot: null });
    expect((await buy(added.saleId, 'b_late')).code).toBe(NOT_ALLOWED);
    expect((await h.call(api.editFlashSale.path, { saleId: added.saleId, ...(await saleBiz()) }, token)).code).toBe(NOT_ALLOWED);
  });

  it('refuses bad input on its fields and changes nothing', async () => {
    const token = await owner();
    const before = await saleState();
    const base = await saleBiz();
    const sku = base.skus[0]!;
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ name: '' }, ['name']],
      [{ endTime: base.startTime }, ['endTime']],
      [{ slots: [] }, ['slots']],
      [{ slots: [{ startMinute: 600, endMinute: 600 }] }, ['slots.0.endMinute']],
      [{ slots: [{ startMinute: 600, endMinute: 720 }, { startMinute: 700, endMinute: 800 }] }, ['slots']],
      [{ perBuyerLimit: 0 }, ['perBuyerLimit']],
      [{ skus: [{ ...sku, priceCents: 10.5 }] }, ['skus.0.priceCents']],
      [{ skus: [{ ...sku, stock: 0 }] }, ['skus.0.stock']],
      [{ skus: [sku, sku] }, ['skus']],
      // Above the list price: refused by the server on the field.
      [{ skus: [{ ...sku, priceCents: sku.priceCents + 100 }] }, ['skus.0.priceCents']],
    ];
    for (const [over, fields] of cases) {
      const answer = await h.call(api.addFlashSale.path, { ...base, ...over }, token);
      const refused = (answer.errInfo?.problems as Array<{ field: string }> | undefined)?.map((p) => p.field).sort();
      expect([over, answer.code, refused]).toEqual([over, INVALID, [...fields].sort()]);
    }
    expect(await saleState()).toEqual(before);
  });

  it('does not let an edit set a SKU’s stock below what it sold, nor remove a SKU that sold', async () => {
    const token = await owner();
    const sale = await addSale(token, {}, 10);
    expect((await buy(sale.saleId, 'b_1', 3)).code).toBe(OK);
    const base = await saleBiz({}, 2);
    const below = await h.call(api.editFlashSale.path, { saleId: sale.saleId, ...base }, token);
    expect([below.code, (below.errInfo?.problems as Array<{ field: string }>).map((p) => p.field)]).toEqual([INVALID, ['skus.0.stock']]);
    const other = await db().selectFrom('store_goods_sku').select(['id', 'price_cents']).where('id', '=', skuIds[1]!).executeTakeFirstOrThrow();
    const removed = await h.call(api.editFlashSale.path, { saleId: sale.saleId, ...base, skus: [{ skuId: other.id, priceCents: other.price_cents, stock: 5 }] }, token);
    expect(removed.code).toBe(INVALID);
    expect((await details(token, sale.saleId)).skus).toEqual([expect.objectContaining({ stock: 10, stockLeft: 7, sold: 3 })]);
    const exact = await h.call<Sale>(api.editFlashSale.path, { saleId: sale.saleId, ...(await saleBiz({}, 3)) }, token);
    expect([exact.code, exact.data.stockLeft, exact.data.sold]).toEqual([OK, 0, 3]);
  });
});

describe('buying', () => {
  it('places an order at the sale price, lists it with its status, and the buyer pays it', async () => {
    const token = await owner();
    const sale = await addSale(token);
    const price = (await details(token, sale.saleId)).skus[0]!.priceCents;
    const placed = await buy(sale.saleId, 'b_pay', 2);
    expect([placed.code, placed.data.amountCents]).toEqual([OK, 2 * price]);
    const order = await db().selectFrom('store_order').select(['promotion_kind', 'promotion_activity_id', 'status']).where('id', '=', placed.data.orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ promotion_kind: 'sale', promotion_activity_id: sale.saleId, status: 0 });
    expect((await pay(placed.data.orderId, 'b_pay')).code).toBe(OK);
    const orders = await h.call<PageOf<{ orderId: number; state: number; orderStatus: number; units: number; buyerPhone: string }>>(api.flashSaleOrders.path, { saleId: sale.saleId }, token);
    expect(orders.data.list).toEqual([expect.objectContaining({ orderId: placed.data.orderId, state: 2, orderStatus: 1, units: 2, buyerPhone: '139****0001' })]);
    expect(await details(token, sale.saleId)).toMatchObject({ sale: { stockLeft: 8, sold: 2 } });
  });

  it('gives exactly the stock to 100 concurrent purchases of one unit against a stock of 37; stock ends at 0, never below', async () => {
    const token = await owner();
    const sale = await addSale(token, {}, 37);
    const goodsBefore = await goodsStock();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => buy(sale.saleId, `b_${i}`)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((code) => code === OK)).toHaveLength(37);
    expect(codes.filter((code) => code === NOT_ALLOWED)).toHaveLength(63);
    expect(answers.find((a) => a.code === NOT_ALLOWED)!.msg).toContain(`SKU ${skuIds[0]} is sold out`);
    expect((await details(token, sale.saleId)).skus[0]).toMatchObject({ stockLeft: 0, sold: 37 });
    const orders = await db().selectFrom('store_order').select('id').where('promotion_kind', '=', 'sale').where('promotion_activity_id', '=', sale.saleId).execute();
    expect(orders).toHaveLength(37);
    expect(await goodsStock()).toBe(goodsBefore - 37);
  });

  it('holds the per-buyer limit under 20 concurrent purchases by one buyer', async () => {
    const token = await owner();
    const sale = await addSale(token, { perBuyerLimit: 2 }, 50);
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(sale.saleId, 'b_eager')));
    expect(answers.filter((a) => a.code === OK)).toHaveLength(2);
    expect(answers.filter((a) => a.code === NOT_ALLOWED).every((a) => a.msg.includes('limit of 2 units'))).toBe(true);
    expect((await details(token, sale.saleId)).skus[0]).toMatchObject({ stockLeft: 48, sold: 2 });
    expect((await buy(sale.saleId, 'b_other', 3)).code).toBe(NOT_ALLOWED);
    expect((await buy(sale.saleId, 'b_other', 2)).code).toBe(OK);
  });

  it('refuses outside a slot, before and after the window, and a SKU not in the sale; nothing taken', async () => {
    const token = await owner();
    const midnight = storeMidnight(nowSeconds());
    const minute = Math.floor((nowSeconds() - midnight) / 60);
    // A slot of the day that does not hold the current minute.
    const slot = minute < 720 ? { startMinute: 1380, endMinute: 1440 } : { startMinute: 0, endMinute: 60 };
    const offSlot = await addSale(token, { slots: [slot] });
    const upcoming = await addSale(token, { startTime: nowSeconds() + H, endTime: nowSeconds() + DAY });
    const ended = await addSale(token);
    await db().updateTable('store_flash_sale').set({ start_at: new Date(nowMs - 3 * DAY * 1000), end_at: new Date(nowMs - DAY * 1000) }).where('id', '=', ended.saleId).execute();
    const before = await saleState();
    for (const saleId of [offSlot.saleId, upcoming.saleId, ended.saleId]) {
      const answer = await buy(saleId, 'b_early');
      expect([saleId, answer.code, answer.msg]).toEqual([saleId, NOT_ALLOWED, 'the sale is not in one of its time slots now']);
    }
    const running = await addSale(token);
    const stranger = await buy(running.saleId, 'b_x', 1, { items: [{ skuId: skuIds[1], quantity: 1 }] });
    expect(stranger.code).toBe(NOT_FOUND);
    expect({ ...(await saleState()), sales: undefined, skus: undefined }).toEqual({ ...before, sales: undefined, skus: undefined });
  });

  it('refuses bad buyer input and a missing key', async () => {
    const token = await owner();
    const sale = await addSale(token);
    expect((await buy(sale.saleId, 'b_bad', 0)).status).toBe(400);
    expect((await buy(sale.saleId, '', 1)).status).toBe(400);
    expect((await buy(sale.saleId, 'b_bad', 1, { items: [] })).status).toBe(400);
    expect((await h.keyed('/buyer/flash-sales/buy', { storeId: STORE, saleId: sale.saleId }, null)).status).toBe(401);
    expect((await details(token, sale.saleId)).skus[0]!.sold).toBe(0);
  });
});

describe('release of unpaid orders', () => {
  it('gives an unpaid order’s stock and the buyer’s units back once, even with two sweeps at once; a paid order keeps its', async () => {
    const token = await owner();
    // The demo sale's orders go past their window first, so the rounds below see only this test's two.
    nowMs += 16 * 60 * 1000;
    expect(await sweeperService().releaseExpired()).toEqual({ released: 1, paid: 0 });
    const sale = await addSale(token, { perBuyerLimit: 2, startTime: nowSeconds() - H }, 5);
    const unpaid = await buy(sale.saleId, 'b_slow', 2);
    const paid = await buy(sale.saleId, 'b_quick', 1);
    expect((await pay(paid.data.orderId, 'b_quick')).code).toBe(OK);
    const goodsBefore = await goodsStock();
    // Inside the payment window nothing moves.
    expect(await sweeperService().releaseExpired()).toEqual({ released: 0, paid: 0 });

    nowMs += 16 * 60 * 1000;
    const rounds = await Promise.all([sweeperService().releaseExpired(), sweeperService().releaseExpired()]);
    expect(rounds.reduce((sum, round) => sum + round.released, 0)).toBe(1);
    expect(rounds.reduce((sum, round) => sum + round.paid, 0)).toBe(1);
    expect((await details(token, sale.saleId)).skus[0]).toMatchObject({ stockLeft: 4, sold: 1 });
    expect(await goodsStock()).toBe(goodsBefore + 2);
    const closed = await db().selectFrom('store_order').select(['status', 'closed_at']).where('id', '=', unpaid.data.orderId).executeTakeFirstOrThrow();
    expect([closed.status, closed.closed_at === null]).toEqual([0, false]);
    expect((await pay(unpaid.data.orderId, 'b_slow')).code).not.toBe(OK);
    // A third round finds nothing; the slow buyer may buy again (the units came back).
    expect(await sweeperService().releaseExpired()).toEqual({ released: 0, paid: 0 });
    expect((await buy(sale.saleId, 'b_slow', 2)).code).toBe(OK);

    const states = await h.call<PageOf<{ orderId: number; state: number }>>(api.flashSaleOrders.path, { saleId: sale.saleId, pageSize: 50 }, token);
    const stateOf = (orderId: number) => states.data.list.find((o) => o.orderId === orderId)!.state;
    expect([stateOf(unpaid.data.orderId), stateOf(paid.data.orderId)]).toEqual([3, 2]);
  });
});

describe("another store's ids", () => {
  it('are not found on every call, and another store’s SKUs cannot join a sale', async () => {
    const token = await owner();
    const sale = await addSale(token);
    const other = await h.login('demo_service', 'Demo12345');
    const before = await saleState();
    for (const [path, biz] of [
      [api.flashSaleDetails.path, { saleId: sale.saleId }],
      [api.stopFlashSale.path, { saleId: sale.saleId }],
      [api.flashSaleOrders.path, { saleId: sale.saleId }],
      [api.editFlashSale.path, { saleId: sale.saleId, ...(await saleBiz()) }],
      [api.addFlashSale.path, await saleBiz()],
    ] as const) {
      expect([path, (await h.call(path, biz, other)).code]).toEqual([path, NOT_FOUND]);
    }
    expect((await h.call<PageOf<Sale>>(api.flashSaleList.path, {}, other)).data.list.map((s) => s.saleId)).not.toContain(sale.saleId);
    expect((await buy(sale.saleId, 'b_x', 1, { storeId: 1006 })).code).toBe(NOT_FOUND);
    expect(await saleState()).toEqual(before);
  });
});
