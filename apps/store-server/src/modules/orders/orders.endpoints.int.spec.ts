// The store's order calls (console-spec §2 /order) and the buyer side that feeds them, against a real
// server and database: every call scoped to the caller's store, bad input and illegal moves refused
// with their codes and nothing changed, bulk shipping answering per row, two ships of one order → one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPORT_JOB_STATE, exportEndpoints as exportCalls, type ExportJob } from '@merchant/api-contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { DEMO_ORDER_COUNTS } from '../../db/seed';
import { systemClock } from '../../shared/clock';
import { startTestServer, type TestHarness, type KeyedResult } from '../../testing/harness';
import { OrderEvents, type OrderPaidEvent } from './order-events';
import { BuyerOrdersService } from './orders.buyer';
import { OrdersRepository } from './orders.repository';
import { DemoOrderSimulator } from './orders.simulator';

const BASE = '/v1/store/eshop/order';
const OK = '00000000';
const INVALID = '10100001';
const NOT_FOUND = '10100004';
const NOT_ALLOWED = '10100005';
const DAY = 24 * 60 * 60;
const BUYER_KEY = 'orders-test-buyer-key';
const DEMO = 1001;
const OTHER = 1006;
const BUYER = { buyerAccid: 'c_orders_test', buyerName: 'Test Buyer', buyerPhone: '13912345678' };
const RECEIVER = { name: 'Test Receiver', phone: '13712345678', address: '1 Test Road, Shanghai' };

interface Row {
  orderId: number;
  orderNo: string;
  status: number;
  buyerName: string;
  buyerPhone: string;
  amountCents: number;
  itemCount: number;
  createTime: number;
  paidAt: number;
  returnDeadline: number | null;
}
interface Page {
  total: number;
  list: Row[];
}
interface Detail extends Row {
  items: Array<{ skuId: number; unitPriceCents: number; quantity: number; title: string }>;
  receiver: { name: string; phone: string; address: string };
  shipments: Array<{ shipmentId: number; status: number; carrier: string; trackingNo: string }>;
  history: Array<{ event: string; actor: string; fromStatus: number | null; toStatus: number; days: number | null }>;
  actions: string[];
}
type BuyerAnswer<T> = KeyedResult<T>;

describe('orders: the store side and the buyer side', () => {
  let h: TestHarness;
  let demo: string;
  let other: string;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'store-orders-'));
    process.env.MEDIA_DIR = mediaDir;
    h = await startTestServer({ config: { buyerKey: BUYER_KEY } });
    demo = await h.login('demo_merchant', 'Demo12345');
    other = await h.login('demo_service', 'Demo12345');
  });
  afterAll(async () => {
    await h.close();
    delete process.env.MEDIA_DIR;
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const db = () => h.database.db;
  const call = <T>(name: string, biz: unknown, token = demo) => h.call<T>(`${BASE}/${name}`, biz, token);
  const buyer = <T = Record<string, unknown>>(path: string, body: unknown, key: string | null = BUYER_KEY): Promise<BuyerAnswer<T>> => h.keyed<T>(`/buyer/orders${path}`, body, key);
  /** An on-shelf SKU of the store with plenty of stock. */
  const skuOf = async (storeId: number, minStock = 50) => {
    const row = await db()
      .selectFrom('store_goods_sku as s')
      .innerJoin('store_goods as g', 'g.id', 's.goods_id')
      .select(['s.id', 's.stock', 's.price_cents'])
      .where('g.store_id', '=', storeId)
      .where('g.status', '=', 2)
      .where('s.stock', '>=', minStock)
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    return { skuId: row.id, stock: row.stock, price: row.price_cents };
  };
  const stockOf = async (skuId: number) => (await db().selectFrom('store_goods_sku').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
  const place = (storeId: number, skuId: number, quantity = 1) =>
    buyer<{ orderId: number; orderNo: string; status: number; amountCents: number }>('/place', { storeId, ...BUYER, receiver: RECEIVER, items: [{ skuId, quantity }] });
  /** A fresh paid order (status 1) of the store. */
  const paidOrder = async (storeId = DEMO) => {
    const { skuId } = await skuOf(storeId);
    const placed = await place(storeId, skuId);
    expect(placed.code).toBe(OK);
    expect((await buyer(`/${placed.data.orderId}/pay`, { buyerAccid: BUYER.buyerAccid })).code).toBe(OK);
    return placed.data.orderId;
  };
  const detail = async (orderId: number, token = demo) => (await call<Detail>('detail', { orderId }, token)).data;
  const eventsOf = async (orderId: number) => (await db().selectFrom('store_order_event').select('event').where('order_id', '=', orderId).orderBy('id').execute()).map((r) => r.event);
  const shipmentsOf = async (orderId: number) => db().selectFrom('store_shipment').selectAll().where('order_id', '=', orderId).execute();
  const ship = (orderId: number, token = demo, trackingNo = `SF${orderId}`) => call<{ shipmentId: number; status: number }>('ship', { orderId, carrier: 'SF Express', trackingNo }, token);
  const seededOrder = async (status: number) =>
    (await db().selectFrom('store_order').select('id').where('store_id', '=', DEMO).where('status', '=', status).orderBy('id').executeTakeFirstOrThrow()).id;

  describe('orderList', () => {
    it("pages the demo store's seeded orders, newest first, with every status", async () => {
      const all = await call<Page>('list', { pageSize: 20 });
      expect(all.code).toBe(OK);
      expect(all.data.total).toBeGreaterThanOrEqual(Object.values(DEMO_ORDER_COUNTS).reduce((a, b) => a + b, 0));
      const times = all.data.list.map((r) => r.createTime);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const status of [1, 2, 3, 4, 5, 6]) {
        const tab = await call<Page>('list', { status, pageSize: 50 });
        expect(tab.data.list.length).toBeGreaterThan(0);
        expect(tab.data.list.every((r) => r.status === status)).toBe(true);
      }
      const row = all.data.list[0] as Row;
      // Full phone on the wire: the console masks it (ui-kit maskPhone), the call button needs all of it.
      expect(row.buyerPhone).toMatch(/^1\d{10}$/);
      expect(row.itemCount).toBeGreaterThan(0);
    });

    it('filters by order number prefix, buyer name or phone, creation window and amount in cents', async () => {
      const first = (await call<Page>('list', { status: 4, pageSize: 5 })).data.list[0] as Row;
      const byNo = await call<Page>('list', { orderNo: first.orderNo });
      expect(byNo.data.list.map((r) => r.orderId)).toEqual([first.orderId]);
      expect((await call<Page>('list', { orderNo: first.orderNo.slice(0, 8), pageSize: 200 })).data.list.some((r) => r.orderId === first.orderId)).toBe(true);

      const alice = await call<Page>('list', { buyer: 'alice', pageSize: 50 });
      expect(alice.data.total).toBeGreaterThan(0);
      expect(alice.data.list.every((r) => r.buyerName === 'Alice Chen')).toBe(true);
      const phone = await call<Page>('list', { buyer: '1391234000', pageSize: 50 });
      expect(phone.data.total).toBeGreaterThan(0);
      expect(phone.data.list.every((r) => r.buyerPhone.startsWith('1391234000'))).toBe(true);

      const window = await call<Page>('list', { createTimeStart: first.createTime, createTimeEnd: first.createTime, pageSize: 50 });
      expect(window.data.list.every((r) => r.createTime === first.createTime)).toBe(true);
      expect(window.data.list.some((r) => r.orderId === first.orderId)).toBe(true);

      const amount = await call<Page>('list', { amountMin: first.amountCents, amountMax: first.amountCents, pageSize: 50 });
      expect(amount.data.list.every((r) => r.amountCents === first.amountCents)).toBe(true);
      expect(amount.data.list.some((r) => r.orderId === first.orderId)).toBe(true);
    });

    it('refuses bad filters with 10100001', async () => {
      expect((await call('list', { status: 7 })).code).toBe(INVALID);
      expect((await call('list', { amountMin: 500, amountMax: 100 })).code).toBe(INVALID);
      expect((await call('list', { amountMin: 1.5 })).code).toBe(INVALID);
      expect((await call('list', { createTimeStart: 20, createTimeEnd: 10 })).code).toBe(INVALID);
      expect((await call('list', { pageSize: 7 })).code).toBe(INVALID);
    });

    it("shows another store none of the demo store's orders", async () => {
      const before = (await call<Page>('list', {}, other)).data.total;
      const own = await paidOrder(OTHER);
      const page = await call<Page>('list', { pageSize: 200 }, other);
      expect(page.data.total).toBe(before + 1);
      expect(page.data.list.map((r) => r.orderId)).toContain(own);
      const demoIds = new Set((await db().selectFrom('store_order').select('id').where('store_id', '=', DEMO).execute()).map((r) => r.id));
      expect(page.data.list.some((r) => demoIds.has(r.orderId))).toBe(false);
    });
  });

  describe('export', () => {
    it('exports the filtered order list (masked phones) and needs order:export', async () => {
      const listed = await call<Page>('list', { status: 5, pageSize: 200 });
      const created = await h.call<ExportJob>(exportCalls.create.path, { resource: 'orders.list', filters: { status: 5 }, fileName: 'withdrawn' }, demo);
      expect(created.code).toBe(OK);
      let job = created.data;
      for (let tries = 0; job.state !== EXPORT_JOB_STATE.done && job.state !== EXPORT_JOB_STATE.failed && tries < 400; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 250)); // fixed wait: poll interval of the export job; the tries bound the wait
        job = (await h.call<ExportJob>(exportCalls.status.path, { jobId: job.jobId }, demo)).data;
      }
      expect([job.state, job.msg]).toEqual([EXPORT_JOB_STATE.done, '']);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await (await fetch(job.downloadUrl)).arrayBuffer()) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      expect(sheet.rowCount).toBe(listed.data.total + 1);
      const header = sheet.getRow(1).values as unknown[];
      const numbers = new Set<string>();
      sheet.eachRow((row, index) => {
        if (index === 1) return;
        numbers.add(String(row.getCell(header.indexOf('Order No.')).value));
        expect(String(row.getCell(header.indexOf('Buyer phone')).value)).toMatch(/^\d{3}\*{4}\d{4}$/);
      });
      expect(numbers).toEqual(new Set(listed.data.list.map((r) => r.orderNo)));

      const staff = await h.login('demo_staff', 'Demo12345');
      await sql`delete from store_role_permission where permission_code = 'order:export'`.execute(db());
      expect((await h.call(exportCalls.create.path, { resource: 'orders.list', fileName: 'x' }, staff)).code).toBe('10100003');
      expect((await call('list', {}, staff)).code).toBe(OK);
    });
  });

  describe('orderDetail', () => {
    it('answers items, receiver, shipments, history and the merchant actions the machine allows', async () => {
      const completed = await detail(await seededOrder(4));
      expect(completed.items.length).toBeGreaterThan(0);
      expect(completed.amountCents).toBe(completed.items.reduce((sum, i) => sum + i.unitPriceCents * i.quantity, 0));
      expect(completed.history[0]).toMatchObject({ event: 'paid', fromStatus: null, toStatus: 1 });
      expect(completed.history.at(-1)).toMatchObject({ event: 'confirmReceipt', toStatus: 4 });
      expect(completed.shipments).toHaveLength(1);
      expect(completed.actions).toEqual([]);
      const toShip = await detail(await seededOrder(1));
      expect(toShip.actions).toEqual(['ship']);
      expect(toShip.shipments).toEqual([]);
      expect(toShip.receiver.address).not.toBe('');
    });

    it("answers 10100004 for another store's order, an unknown id and an unpaid order", async () => {
      const orderId = await seededOrder(1);
      expect((await call('detail', { orderId }, other)).code).toBe(NOT_FOUND);
      expect((await call('detail', { orderId: 99_999_999 })).code).toBe(NOT_FOUND);
      const { skuId } = await skuOf(DEMO);
      const unpaid = await place(DEMO, skuId);
      expect((await call('detail', { orderId: unpaid.data.orderId })).code).toBe(NOT_FOUND);
      expect((await call('detail', { orderId: 'x' })).code).toBe(INVALID);
    });
  });

  describe('shipOrder', () => {
    it('ships a paid order once: status 2, a shipment awaiting pickup, the return period and a history line', async () => {
      const orderId = await paidOrder();
      const shipped = await ship(orderId);
      expect(shipped.code).toBe(OK);
      expect(shipped.data.status).toBe(1);
      const after = await detail(orderId);
      expect(after.status).toBe(2);
      expect(after.returnDeadline).toBeGreaterThan(Math.floor(Date.now() / 1000) + 9 * DAY);
      expect(after.history.map((e) => [e.event, e.actor])).toEqual([
        ['paid', 'buyer'],
        ['ship', 'merchant'],
      ]);
      expect(after.actions).toEqual([]);

      const again = await ship(orderId);
      expect(again.code).toBe(NOT_ALLOWED);
      expect(await shipmentsOf(orderId)).toHaveLength(1);
      expect(await eventsOf(orderId)).toEqual(['paid', 'ship']);
    });

    it("refuses another store's order (10100004) and bad input (10100001), changing nothing", async () => {
      const orderId = await paidOrder();
      expect((await ship(orderId, other)).code).toBe(NOT_FOUND);
      expect((await ship(orderId, demo, 'SF 12')).code).toBe(INVALID);
      expect((await call('ship', { orderId, carrier: '', trackingNo: 'SF1' })).code).toBe(INVALID);
      expect((await detail(orderId)).status).toBe(1);
      expect(await shipmentsOf(orderId)).toHaveLength(0);
      expect(await eventsOf(orderId)).toEqual(['paid']);
    });

    it('lets exactly one of two simultaneous ships of one order win', async () => {
      const orderId = await paidOrder();
      const answers = await Promise.all([ship(orderId, demo, 'SFA1'), ship(orderId, demo, 'SFB2')]);
      expect(answers.map((a) => a.code).sort()).toEqual([OK, NOT_ALLOWED]);
      expect(await shipmentsOf(orderId)).toHaveLength(1);
      expect(await eventsOf(orderId)).toEqual(['paid', 'ship']);
    });

    it('needs order:ship (10100003, nothing changed) while order:view still reads', async () => {
      const orderId = await paidOrder();
      const staff = await h.login('demo_staff', 'Demo12345');
      await sql`delete from store_role_permission where permission_code = 'order:ship'`.execute(db());
      expect((await ship(orderId, staff)).code).toBe('10100003');
      expect((await call('extendReturnPeriod', { orderId, days: 1 }, staff)).code).toBe('10100003');
      expect((await call<Detail>('detail', { orderId }, staff)).data.status).toBe(1);
      expect(await shipmentsOf(orderId)).toHaveLength(0);
    });

    it('refuses moves the machine does not allow in the status (withdrawn, completed)', async () => {
      expect((await ship(await seededOrder(5))).code).toBe(NOT_ALLOWED);
      expect((await ship(await seededOrder(4))).code).toBe(NOT_ALLOWED);
    });
  });

  describe('bulkShip', () => {
    it('answers a result per row; a bad row never stops the others', async () => {
      const good = await paidOrder();
      const shipped = await paidOrder();
      expect((await ship(shipped)).code).toBe(OK);
      const foreign = await paidOrder(OTHER);
      const good2 = await paidOrder();
      const answer = await call<{ results: Array<{ orderId: number | null; ok: boolean; code: string; msg: string }>; okCount: number; failCount: number }>('bulkShip', {
        rows: [
          { orderId: good, carrier: 'SF Express', trackingNo: 'SFBULK1' },
          { orderId: shipped, carrier: 'SF Express', trackingNo: 'SFBULK2' },
          { orderId: foreign, carrier: 'SF Express', trackingNo: 'SFBULK3' },
          { orderId: good2, carrier: 'SF Express', trackingNo: '' },
          { orderId: 'abc', carrier: 'SF Express', trackingNo: 'SFBULK5' },
        ],
      });
      expect(answer.code).toBe(OK);
      expect(answer.data.results.map((r) => [r.orderId, r.ok, r.code])).toEqual([
        [good, true, OK],
        [shipped, false, NOT_ALLOWED],
        [foreign, false, NOT_FOUND],
        [good2, false, INVALID],
        [null, false, INVALID],
      ]);
      expect(answer.data.results.every((r) => r.msg !== '')).toBe(true);
      expect([answer.data.okCount, answer.data.failCount]).toEqual([1, 4]);
      expect((await detail(good)).status).toBe(2);
      expect((await detail(good2)).status).toBe(1);
      expect((await detail(foreign, other)).status).toBe(1);
      expect(await shipmentsOf(shipped)).toHaveLength(1);
    });

    it("answers each row's message in the caller's language", async () => {
      const shipped = await paidOrder();
      expect((await ship(shipped)).code).toBe(OK);
      const zh = h.client(demo, 'none', 'zh-CN');
      const answer = await zh.request<{ results: Array<{ code: string; msg: string }> }>(`${BASE}/bulkShip`, {
        rows: [
          { orderId: shipped, carrier: 'SF Express', trackingNo: 'SFZH1' },
          { orderId: shipped, carrier: '', trackingNo: 'SFZH2' },
        ],
      });
      expect(answer.data.results.map((r) => r.code)).toEqual([NOT_ALLOWED, INVALID]);
      expect(answer.data.results.every((r) => /[\u4e00-\u9fff]/.test(r.msg))).toBe(true);
    });

    it('refuses an empty sheet or more than 200 rows', async () => {
      expect((await call('bulkShip', { rows: [] })).code).toBe(INVALID);
      const rows = Array.from({ length: 201 }, () => ({ orderId: 1, carrier: 'SF', trackingNo: 'SF1' }));
      expect((await call('bulkShip', { rows })).code).toBe(INVALID);
    });
  });

  describe('shipmentDetail, deliverySlip, extendReturnPeriod, salesCertificate', () => {
    it('answers a shipment of the store with its order, and 10100004 to another store', async () => {
      const orderId = await paidOrder();
      const { shipmentId } = (await ship(orderId)).data;
      const answer = await call<{ orderId: number; orderStatus: number; items: unknown[]; receiver: { name: string }; trackingNo: string }>('shipment/detail', { shipmentId });
      expect(answer.code).toBe(OK);
      expect(answer.data).toMatchObject({ orderId, orderStatus: 2, trackingNo: `SF${orderId}`, receiver: { name: RECEIVER.name } });
      expect(answer.data.items).toHaveLength(1);
      expect((await call('shipment/detail', { shipmentId }, other)).code).toBe(NOT_FOUND);
    });

    it("prints slips for the store's orders only", async () => {
      const a = await seededOrder(1);
      const b = await seededOrder(2);
      const slips = await call<{ storeName: string; slips: Array<{ orderId: number; items: unknown[]; carrier: string | null }> }>('deliverySlip', { orderIds: [a, b] });
      expect(slips.code).toBe(OK);
      expect(slips.data.storeName).toBe('Demo Flagship Store');
      expect(slips.data.slips.map((s) => s.orderId)).toEqual([a, b]);
      expect(slips.data.slips[0]?.carrier).toBeNull();
      expect(slips.data.slips[1]?.carrier).not.toBeNull();
      expect((await call('deliverySlip', { orderIds: [a, b] }, other)).code).toBe(NOT_FOUND);
      expect((await call('deliverySlip', { orderIds: [] })).code).toBe(INVALID);
      expect((await call('deliverySlip', { orderIds: Array.from({ length: 51 }, (_, i) => i + 1) })).code).toBe(INVALID);
    });

    it('extends the return period of a shipped order only, writing the history', async () => {
      const orderId = await paidOrder();
      expect((await call('extendReturnPeriod', { orderId, days: 3 })).code).toBe(NOT_ALLOWED);
      expect((await ship(orderId)).code).toBe(OK);
      const before = (await detail(orderId)).returnDeadline as number;
      expect((await call('extendReturnPeriod', { orderId, days: 3 }, other)).code).toBe(NOT_FOUND);
      expect((await call('extendReturnPeriod', { orderId, days: 31 })).code).toBe(INVALID);
      expect((await detail(orderId)).returnDeadline).toBe(before);
      const extended = await call<{ returnDeadline: number }>('extendReturnPeriod', { orderId, days: 3 });
      expect(extended.code).toBe(OK);
      expect(extended.data.returnDeadline).toBe(before + 3 * DAY);
      const after = await detail(orderId);
      expect(after.returnDeadline).toBe(before + 3 * DAY);
      expect(after.history.at(-1)).toMatchObject({ event: 'extendReturnPeriod', actor: 'merchant', fromStatus: 2, toStatus: 2, days: 3 });
      expect((await call('extendReturnPeriod', { orderId: await seededOrder(4), days: 3 })).code).toBe(NOT_ALLOWED);
    });

    it('answers a proof of sale with the store licence, not for withdrawn orders nor to another store', async () => {
      const orderId = await seededOrder(4);
      const proof = await call<{ storeName: string; licenceNo: string; amountCents: number; items: Array<{ amountCents: number }> }>('salesCertificate', { orderId });
      expect(proof.code).toBe(OK);
      expect(proof.data.storeName).toBe('Demo Flagship Store');
      expect(proof.data.licenceNo).toBe('91310000MA1FL0000X');
      expect(proof.data.items.reduce((sum, i) => sum + i.amountCents, 0)).toBe(proof.data.amountCents);
      expect((await call('salesCertificate', { orderId: await seededOrder(5) })).code).toBe(NOT_ALLOWED);
      expect((await call('salesCertificate', { orderId }, other)).code).toBe(NOT_FOUND);
    });
  });

  describe('buyer side', () => {
    it('refuses every buyer route without the key or with a wrong one (401), placing nothing', async () => {
      const count = async () => Number((await db().selectFrom('store_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = await count();
      const { skuId } = await skuOf(DEMO);
      const body = { storeId: DEMO, ...BUYER, receiver: RECEIVER, items: [{ skuId, quantity: 1 }] };
      for (const key of [null, 'wrong-key']) {
        for (const path of ['/place', '/1/pay', '/1/confirmReceipt', '/1/withdraw', '/shipments/1/pickUp', '/shipments/1/deliver']) {
          const answer = await buyer(path, body, key);
          expect([path, answer.status]).toEqual([path, 401]);
        }
      }
      expect(await count()).toBe(before);
    });

    it('places an unpaid order the store does not see, takes stock, and pays it into status 1', async () => {
      const { skuId, price } = await skuOf(DEMO);
      const stock = await stockOf(skuId);
      const counts = (await call<{ total: number }>('queryStoreOrderCount', {})).data.total;
      const placed = await place(DEMO, skuId, 2);
      expect(placed.code).toBe(OK);
      expect(placed.data).toMatchObject({ status: 0, amountCents: price * 2 });
      expect(placed.data.orderNo).toMatch(/^\d{8}\d{10}$/);
      expect(await stockOf(skuId)).toBe(stock - 2);
      expect((await call<{ total: number }>('queryStoreOrderCount', {})).data.total).toBe(counts);
      expect((await call('detail', { orderId: placed.data.orderId })).code).toBe(NOT_FOUND);

      expect((await buyer(`/${placed.data.orderId}/pay`, { buyerAccid: 'c_someone_else' })).code).toBe(NOT_FOUND);
      const paid = await buyer<{ status: number }>(`/${placed.data.orderId}/pay`, { buyerAccid: BUYER.buyerAccid });
      expect(paid.code).toBe(OK);
      expect(paid.data.status).toBe(1);
      expect((await call<{ total: number }>('queryStoreOrderCount', {})).data.total).toBe(counts + 1);
      const again = await buyer(`/${placed.data.orderId}/pay`, { buyerAccid: BUYER.buyerAccid });
      expect([again.status, again.code]).toEqual([409, NOT_ALLOWED]);
      expect(await eventsOf(placed.data.orderId)).toEqual(['paid']);
    });

    it('refuses off-shelf goods, another store\'s SKU, too little stock and bad input, changing nothing', async () => {
      const own = await skuOf(DEMO);
      const stock = await stockOf(own.skuId);
      const offShelf = await db()
        .selectFrom('store_goods_sku as s')
        .innerJoin('store_goods as g', 'g.id', 's.goods_id')
        .select('s.id')
        .where('g.store_id', '=', DEMO)
        .where('g.status', '=', 3)
        .executeTakeFirstOrThrow();
      const foreign = await skuOf(OTHER, 1);
      expect((await place(DEMO, offShelf.id)).code).toBe(NOT_ALLOWED);
      expect((await place(DEMO, foreign.skuId)).code).toBe(NOT_FOUND);
      const scarce = await db()
        .selectFrom('store_goods_sku as s')
        .innerJoin('store_goods as g', 'g.id', 's.goods_id')
        .select(['s.id', 's.stock'])
        .where('g.store_id', '=', DEMO)
        .where('g.status', '=', 2)
        .where('s.stock', '>', 0)
        .where('s.stock', '<', 900)
        .where('s.id', '<>', own.skuId)
        .executeTakeFirstOrThrow();
      const tooMany = await buyer('/place', { storeId: DEMO, ...BUYER, receiver: RECEIVER, items: [{ skuId: own.skuId, quantity: 1 }, { skuId: scarce.id, quantity: scarce.stock + 1 }] });
      expect([tooMany.status, tooMany.code]).toEqual([409, NOT_ALLOWED]);
      // The first line's stock was taken in the same transaction: it went back with the refusal.
      expect(await stockOf(scarce.id)).toBe(scarce.stock);
      const badPhone = await buyer('/place', { storeId: DEMO, ...BUYER, buyerPhone: '123', receiver: RECEIVER, items: [{ skuId: own.skuId, quantity: 1 }] });
      expect([badPhone.status, badPhone.code]).toEqual([400, INVALID]);
      expect(await stockOf(own.skuId)).toBe(stock);
    });

    it('the demo simulator places and pays an order of the demo store and announces it once paid', async () => {
      const events = new OrderEvents();
      const announced: Array<OrderPaidEvent & { statusSeen: number }> = [];
      let firstAnnounced!: () => void;
      const announcedOnce = new Promise<void>((resolve) => (firstAnnounced = resolve));
      const repository = new OrdersRepository(db());
      events.onPaid((event) => {
        // Emitted after the commit: the listener already reads the paid order.
        void repository.row(event.storeId, event.orderId).then((row) => {
          announced.push({ ...event, statusSeen: row?.status ?? -1 });
          firstAnnounced();
        });
      });
      const simulator = new DemoOrderSimulator(new BuyerOrdersService(repository, events, systemClock), repository, { intervalSeconds: 60 }, () => undefined);
      const orderId = (await simulator.placeOne()) as number;
      await announcedOnce;
      expect((await detail(orderId)).history.map((e) => e.event)).toEqual(['paid']);
      // Read after the detail round trip, so a second announcement would be in by now.
      expect(announced).toEqual([expect.objectContaining({ storeId: DEMO, orderId, statusSeen: 1 })]);
    });

    it('withdraws before shipping (stock back), confirms after shipping, and follows the carrier', async () => {
      const { skuId } = await skuOf(DEMO);
      const withdrawn = await paidOrder();
      const stock = await stockOf(skuId);
      expect((await buyer<{ status: number }>(`/${withdrawn}/withdraw`, { buyerAccid: BUYER.buyerAccid })).data.status).toBe(5);
      expect(await stockOf(skuId)).toBe(stock + 1);
      expect((await buyer(`/${withdrawn}/withdraw`, { buyerAccid: BUYER.buyerAccid })).code).toBe(NOT_ALLOWED);

      const carried = await paidOrder();
      const { shipmentId } = (await ship(carried)).data;
      expect((await buyer(`/${carried}/withdraw`, { buyerAccid: BUYER.buyerAccid })).code).toBe(NOT_ALLOWED);
      expect((await buyer(`/shipments/${shipmentId}/deliver`, {})).code).toBe(NOT_ALLOWED);
      expect((await buyer<{ status: number }>(`/shipments/${shipmentId}/pickUp`, {})).data.status).toBe(2);
      const delivered = await buyer<{ status: number; orderStatus: number }>(`/shipments/${shipmentId}/deliver`, {});
      expect(delivered.data).toMatchObject({ status: 3, orderStatus: 3 });
      expect((await buyer<{ status: number }>(`/${carried}/confirmReceipt`, { buyerAccid: BUYER.buyerAccid })).data.status).toBe(4);
      expect(await eventsOf(carried)).toEqual(['paid', 'ship', 'deliver', 'confirmReceipt']);
      expect((await buyer(`/shipments/999999999/deliver`, {})).code).toBe(NOT_FOUND);
    });
  });
});
