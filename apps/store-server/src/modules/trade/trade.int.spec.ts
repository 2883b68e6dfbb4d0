import { randomUUID } from 'node:crypto';
import { afterSalesEndpoints as afterSales, STORE_CODES, tradeEndpoints as e, type PageOf, type TradeOrderDetail, type TradeOrderRow, type TradeRefundDetail, type TradeRefundRow } from '@merchant/api-contracts';
import { DEMO_SUPPORT } from '../../db/seed-staff';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { BUYER_AFTER_SALES_PATHS } from '../after-sales';
import { BUYER_ORDERS_PATH } from '../orders';

// The trade read calls (docs/trade.md) through real HTTP on a real database (PGlite, or PostgreSQL with
// DATABASE_URL): payments are paid orders with their §8 app and method, refunds carry the payment side's
// status (5 once the money left the store); every filter narrows, another store's ids answer 10100004, a
// staff member without trade:view 10100003, bad input 10100001 on its field.
const { success: OK, notFound: NOT_FOUND, permissionDenied: DENIED, invalidParameter: INVALID } = STORE_CODES;
const BUYER_KEY = 'trade-test-buyer-key';
const BUYER = 'trade-buyer';
const DEMO = 1001;
const DAY = 86_400;

let h: TestHarness;
let demo: string;
let other: string;
let otherStoreId: number;
beforeAll(async () => {
  h = await startTestServer({ config: { buyerKey: BUYER_KEY } });
  demo = await h.login('demo_merchant', 'Demo12345');
  other = await h.login('demo_service', 'Demo12345');
  otherStoreId = (await h.database.db.selectFrom('store_user').select('store_id').where('username', '=', 'demo_service').executeTakeFirstOrThrow()).store_id;
});
afterAll(() => h.close());

const db = () => h.database.db;
const now = Math.floor(Date.now() / 1000);
const PREFIX = `TRD${now}`;
let seq = 0;

/**
 * An order of the store, placed unpaid and paid `daysAgo` days ago through the buyer's pay call (so the money side
 * records the payment as it does for every order), with the channel named; null days: left unpaid.
 */
async function newOrder(input: { amountCents: number; daysAgo: number | null; payMethod?: string; appCode?: number; status?: number; storeId?: number }) {
  const storeId = input.storeId ?? DEMO;
  const row = await db()
    .insertInto('store_order')
    .values({ store_id: storeId, status: 0, amount_cents: input.amountCents, created_at: now, order_no: `${PREFIX}${String(++seq).padStart(3, '0')}`, buyer_accid: BUYER, buyer_name: 'Trade Buyer', buyer_phone: '13812345678' })
    .returning(['id', 'order_no'])
    .executeTakeFirstOrThrow();
  await db().insertInto('store_order_item').values({ order_id: row.id, store_id: storeId, goods_id: 1, sku_id: 1, title: 'Oak chair', unit_price_cents: input.amountCents, quantity: 1 }).execute();
  if (input.daysAgo !== null) {
    const channel = { ...(input.payMethod ? { payMethod: input.payMethod } : {}), ...(input.appCode !== undefined ? { appCode: input.appCode } : {}) };
    const paid = await h.keyed(`${BUYER_ORDERS_PATH}/${row.id}/pay`, { buyerAccid: BUYER, ...channel }, BUYER_KEY);
    expect([paid.status, paid.code]).toEqual([200, OK]);
    const paidAt = now - input.daysAgo * DAY;
    await db().updateTable('store_order').set({ paid_at: paidAt, created_at: paidAt - 60, status: input.status ?? 1 }).where('id', '=', row.id).execute();
  }
  return { orderId: row.id, orderNo: row.order_no! };
}

const orders = (biz: Record<string, unknown>, token = demo) => h.call<PageOf<TradeOrderRow>>(e.tradeOrderList.path, { orderNo: PREFIX, pageSize: 50, ...biz }, token);
const refunds = (biz: Record<string, unknown>, token = demo) => h.call<PageOf<TradeRefundRow>>(e.refundList.path, { orderNo: PREFIX, pageSize: 50, ...biz }, token);
const orderNos = (page: PageOf<TradeOrderRow>) => page.list.map((row) => row.orderNo);

async function requestRefund(orderId: number, amountCents: number): Promise<number> {
  const answer = await h.keyed<{ refundId: number }>(BUYER_AFTER_SALES_PATHS.requestRefund, { orderId, buyerAccid: BUYER, kind: 1, amountCents, reason: 'changed my mind' }, BUYER_KEY);
  expect([answer.status, answer.code]).toEqual([200, OK]);
  return answer.data.refundId;
}

describe('trade: tradeOrder', () => {
  let alipay: { orderId: number; orderNo: string };
  let tenpay: { orderId: number; orderNo: string };
  let unmatched: { orderId: number; orderNo: string };
  let unpaid: { orderId: number; orderNo: string };
  let foreign: { orderId: number; orderNo: string };
  beforeAll(async () => {
    alipay = await newOrder({ amountCents: 12_000, daysAgo: 1, payMethod: 'ALIPAY_APP', appCode: 2 });
    tenpay = await newOrder({ amountCents: 3_500, daysAgo: 10, payMethod: 'TENPAY', appCode: 4, status: 4 });
    unmatched = await newOrder({ amountCents: 800, daysAgo: 3, payMethod: 'UNIONPAY', appCode: 9 });
    unpaid = await newOrder({ amountCents: 999, daysAgo: null });
    foreign = await newOrder({ amountCents: 5_000, daysAgo: 2, payMethod: 'BALANCE', appCode: 1, storeId: otherStoreId });
  });

  it('lists the paid orders newest payment first with their app and method as recorded; unpaid ones are not payments', async () => {
    const page = await orders({});
    expect(page.code).toBe(OK);
    expect(orderNos(page.data)).toEqual([alipay.orderNo, unmatched.orderNo, tenpay.orderNo]);
    expect(page.data.list[0]).toEqual({
      orderId: alipay.orderId,
      orderNo: alipay.orderNo,
      payTime: now - DAY,
      amountCents: 12_000,
      refundedCents: 0,
      appCode: 2,
      payMethod: 'ALIPAY_APP',
      status: 1,
      buyerName: 'Trade Buyer',
    });
    // Codes the §8 tables do not know are answered as recorded: the console shows the 'unmatched' fallbacks.
    expect(page.data.list[1]).toMatchObject({ appCode: 9, payMethod: 'UNIONPAY' });
    expect(orderNos(page.data)).not.toContain(unpaid.orderNo);
  });

  it('pages by §2 default size 5 and filters by app, method, status, payment window and order number', async () => {
    const firstPage = await h.call<PageOf<TradeOrderRow>>(e.tradeOrderList.path, {}, demo);
    expect([firstPage.data.pageSize, firstPage.data.list.length]).toEqual([5, 5]);
    expect(firstPage.data.total).toBeGreaterThan(5); // the demo history is there too
    expect(orderNos((await orders({ appCode: 4 })).data)).toEqual([tenpay.orderNo]);
    expect(orderNos((await orders({ payMethod: 'ALIPAY_APP' })).data)).toEqual([alipay.orderNo]);
    expect(orderNos((await orders({ status: 4 })).data)).toEqual([tenpay.orderNo]);
    expect(orderNos((await orders({ payTimeStart: now - 5 * DAY, payTimeEnd: now })).data)).toEqual([alipay.orderNo, unmatched.orderNo]);
    expect(orderNos((await orders({ orderNo: tenpay.orderNo })).data)).toEqual([tenpay.orderNo]);
    expect(orderNos((await orders({ sortField: 'amount', sortOrder: 'asc' })).data)).toEqual([unmatched.orderNo, tenpay.orderNo, alipay.orderNo]);
  });

  it('views a payment with its lines, masked buyer phone and refunds', async () => {
    const refundId = await requestRefund(alipay.orderId, 2_000);
    const view = await h.call<TradeOrderDetail>(e.tradeOrderDetail.path, { orderId: alipay.orderId }, demo);
    expect(view.code).toBe(OK);
    expect(view.data).toMatchObject({ orderNo: alipay.orderNo, appCode: 2, payMethod: 'ALIPAY_APP', buyerPhone: '138****5678', lines: [{ title: 'Oak chair', quantity: 1, unitPriceCents: 12_000 }] });
    expect(view.data.refunds).toEqual([expect.objectContaining({ refundId, amountCents: 2_000, status: 0 })]);
  });

  it("answers another store's payment and an unpaid order as not found; the other store lists none of ours", async () => {
    for (const orderId of [foreign.orderId, unpaid.orderId]) expect((await h.call(e.tradeOrderDetail.path, { orderId }, demo)).code).toBe(NOT_FOUND);
    expect((await h.call(e.tradeOrderDetail.path, { orderId: alipay.orderId }, other)).code).toBe(NOT_FOUND);
    expect(orderNos((await orders({}, other)).data)).toEqual([foreign.orderNo]);
  });

  it('records the channel the buyer pays through, and derives one when the payer names none', async () => {
    const named = await newOrder({ amountCents: 1_500, daysAgo: null });
    const paid = await h.keyed(`${BUYER_ORDERS_PATH}/${named.orderId}/pay`, { buyerAccid: BUYER, payMethod: 'TENPAY', appCode: 3 }, BUYER_KEY);
    expect([paid.status, paid.code]).toEqual([200, OK]);
    expect((await orders({ orderNo: named.orderNo })).data.list[0]).toMatchObject({ payMethod: 'TENPAY', appCode: 3 });
    const badChannel = await h.keyed(`${BUYER_ORDERS_PATH}/${named.orderId}/pay`, { buyerAccid: BUYER, appCode: -1 }, BUYER_KEY);
    expect(badChannel.status).toBe(400);
    const unnamed = await newOrder({ amountCents: 1_600, daysAgo: null });
    expect((await h.keyed(`${BUYER_ORDERS_PATH}/${unnamed.orderId}/pay`, { buyerAccid: BUYER }, BUYER_KEY)).code).toBe(OK);
    const derived = (await orders({ orderNo: unnamed.orderNo })).data.list[0]!;
    expect(derived.payMethod).not.toBeNull();
    expect(derived.appCode).not.toBeNull();
  });
});

describe('trade: rfundQuery', () => {
  let order: { orderId: number; orderNo: string };
  let pendingId: number;
  let paidId: number;
  beforeAll(async () => {
    order = await newOrder({ amountCents: 20_000, daysAgo: 4, payMethod: 'BALANCE', appCode: 1, status: 4 });
    pendingId = await requestRefund(order.orderId, 1_000);
    paidId = await requestRefund(order.orderId, 4_000);
    expect((await h.call(afterSales.approveRefundOnly.path, { refundId: paidId }, demo)).code).toBe(OK);
    const paidOut = await h.call(afterSales.payRefund.path, { refundId: paidId, idempotencyKey: randomUUID() }, demo);
    expect([paidOut.code, paidOut.msg]).toEqual([OK, 'success']);
  });

  it('lists refunds with the payment-side status: 5 refund succeeded once paid out, else the refund order status', async () => {
    const page = await refunds({ orderNo: order.orderNo });
    expect(page.code).toBe(OK);
    expect(page.data.list.map((r) => [r.refundId, r.status, r.amountCents, r.payMethod, r.appCode])).toEqual([
      [paidId, 5, 4_000, 'BALANCE', 1],
      [pendingId, 0, 1_000, 'BALANCE', 1],
    ]);
    expect(page.data.list[0]!.refundTime).toEqual(expect.any(Number));
    expect(page.data.list[1]!.refundTime).toBeNull();
  });

  it('filters by status, app, method, refund number and application window', async () => {
    expect((await refunds({ orderNo: order.orderNo, status: 5 })).data.list.map((r) => r.refundId)).toEqual([paidId]);
    expect((await refunds({ orderNo: order.orderNo, status: 0 })).data.list.map((r) => r.refundId)).toEqual([pendingId]);
    expect((await refunds({ orderNo: order.orderNo, status: 2 })).data.total).toBe(0);
    expect((await refunds({ orderNo: order.orderNo, appCode: 2 })).data.total).toBe(0);
    expect((await refunds({ orderNo: order.orderNo, payMethod: 'BALANCE', appCode: 1 })).data.total).toBe(2);
    const paid = await h.call<TradeRefundDetail>(e.refundDetail.path, { refundId: paidId }, demo);
    expect((await refunds({ refundNo: paid.data.refundNo, orderNo: '' })).data.list.map((r) => r.refundId)).toEqual([paidId]);
    expect((await refunds({ orderNo: order.orderNo, createTimeStart: now + DAY })).data.total).toBe(0);
  });

  it('views a refund with its order payment; another store reads it as not found', async () => {
    const view = await h.call<TradeRefundDetail>(e.refundDetail.path, { refundId: paidId }, demo);
    expect(view.data).toMatchObject({ status: 5, kind: 1, reason: 'changed my mind', orderPaidCents: 20_000, orderRefundedCents: 4_000, payTime: now - 4 * DAY });
    expect((await h.call(e.refundDetail.path, { refundId: paidId }, other)).code).toBe(NOT_FOUND);
    expect((await refunds({ orderNo: order.orderNo }, other)).data.total).toBe(0);
  });
});

describe('trade: access and input', () => {
  it('refuses a staff member without trade:view on every call', async () => {
    const support = await h.login(DEMO_SUPPORT.userName, DEMO_SUPPORT.password);
    for (const [path, biz] of [
      [e.tradeOrderList.path, {}],
      [e.tradeOrderDetail.path, { orderId: 1 }],
      [e.refundList.path, {}],
      [e.refundDetail.path, { refundId: 1 }],
    ] as const) {
      expect([path, await h.call(path, biz, support)]).toEqual([path, expect.objectContaining({ code: DENIED, data: null })]);
    }
  });

  it('refuses an unknown method or app, a window ending before it starts and a page size §2 does not offer, on the field', async () => {
    const method = await h.call(e.tradeOrderList.path, { payMethod: 'CASH' }, demo);
    expect([method.code, method.errInfo]).toEqual([INVALID, { problems: [expect.objectContaining({ field: 'payMethod', problem: expect.objectContaining({ rule: 'option' }) })] }]);
    expect((await h.call(e.refundList.path, { appCode: 5 }, demo)).code).toBe(INVALID);
    const window = await h.call(e.tradeOrderList.path, { payTimeStart: now, payTimeEnd: now - 1 }, demo);
    expect([window.code, window.errInfo]).toEqual([INVALID, { problems: [expect.objectContaining({ field: 'payTimeEnd', problem: { rule: 'endBeforeStart' } })] }]);
    expect((await h.call(e.refundList.path, { pageSize: 7 }, demo)).code).toBe(INVALID);
  });
});
