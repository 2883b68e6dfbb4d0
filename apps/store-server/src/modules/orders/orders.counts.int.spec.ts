// The kept per-store, per-status order counts (migration 0017, docs/orders.md "Order counts") against a real
// server and database: after every kind of write — the demo seed, place, pay, ship, the carrier, confirm,
// withdraw, a refund paid in full, the simulator, raw inserts, deletes, truncation — the counts equal a count
// of the rows, the unfiltered list's total, each status tab's total and queryStoreOrderCount read them, and
// another store's orders never count. Concurrent writers (real ones on PostgreSQL) are all counted.
import { randomUUID } from 'node:crypto';
import { afterSalesEndpoints } from '@merchant/api-contracts';
import { sql } from 'kysely';
import * as orderStatusCounts from '../../db/migrations/0017-order-status-counts';
import { DEMO_ORDER_COUNTS } from '../../db/seed';
import { systemClock } from '../../shared/clock';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { BUYER_AFTER_SALES_PATHS } from '../after-sales';
import { OrderEvents } from './order-events';
import { BuyerOrdersService } from './orders.buyer';
import { OrdersRepository } from './orders.repository';
import { DemoOrderSimulator } from './orders.simulator';

const BASE = '/v1/store/eshop/order';
const OK = '00000000';
const BUYER_KEY = 'orders-counts-test-buyer-key';
const DEMO = 1001;
const OTHER = 1006;
const STATUSES = [1, 2, 3, 4, 5, 6];
const BUYER = { buyerAccid: 'c_counts_test', buyerName: 'Count Buyer', buyerPhone: '13912345678' };
const RECEIVER = { name: 'Count Receiver', phone: '13712345678', address: '1 Count Road, Shanghai' };

type Counts = Record<number, number>;

describe('kept order counts per store and status', () => {
  let h: TestHarness;
  let demo: string;
  let other: string;

  beforeAll(async () => {
    h = await startTestServer({ config: { buyerKey: BUYER_KEY } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.reset();
    demo = await h.login('demo_merchant', 'Demo12345');
    other = await h.login('demo_service', 'Demo12345');
  });

  const db = () => h.database.db;
  const tokenOf = (storeId: number) => (storeId === DEMO ? demo : other);
  const post = <T>(path: string, body: unknown) => h.keyed<T>(path, body, BUYER_KEY);
  const buyer = <T = { status: number }>(path: string, body: unknown = { buyerAccid: BUYER.buyerAccid }) => post<T>(`/buyer/orders${path}`, body);

  /** What a count of the rows says: the store's paid orders per status 1–6. */
  const counted = async (storeId: number): Promise<Counts> => {
    const rows = await db().selectFrom('store_order').select(['status', (eb) => eb.fn.countAll<string | number>().as('n')]).where('store_id', '=', storeId).where('status', '<>', 0).groupBy('status').execute();
    const found = new Map(rows.map((row) => [Number(row.status), Number(row.n)]));
    return Object.fromEntries(STATUSES.map((status) => [status, found.get(status) ?? 0]));
  };
  /** What the kept table holds (statuses without a row are 0; status 0 is never kept). */
  const kept = async (storeId: number): Promise<Counts> => {
    const rows = await db().selectFrom('store_order_status_count').selectAll().where('store_id', '=', storeId).execute();
    expect(rows.filter((row) => row.status === 0)).toEqual([]);
    const found = new Map(rows.map((row) => [row.status, Number(row.order_count)]));
    return Object.fromEntries(STATUSES.map((status) => [status, found.get(status) ?? 0]));
  };
  /** The store's numbers as the console reads them: queryStoreOrderCount, the unfiltered list and each status tab. */
  const answered = async (storeId: number) => {
    const token = tokenOf(storeId);
    const count = await h.call<{ total: number; counts: Array<{ status: number; count: number }> }>(`${BASE}/queryStoreOrderCount`, {}, token);
    expect(count.code).toBe(OK);
    const all = await h.call<{ total: number }>(`${BASE}/list`, { pageNum: 1, pageSize: 20 }, token);
    const tabs: Counts = {};
    for (const status of STATUSES) tabs[status] = (await h.call<{ total: number }>(`${BASE}/list`, { pageNum: 1, pageSize: 20, status }, token)).data.total;
    return { counts: Object.fromEntries(count.data.counts.map((c) => [c.status, c.count])) as Counts, total: count.data.total, listTotal: all.data.total, tabs };
  };
  const sum = (counts: Counts) => STATUSES.reduce((total, status) => total + counts[status]!, 0);
  /** Kept = counted, and every answer the console reads equals them. */
  const expectExact = async (storeId: number): Promise<Counts> => {
    const truth = await counted(storeId);
    expect(await kept(storeId)).toEqual(truth);
    const answer = await answered(storeId);
    expect(answer).toEqual({ counts: truth, total: sum(truth), listTotal: sum(truth), tabs: truth });
    return truth;
  };
  const plus = (counts: Counts, changes: Counts): Counts => Object.fromEntries(STATUSES.map((s) => [s, counts[s]! + (changes[s] ?? 0)]));

  const skuOf = async (storeId = DEMO) => {
    const row = await db()
      .selectFrom('store_goods_sku as s')
      .innerJoin('store_goods as g', 'g.id', 's.goods_id')
      .select('s.id')
      .where('g.store_id', '=', storeId)
      .where('g.status', '=', 2)
      .where('s.stock', '>=', 50)
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const place = async (skuId: number) => {
    const placed = await buyer<{ orderId: number; status: number }>('/place', { storeId: DEMO, ...BUYER, receiver: RECEIVER, items: [{ skuId, quantity: 1 }] });
    expect(placed.code).toBe(OK);
    return placed.data.orderId;
  };
  const pay = async (orderId: number) => expect((await buyer(`/${orderId}/pay`)).code).toBe(OK);

  it('counts the demo seed exactly, per status, and nothing for a store without orders', async () => {
    expect(await expectExact(DEMO)).toEqual(Object.fromEntries(STATUSES.map((s) => [s, DEMO_ORDER_COUNTS[s]])));
    expect(await expectExact(OTHER)).toEqual(Object.fromEntries(STATUSES.map((s) => [s, 0])));
  });

  it('backfills the orders a database already holds when the migration runs', async () => {
    await db().transaction().execute((trx) => orderStatusCounts.down(trx as never));
    const now = Math.floor(Date.now() / 1000);
    await db().insertInto('store_order').values([
      { store_id: OTHER, status: 2, amount_cents: 100, created_at: now },
      { store_id: OTHER, status: 0, amount_cents: 100, created_at: now },
    ]).execute();
    await db().transaction().execute((trx) => orderStatusCounts.up(trx as never));
    expect(await expectExact(DEMO)).toEqual(Object.fromEntries(STATUSES.map((s) => [s, DEMO_ORDER_COUNTS[s]])));
    expect(await expectExact(OTHER)).toEqual({ 1: 0, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0 });
    // The triggers are back: a new order counts.
    await db().insertInto('store_order').values({ store_id: OTHER, status: 2, amount_cents: 100, created_at: now }).execute();
    expect(await expectExact(OTHER)).toEqual({ 1: 0, 2: 2, 3: 0, 4: 0, 5: 0, 6: 0 });
  });

  it('stays exact through place, pay, ship, pickup, delivery, confirm and withdraw; another store never moves', async () => {
    const skuId = await skuOf();
    const start = await expectExact(DEMO);
    const otherStart = await expectExact(OTHER);

    const orderId = await place(skuId);
    expect(await expectExact(DEMO)).toEqual(start); // unpaid: the buyer's cart, counted nowhere
    await pay(orderId);
    expect(await expectExact(DEMO)).toEqual(plus(start, { 1: 1 }));

    const shipped = await h.call<{ shipmentId: number }>(`${BASE}/ship`, { orderId, carrier: 'SF', trackingNo: `SF${orderId}` }, demo);
    expect(shipped.code).toBe(OK);
    expect(await expectExact(DEMO)).toEqual(plus(start, { 2: 1 }));
    expect((await buyer(`/shipments/${shipped.data.shipmentId}/pickUp`, {})).code).toBe(OK);
    expect(await expectExact(DEMO)).toEqual(plus(start, { 2: 1 }));
    expect((await buyer(`/shipments/${shipped.data.shipmentId}/deliver`, {})).code).toBe(OK);
    expect(await expectExact(DEMO)).toEqual(plus(start, { 3: 1 }));
    expect((await buyer(`/${orderId}/confirmReceipt`)).code).toBe(OK);
    expect(await expectExact(DEMO)).toEqual(plus(start, { 4: 1 }));

    const withdrawn = await place(skuId);
    await pay(withdrawn);
    expect(await expectExact(DEMO)).toEqual(plus(start, { 4: 1, 1: 1 }));
    expect((await buyer(`/${withdrawn}/withdraw`)).code).toBe(OK);
    expect(await expectExact(DEMO)).toEqual(plus(start, { 4: 1, 5: 1 }));

    // A refused move changes nothing, the counts neither.
    expect((await buyer(`/${withdrawn}/withdraw`)).code).toBe('10100005');
    expect(await expectExact(DEMO)).toEqual(plus(start, { 4: 1, 5: 1 }));
    expect(await expectExact(OTHER)).toEqual(otherStart);
  });

  it('moves an order to refunded (6) when a refund paid in full reaches the amount paid (after-sales)', async () => {
    const orderId = await place(await skuOf());
    await pay(orderId);
    const start = await expectExact(DEMO);
    const { amount_cents: amount } = await db().selectFrom('store_order').select('amount_cents').where('id', '=', orderId).executeTakeFirstOrThrow();
    const requested = await post<{ refundId: number }>(BUYER_AFTER_SALES_PATHS.requestRefund, { orderId, buyerAccid: BUYER.buyerAccid, kind: 1, amountCents: Number(amount), reason: 'changed my mind' });
    expect(requested.code).toBe(OK);
    const { refundId } = requested.data;
    expect((await h.call(afterSalesEndpoints.approveRefundOnly.path, { refundId }, demo)).code).toBe(OK);
    expect(await expectExact(DEMO)).toEqual(start);
    expect((await h.call(afterSalesEndpoints.payRefund.path, { refundId, idempotencyKey: randomUUID() }, demo)).code).toBe(OK);
    expect((await db().selectFrom('store_order').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe(6);
    expect(await expectExact(DEMO)).toEqual(plus(start, { 1: -1, 6: 1 }));
  });

  it('counts the demo simulator’s paid orders', async () => {
    const start = await expectExact(DEMO);
    const repository = new OrdersRepository(db());
    const simulator = new DemoOrderSimulator(new BuyerOrdersService(repository, new OrderEvents(), systemClock), repository, { intervalSeconds: 60 }, () => undefined);
    expect(await simulator.placeOne()).toEqual(expect.any(Number));
    expect(await simulator.placeOne()).toEqual(expect.any(Number));
    expect(await expectExact(DEMO)).toEqual(plus(start, { 1: 2 }));
  });

  it("keeps another store's raw inserts, updates and deletes in that store's counts only; truncation empties them", async () => {
    const demoStart = await expectExact(DEMO);
    const now = Math.floor(Date.now() / 1000);
    const ids = (
      await db()
        .insertInto('store_order')
        .values([
          { store_id: OTHER, status: 1, amount_cents: 100, created_at: now },
          { store_id: OTHER, status: 1, amount_cents: 200, created_at: now },
          { store_id: OTHER, status: 4, amount_cents: 300, created_at: now },
          { store_id: OTHER, status: 0, amount_cents: 400, created_at: now },
        ])
        .returning('id')
        .execute()
    ).map((row) => row.id);
    expect(await expectExact(OTHER)).toEqual({ 1: 2, 2: 0, 3: 0, 4: 1, 5: 0, 6: 0 });
    // One statement moving several orders, some not at all; an update of other columns changes nothing.
    await db().updateTable('store_order').set({ status: sql<number>`case when status = 1 then 2 else status end` }).where('id', 'in', ids).execute();
    await db().updateTable('store_order').set({ updated_at: now + 1 }).where('store_id', '=', OTHER).execute();
    expect(await expectExact(OTHER)).toEqual({ 1: 0, 2: 2, 3: 0, 4: 1, 5: 0, 6: 0 });
    await db().deleteFrom('store_order').where('id', '=', ids[0]!).execute();
    expect(await expectExact(OTHER)).toEqual({ 1: 0, 2: 1, 3: 0, 4: 1, 5: 0, 6: 0 });
    expect(await expectExact(DEMO)).toEqual(demoStart);

    await sql`truncate store_order restart identity cascade`.execute(db());
    expect(await db().selectFrom('store_order_status_count').selectAll().execute()).toEqual([]);
    expect(await expectExact(DEMO)).toEqual(Object.fromEntries(STATUSES.map((s) => [s, 0])));
  });

  it('answers the unfiltered list, its status tabs and queryStoreOrderCount from the kept counts, and counts rows once a filter is set', async () => {
    const truth = await counted(DEMO);
    // Proof of the read path: a kept row out of step with the rows shows in every unfiltered answer …
    await db().updateTable('store_order_status_count').set({ order_count: sql<number>`order_count + 1000` }).where('store_id', '=', DEMO).where('status', '=', 4).execute();
    const answer = await answered(DEMO);
    expect(answer.tabs[4]).toBe(truth[4]! + 1000);
    expect(answer.listTotal).toBe(sum(truth) + 1000);
    expect(answer.total).toBe(sum(truth) + 1000);
    // … while a filtered list (or a windowed count) still counts its rows.
    const filtered = await h.call<{ total: number }>(`${BASE}/list`, { pageNum: 1, pageSize: 20, status: 4, amountMin: 0 }, demo);
    expect(filtered.data.total).toBe(truth[4]);
    const windowed = await h.call<{ counts: Array<{ status: number; count: number }> }>(`${BASE}/queryStoreOrderCount`, { startTime: 0, endTime: 4_000_000_000 }, demo);
    expect(windowed.data.counts.find((c) => c.status === 4)?.count).toBe(truth[4]);
  });

  it('counts every one of several orders paid at once (concurrent transactions on PostgreSQL)', async () => {
    const skuId = await skuOf();
    const start = await expectExact(DEMO);
    const orderIds: number[] = [];
    for (let i = 0; i < 6; i++) orderIds.push(await place(skuId));
    const paid = await Promise.all(orderIds.map((orderId) => buyer(`/${orderId}/pay`)));
    expect(paid.map((answer) => answer.code)).toEqual(orderIds.map(() => OK));
    expect(await expectExact(DEMO)).toEqual(plus(start, { 1: 6 }));
  });

  it("counts two first orders of a store inserted at once (both writers upsert the store's first count row)", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await kept(OTHER)).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 });
    const insertAndHold = () =>
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('store_order').values({ store_id: OTHER, status: 1, amount_cents: 100, created_at: now }).execute();
          // Keep the transaction open so the other one's insert meets this one's uncommitted count row.
          await sql`select pg_sleep(0.2)`.execute(trx);
        });
    await Promise.all([insertAndHold(), insertAndHold()]);
    expect(await expectExact(OTHER)).toEqual({ 1: 2, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 });
  });
});
