// After-sales against a real store-server and database (docs/orders.md "Refunds", "Complaints", "Reviews"):
// the buyer's keyed routes create refunds, complaints and reviews; the merchant moves refunds through
// REFUND_MACHINE and pays them once (idempotency key, order row locked, amount ≤ paid − refunded, an
// append-only ledger); complaints take the merchant's response; reviews take one reply. Illegal moves answer
// 10100005, bad input 10100001, another store's ids 10100004, and none of them changes anything.
import { randomUUID } from 'node:crypto';
import {
  afterSalesEndpoints as e,
  REFUND_STATUSES,
  type ComplaintDetail,
  type EvaluationRow,
  type PageOf,
  type RefundDetail,
  type RefundPayAnswer,
  type RefundRow,
} from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { postOrderPayment } from '../ledger';
import { BUYER_AFTER_SALES_PATHS as paths, END_COMPLAINT_PATH } from './index';
import { DEMO_AFTER_SALES } from './after-sales.seed';

const OK = '00000000';
const DEMO = 1001;
const OTHER = 1006;
const BUYER_KEY = 'after-sales-test-buyer-key';
const OPERATOR_KEY = 'after-sales-test-operator-key';
const BUYER = 'c_after_sales_buyer';

interface BuyerAnswer<T = Record<string, number>> {
  status: number;
  body: { code: string; msg: string; data: T };
}

describe('after-sales', () => {
  let h: TestHarness;
  let demo: string;
  let other: string;

  beforeAll(async () => {
    h = await startTestServer({ config: { buyerKey: BUYER_KEY, operatorKey: OPERATOR_KEY } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.reset();
    demo = await h.login('demo_merchant', 'Demo12345');
    other = await h.login('demo_service', 'Demo12345');
  });

  const db = () => h.database.db;
  let orderSeq = 0;
  /** A fresh order of the store, paid by BUYER, in the given shipping status. */
  const newOrder = async (status: number, amountCents: number, storeId = DEMO) => {
    const now = Math.floor(Date.now() / 1000);
    const row = await db()
      .insertInto('store_order')
      .values({ store_id: storeId, status, amount_cents: amountCents, created_at: now - 3 * 86_400, order_no: `T${now}${++orderSeq}`, buyer_accid: BUYER, buyer_name: 'Test Buyer', paid_at: now - 3 * 86_400 })
      .returning(['id', 'order_no'])
      .executeTakeFirstOrThrow();
    // Its payment reaches the ledger as a buyer's payment would (issue 29): refunds never pass what was captured.
    await postOrderPayment(db(), { storeId, orderId: row.id, amountCents, at: new Date((now - 3 * 86_400) * 1000) });
    return { orderId: row.id, orderNo: row.order_no! };
  };
  const buyer = async <T = Record<string, number>>(path: string, body: unknown, key: string | null = BUYER_KEY, header = 'x-buyer-key'): Promise<BuyerAnswer<T>> => {
    const { status, ...answer } = await h.keyed<T>(path, body, key, header);
    return { status, body: answer as BuyerAnswer<T>['body'] };
  };
  const requestRefund = async (orderId: number, amountCents: number, kind = 1) => {
    const answer = await buyer<{ refundId: number; refundNo: string; status: number }>(paths.requestRefund, { orderId, buyerAccid: BUYER, kind, amountCents, reason: 'wrong size' });
    expect([answer.status, answer.body.code]).toEqual([200, OK]);
    return answer.body.data.refundId;
  };
  const orderState = async (orderId: number) => {
    const row = await db().selectFrom('store_order').select(['status', 'refunded_cents']).where('id', '=', orderId).executeTakeFirstOrThrow();
    return { status: row.status, refundedCents: Number(row.refunded_cents) };
  };
  const refundStatus = async (refundId: number) => (await db().selectFrom('store_refund').select('status').where('id', '=', refundId).executeTakeFirstOrThrow()).status;
  const ledgerRows = async (orderId: number) => db().selectFrom('store_ledger').selectAll().where('order_id', '=', orderId).execute();
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all(
        (['store_refund', 'store_refund_event', 'store_ledger', 'store_complaint', 'store_complaint_event', 'store_complaint_response', 'store_evaluation'] as const).map((table) =>
          db().selectFrom(table).selectAll().orderBy('id').execute(),
        ),
      ),
    ) + JSON.stringify(await db().selectFrom('store_order').select(['id', 'status', 'refunded_cents']).orderBy('id').execute());

  it('seeds refunds in every status, complaints 1–3 and reviews with and without replies, seen by their own store only', async () => {
    for (const status of REFUND_STATUSES) {
      const page = await h.call<PageOf<RefundRow>>(e.refundList.path, { status, pageSize: 50 }, demo);
      expect([status, page.code, page.data.total]).toEqual([status, OK, expect.any(Number)]);
      expect([status, page.data.total >= 1]).toEqual([status, true]);
      expect(page.data.list.every((r) => r.status === status && r.refundNo.startsWith('R') && r.orderNo !== undefined)).toBe(true);
    }
    const pending = await h.call<PageOf<RefundRow>>(e.refundList.path, { statuses: [0, 1, 4, 7], pageSize: 50 }, demo);
    expect(pending.data.total).toBe(DEMO_AFTER_SALES.refundsByStatus[0]! + DEMO_AFTER_SALES.refundsByStatus[1]! + DEMO_AFTER_SALES.refundsByStatus[4]! + DEMO_AFTER_SALES.refundsByStatus[7]!);
    for (const status of [1, 2, 3]) {
      const page = await h.call<PageOf<{ status: number }>>(e.complaintList.path, { status }, demo);
      expect([status, page.code, page.data.total]).toEqual([status, OK, DEMO_AFTER_SALES.complaintsByStatus[status]]);
    }
    const replied = await h.call<PageOf<EvaluationRow>>(e.evaluationList.path, { replied: true, pageSize: 50 }, demo);
    const waiting = await h.call<PageOf<EvaluationRow>>(e.evaluationList.path, { replied: false, pageSize: 50 }, demo);
    expect(replied.data.total).toBeGreaterThan(0);
    expect(waiting.data.total).toBeGreaterThan(0);
    expect(replied.data.list.every((r) => r.reply !== null && r.repliedAt !== null)).toBe(true);
    expect(waiting.data.list.every((r) => r.reply === null)).toBe(true);
    expect(replied.data.total + waiting.data.total).toBe(DEMO_AFTER_SALES.evaluations);
    // A seeded paid refund is in the ledger and in its order's refunded total.
    const paid = (await h.call<PageOf<RefundRow>>(e.refundList.path, { status: 2, pageSize: 5 }, demo)).data.list[0]!;
    const detail = await h.call<RefundDetail>(e.refundDetail.path, { refundId: paid.refundId }, demo);
    expect(detail.data.ledger.map((l) => l.amountCents)).toEqual([paid.amountCents]);
    expect(detail.data.order.refundedCents).toBeGreaterThanOrEqual(paid.amountCents);
    expect(detail.data.history[0]).toMatchObject({ event: 'request', actor: 'buyer', fromStatus: null, toStatus: 0 });
    for (const path of [e.refundList.path, e.complaintList.path, e.evaluationList.path]) {
      expect((await h.call<PageOf<unknown>>(path, {}, other)).data.total).toBe(0);
    }
  });

  it('filters refunds by order number, kind, creation window and amount in cents, and refuses bad filters', async () => {
    const { orderId, orderNo } = await newOrder(3, 50_000);
    const small = await requestRefund(orderId, 1_234);
    const large = await requestRefund(orderId, 40_000, 2);
    const byOrder = await h.call<PageOf<RefundRow>>(e.refundList.path, { orderNo }, demo);
    expect(byOrder.data.list.map((r) => r.refundId).sort()).toEqual([small, large].sort());
    expect(byOrder.data.list.every((r) => r.buyerName === 'Test Buyer' && r.buyerAccid === BUYER)).toBe(true);
    const byAmount = await h.call<PageOf<RefundRow>>(e.refundList.path, { orderNo, amountMin: 1_000, amountMax: 2_000 }, demo);
    expect(byAmount.data.list.map((r) => r.refundId)).toEqual([small]);
    const byKind = await h.call<PageOf<RefundRow>>(e.refundList.path, { orderNo, kind: 2 }, demo);
    expect(byKind.data.list.map((r) => r.refundId)).toEqual([large]);
    const future = Math.floor(Date.now() / 1000) + 86_400;
    expect((await h.call<PageOf<RefundRow>>(e.refundList.path, { orderNo, createTimeStart: future }, demo)).data.total).toBe(0);
    const sorted = await h.call<PageOf<RefundRow>>(e.refundList.path, { orderNo, sortField: 'amount', sortOrder: 'desc' }, demo);
    expect(sorted.data.list.map((r) => r.refundId)).toEqual([large, small]);
    for (const bad of [{ amountMin: 500, amountMax: 100 }, { status: 5 }, { statuses: [] }, { amountMin: 1.5 }, { createTimeStart: 10, createTimeEnd: 5 }, { kind: 3 }]) {
      expect([bad, (await h.call(e.refundList.path, bad, demo)).code]).toEqual([bad, '10100001']);
    }
  });

  it('takes a refund-only request through approval and payment: ledger row, refunded total, history, no status change on a partial refund', async () => {
    const { orderId } = await newOrder(4, 10_000);
    const refundId = await requestRefund(orderId, 2_500);
    const requested = await h.call<RefundDetail>(e.refundDetail.path, { refundId }, demo);
    expect([requested.code, requested.data.status, requested.data.actions]).toEqual([OK, 0, ['approveAndPay', 'reject']]);
    expect(requested.data.order).toMatchObject({ orderId, amountCents: 10_000, refundedCents: 0, refundableCents: 10_000 });

    const approved = await h.call<RefundDetail>(e.approveRefundOnly.path, { refundId }, demo);
    expect([approved.code, approved.data.status, approved.data.actions]).toEqual([OK, 7, ['pay']]);
    const key = randomUUID();
    const paid = await h.call<RefundPayAnswer>(e.payRefund.path, { refundId, idempotencyKey: key }, demo);
    expect(paid.code).toBe(OK);
    expect(paid.data).toMatchObject({ refundId, orderId, amountCents: 2_500, idempotencyKey: key, orderRefundedCents: 2_500, orderRefundedInFull: false });
    expect(await orderState(orderId)).toEqual({ status: 4, refundedCents: 2_500 });
    const detail = await h.call<RefundDetail>(e.refundDetail.path, { refundId }, demo);
    expect([detail.data.status, detail.data.actions, detail.data.order.refundableCents]).toEqual([2, [], 7_500]);
    expect(detail.data.history.map((x) => [x.event, x.actor, x.fromStatus, x.toStatus])).toEqual([
      ['request', 'buyer', null, 0],
      ['approveRefundOnly', 'merchant', 0, 7],
      ['pay', 'merchant', 7, 2],
    ]);
    expect(detail.data.ledger).toEqual([{ ledgerId: paid.data.ledgerId, refundId, orderId, amountCents: 2_500, idempotencyKey: key, at: paid.data.paidAt }]);
  });

  it('takes a return through approval, receipt and payment; the refund that reaches the amount paid makes the order refunded (6) with its history row', async () => {
    const { orderId } = await newOrder(3, 8_000);
    const first = await requestRefund(orderId, 3_000);
    await h.call(e.approveRefundOnly.path, { refundId: first }, demo);
    expect((await h.call(e.payRefund.path, { refundId: first, idempotencyKey: randomUUID() }, demo)).code).toBe(OK);
    const rest = await requestRefund(orderId, 5_000, 2);
    expect((await h.call<RefundDetail>(e.approveReturn.path, { refundId: rest }, demo)).data.status).toBe(1);
    const received = await h.call<RefundDetail>(e.receiveReturn.path, { refundId: rest }, demo);
    expect([received.data.status, received.data.actions]).toEqual([4, ['pay']]);
    const paid = await h.call<RefundPayAnswer>(e.payRefund.path, { refundId: rest, idempotencyKey: randomUUID() }, demo);
    expect([paid.code, paid.data.orderRefundedCents, paid.data.orderRefundedInFull]).toEqual([OK, 8_000, true]);
    expect(await orderState(orderId)).toEqual({ status: 6, refundedCents: 8_000 });
    const events = await db().selectFrom('store_order_event').select(['event', 'actor', 'from_status', 'to_status']).where('order_id', '=', orderId).execute();
    expect(events).toEqual([{ event: 'refundInFull', actor: 'system', from_status: 3, to_status: 6 }]);
    expect((await ledgerRows(orderId)).map((l) => Number(l.amount_cents))).toEqual([3_000, 5_000]);
    // Nothing is left: a further request is refused.
    const more = await buyer(paths.requestRefund, { orderId, buyerAccid: BUYER, kind: 1, amountCents: 1, reason: 'again' });
    expect([more.status, more.body.code]).toEqual([409, '10100005']);
  });

  it('refuses moves REFUND_MACHINE does not allow with 10100005 and changes nothing', async () => {
    const { orderId } = await newOrder(2, 6_000);
    const refundId = await requestRefund(orderId, 1_000);
    const before = await snapshot();
    for (const [path, biz] of [
      [e.payRefund.path, { refundId, idempotencyKey: randomUUID() }],
      [e.receiveReturn.path, { refundId }],
    ] as const) {
      expect([path, (await h.call(path, biz, demo)).code]).toEqual([path, '10100005']);
    }
    expect(await snapshot()).toBe(before);
    const rejected = await h.call<RefundDetail>(e.rejectRefund.path, { refundId, reason: 'the item was used' }, demo);
    expect([rejected.code, rejected.data.status, rejected.data.rejectReason, rejected.data.actions]).toEqual([OK, 9, 'the item was used', []]);
    const afterReject = await snapshot();
    for (const path of [e.approveRefundOnly.path, e.approveReturn.path, e.receiveReturn.path]) {
      expect([path, (await h.call(path, { refundId }, demo)).code]).toEqual([path, '10100005']);
    }
    expect((await h.call(e.rejectRefund.path, { refundId, reason: 'twice' }, demo)).code).toBe('10100005');
    expect((await h.call(e.payRefund.path, { refundId, idempotencyKey: randomUUID() }, demo)).code).toBe('10100005');
    const withdraw = await buyer(withdrawPath(refundId), { buyerAccid: BUYER });
    expect([withdraw.status, withdraw.body.code]).toEqual([409, '10100005']);
    expect(await snapshot()).toBe(afterReject);
  });

  it('refuses bad input with 10100001 and changes nothing', async () => {
    const { orderId } = await newOrder(4, 6_000);
    const refundId = await requestRefund(orderId, 1_000);
    const before = await snapshot();
    for (const [path, biz] of [
      [e.rejectRefund.path, { refundId }],
      [e.rejectRefund.path, { refundId, reason: '   ' }],
      [e.rejectRefund.path, { refundId, reason: 'x'.repeat(201) }],
      [e.payRefund.path, { refundId }],
      [e.payRefund.path, { refundId, idempotencyKey: 'not-a-uuid' }],
      [e.refundDetail.path, { refundId: 'abc' }],
      [e.approveReturn.path, { refundId: -1 }],
      [e.respondComplaint.path, { complaintId: 1, content: '' }],
      [e.respondComplaint.path, { complaintId: 1, content: 'ok', evidenceUrls: Array.from({ length: 10 }, () => 'https://img/x.png') }],
      [e.replyEvaluation.path, { evaluationId: 1, content: '' }],
      [e.replyEvaluation.path, { evaluationId: 1, content: 'x'.repeat(501) }],
      [e.evaluationList.path, { rating: 6 }],
      [e.complaintList.path, { status: 4 }],
    ] as const) {
      expect([path, biz, (await h.call(path, biz, demo)).code]).toEqual([path, biz, '10100001']);
    }
    expect(await snapshot()).toBe(before);
  });

  it('pays once per idempotency key: a repeat answers the first result and moves no money; the key on another refund answers 10100009', async () => {
    const { orderId } = await newOrder(4, 9_000);
    const refundId = await requestRefund(orderId, 4_000);
    const another = await requestRefund(orderId, 1_000);
    await h.call(e.approveRefundOnly.path, { refundId }, demo);
    await h.call(e.approveRefundOnly.path, { refundId: another }, demo);
    const key = randomUUID();
    const first = await h.call<RefundPayAnswer>(e.payRefund.path, { refundId, idempotencyKey: key }, demo);
    const again = await h.call<RefundPayAnswer>(e.payRefund.path, { refundId, idempotencyKey: key }, demo);
    expect(first.code).toBe(OK);
    expect(again).toEqual(first);
    expect((await ledgerRows(orderId)).length).toBe(1);
    expect(await orderState(orderId)).toEqual({ status: 4, refundedCents: 4_000 });
    const reused = await h.call(e.payRefund.path, { refundId: another, idempotencyKey: key }, demo);
    expect([reused.code, reused.msg]).toEqual(['10100009', 'this idempotency key was already used for another refund']);
    // A new key on a refund already paid is an illegal move, not a second payment.
    expect((await h.call(e.payRefund.path, { refundId, idempotencyKey: randomUUID() }, demo)).code).toBe('10100005');
    expect([(await ledgerRows(orderId)).length, await refundStatus(another), (await orderState(orderId)).refundedCents]).toEqual([1, 7, 4_000]);
  });

  it('refuses a payment beyond what is left on the order (10100005) and changes nothing', async () => {
    const { orderId } = await newOrder(4, 10_000);
    const a = await requestRefund(orderId, 6_000);
    const b = await requestRefund(orderId, 6_000); // each fits what is left when asked; both together do not
    await h.call(e.approveRefundOnly.path, { refundId: a }, demo);
    await h.call(e.approveRefundOnly.path, { refundId: b }, demo);
    expect((await h.call(e.payRefund.path, { refundId: a, idempotencyKey: randomUUID() }, demo)).code).toBe(OK);
    const before = await snapshot();
    const refused = await h.call(e.payRefund.path, { refundId: b, idempotencyKey: randomUUID() }, demo);
    expect([refused.code, refused.msg]).toEqual(['10100005', 'the refund is more than is left on the order (4000 cents left)']);
    expect(await snapshot()).toBe(before);
    expect([await refundStatus(b), await orderState(orderId)]).toEqual([7, { status: 4, refundedCents: 6_000 }]);

    // An order withdrawn meanwhile had its payment returned in full: an approved refund on it is not paid.
    const { orderId: later } = await newOrder(1, 4_000);
    const c = await requestRefund(later, 1_000);
    await h.call(e.approveRefundOnly.path, { refundId: c }, demo);
    await db().updateTable('store_order').set({ status: 5 }).where('id', '=', later).execute();
    const beforeWithdrawn = await snapshot();
    const withdrawn = await h.call(e.payRefund.path, { refundId: c, idempotencyKey: randomUUID() }, demo);
    expect([withdrawn.code, withdrawn.msg]).toEqual(['10100005', 'the order is withdrawn or refunded in full; nothing more is paid back']);
    expect(await snapshot()).toBe(beforeWithdrawn);
  });

  it('refuses the buyer withdrawing an order once a refund paid part of it back (the payment would go back twice)', async () => {
    const { orderId } = await newOrder(1, 8_000);
    const refundId = await requestRefund(orderId, 3_000);
    await h.call(e.approveRefundOnly.path, { refundId }, demo);
    expect((await h.call(e.payRefund.path, { refundId, idempotencyKey: randomUUID() }, demo)).code).toBe(OK);
    const before = await snapshot();
    const withdrawn = await buyer(`/buyer/orders/${orderId}/withdraw`, { buyerAccid: BUYER });
    expect([withdrawn.status, withdrawn.body.code]).toEqual([409, '10100005']);
    expect(await snapshot()).toBe(before);
    expect(await orderState(orderId)).toEqual({ status: 1, refundedCents: 3_000 });
  });

  it('lets exactly one of two simultaneous payments through when together they exceed what is left; one key paid twice at once pays once', async () => {
    const { orderId } = await newOrder(4, 10_000);
    const a = await requestRefund(orderId, 7_000);
    const b = await requestRefund(orderId, 5_000);
    await h.call(e.approveRefundOnly.path, { refundId: a }, demo);
    await h.call(e.approveRefundOnly.path, { refundId: b }, demo);
    const [pa, pb] = await Promise.all([
      h.client(demo).request(e.payRefund.path, { refundId: a, idempotencyKey: randomUUID() }, { silent: true }).then((r) => r.code, (err: { code: string }) => err.code),
      h.client(demo).request(e.payRefund.path, { refundId: b, idempotencyKey: randomUUID() }, { silent: true }).then((r) => r.code, (err: { code: string }) => err.code),
    ]);
    expect([pa, pb].sort()).toEqual([OK, '10100005']);
    const ledger = await ledgerRows(orderId);
    expect(ledger.length).toBe(1);
    expect(await orderState(orderId)).toEqual({ status: 4, refundedCents: Number(ledger[0]!.amount_cents) });

    const { orderId: second } = await newOrder(4, 3_000);
    const c = await requestRefund(second, 3_000);
    await h.call(e.approveRefundOnly.path, { refundId: c }, demo);
    const key = randomUUID();
    const answers = await Promise.all([0, 1].map(() => h.client(demo).request<RefundPayAnswer>(e.payRefund.path, { refundId: c, idempotencyKey: key }, { silent: true })));
    expect(answers.map((r) => r.code)).toEqual([OK, OK]);
    expect(answers[0]!.data).toEqual(answers[1]!.data);
    expect((await ledgerRows(second)).length).toBe(1);
    expect(await orderState(second)).toEqual({ status: 6, refundedCents: 3_000 });
  });

  it("answers another store's refunds, complaints and reviews as not found and changes nothing", async () => {
    const { orderId } = await newOrder(4, 5_000);
    const refundId = await requestRefund(orderId, 1_000);
    const complaint = await buyer<{ complaintId: number }>(paths.fileComplaint, { orderId, buyerAccid: BUYER, reason: 'late' });
    const review = await buyer<{ evaluationId: number }>(paths.writeEvaluation, { orderId, buyerAccid: BUYER, rating: 2 });
    const complaintId = complaint.body.data.complaintId;
    const evaluationId = review.body.data.evaluationId;
    const before = await snapshot();
    for (const [path, biz] of [
      [e.refundDetail.path, { refundId }],
      [e.approveRefundOnly.path, { refundId }],
      [e.approveReturn.path, { refundId }],
      [e.receiveReturn.path, { refundId }],
      [e.rejectRefund.path, { refundId, reason: 'no' }],
      [e.payRefund.path, { refundId, idempotencyKey: randomUUID() }],
      [e.complaintDetail.path, { complaintId }],
      [e.respondComplaint.path, { complaintId, content: 'not ours' }],
      [e.replyEvaluation.path, { evaluationId, content: 'not ours' }],
    ] as const) {
      expect([path, (await h.call(path, biz, other)).code]).toEqual([path, '10100004']);
    }
    expect(await snapshot()).toBe(before);
    expect((await h.call(e.refundList.path, { orderNo: '' }, other)).data).toMatchObject({ total: 0 });
    // And the demo store's own ids still answer.
    expect((await h.call(e.refundDetail.path, { refundId }, demo)).code).toBe(OK);
  });

  it('buyer routes: 401 without the key, 400 on bad input, 404 for another buyer or store, 409 on closed orders and returns before shipping', async () => {
    const { orderId } = await newOrder(1, 5_000);
    const { orderId: withdrawn } = await newOrder(5, 5_000);
    const all = [paths.requestRefund, paths.withdrawRefund.replace(':refundId', '1'), paths.fileComplaint, paths.revokeComplaint.replace(':complaintId', '1'), paths.writeEvaluation];
    const before = await snapshot();
    for (const path of all) {
      for (const key of [null, 'wrong-key']) {
        const answer = await buyer(path, { orderId, buyerAccid: BUYER, kind: 1, amountCents: 100, reason: 'x', rating: 5 }, key);
        expect([path, key, answer.status, answer.body.code]).toEqual([path, key, 401, '10100003']);
      }
    }
    for (const body of [
      { orderId, buyerAccid: BUYER, kind: 3, amountCents: 100, reason: 'x' },
      { orderId, buyerAccid: BUYER, kind: 1, amountCents: 0, reason: 'x' },
      { orderId, buyerAccid: BUYER, kind: 1, amountCents: 10.5, reason: 'x' },
      { orderId, buyerAccid: BUYER, kind: 1, amountCents: 100, reason: '' },
      { orderId, kind: 1, amountCents: 100, reason: 'x' },
    ]) {
      const answer = await buyer(paths.requestRefund, body);
      expect([body, answer.status, answer.body.code]).toEqual([body, 400, '10100001']);
    }
    const notMine = await buyer(paths.requestRefund, { orderId, buyerAccid: 'c_someone_else', kind: 1, amountCents: 100, reason: 'x' });
    expect([notMine.status, notMine.body.code]).toEqual([404, '10100004']);
    const missing = await buyer(paths.requestRefund, { orderId: 99_999_999, buyerAccid: BUYER, kind: 1, amountCents: 100, reason: 'x' });
    expect([missing.status, missing.body.code]).toEqual([404, '10100004']);
    const returnUnshipped = await buyer(paths.requestRefund, { orderId, buyerAccid: BUYER, kind: 2, amountCents: 100, reason: 'x' });
    expect([returnUnshipped.status, returnUnshipped.body.code]).toEqual([409, '10100005']);
    const tooMuch = await buyer(paths.requestRefund, { orderId, buyerAccid: BUYER, kind: 1, amountCents: 5_001, reason: 'x' });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, '10100005']);
    const closed = await buyer(paths.requestRefund, { orderId: withdrawn, buyerAccid: BUYER, kind: 1, amountCents: 100, reason: 'x' });
    expect([closed.status, closed.body.code]).toEqual([409, '10100005']);
    const unfinished = await buyer(paths.writeEvaluation, { orderId, buyerAccid: BUYER, rating: 5 });
    expect([unfinished.status, unfinished.body.code]).toEqual([409, '10100005']);
    // None of the refusals left a record behind (the second store's orders are untouched too).
    expect(await snapshot()).toBe(before);
    const { orderId: theirs } = await newOrder(4, 5_000, OTHER);
    const refund = await buyer<{ storeId: number; refundId: number }>(paths.requestRefund, { orderId: theirs, buyerAccid: BUYER, kind: 1, amountCents: 100, reason: 'x' });
    expect([refund.body.code, refund.body.data.storeId]).toEqual([OK, OTHER]);
    expect((await h.call(e.refundDetail.path, { refundId: refund.body.data.refundId }, demo)).code).toBe('10100004');
  });

  it('lets the buyer withdraw an open refund once; another buyer cannot', async () => {
    const { orderId } = await newOrder(2, 5_000);
    const refundId = await requestRefund(orderId, 2_000, 2);
    await h.call(e.approveReturn.path, { refundId }, demo);
    const path = withdrawPath(refundId);
    const stranger = await buyer(path, { buyerAccid: 'c_someone_else' });
    expect([stranger.status, stranger.body.code]).toEqual([404, '10100004']);
    const withdrawn = await buyer<{ status: number }>(path, { buyerAccid: BUYER });
    expect([withdrawn.body.code, withdrawn.body.data.status]).toEqual([OK, 3]);
    const twice = await buyer(path, { buyerAccid: BUYER });
    expect([twice.status, twice.body.code]).toEqual([409, '10100005']);
    const detail = await h.call<RefundDetail>(e.refundDetail.path, { refundId }, demo);
    expect([detail.data.status, detail.data.actions, detail.data.history.at(-1)?.event, detail.data.history.at(-1)?.actor]).toEqual([3, [], 'withdraw', 'buyer']);
  });

  it('complaints: the buyer files one per order, the merchant responds while it is open (no status change), the buyer revokes it', async () => {
    const { orderId, orderNo } = await newOrder(3, 5_000);
    const filed = await buyer<{ complaintId: number; complaintNo: string; status: number }>(paths.fileComplaint, { orderId, buyerAccid: BUYER, reason: 'late delivery', evidenceUrls: ['https://img.example/1.png'] });
    expect([filed.body.code, filed.body.data.status]).toEqual([OK, 1]);
    const complaintId = filed.body.data.complaintId;
    const second = await buyer(paths.fileComplaint, { orderId, buyerAccid: BUYER, reason: 'again' });
    expect([second.status, second.body.code]).toEqual([409, '10100005']);
    const listed = await h.call<PageOf<{ complaintId: number; orderNo: string; filedBy: string }>>(e.complaintList.path, { orderNo }, demo);
    expect(listed.data.list).toEqual([expect.objectContaining({ complaintId, orderNo, filedBy: 'buyer' })]);

    const detail = await h.call<ComplaintDetail>(e.complaintDetail.path, { complaintId }, demo);
    expect([detail.data.status, detail.data.actions, detail.data.canRespond, detail.data.evidenceUrls]).toEqual([1, [], true, ['https://img.example/1.png']]);
    const responded = await h.call<ComplaintDetail>(e.respondComplaint.path, { complaintId, content: 'we sent it again', evidenceUrls: ['https://img.example/slip.png'] }, demo);
    expect([responded.code, responded.data.status, responded.data.responseCount]).toEqual([OK, 1, 1]);
    expect(responded.data.responses).toEqual([expect.objectContaining({ content: 'we sent it again', evidenceUrls: ['https://img.example/slip.png'] })]);

    const stranger = await buyer(paths.revokeComplaint.replace(':complaintId', String(complaintId)), { buyerAccid: 'c_someone_else' });
    expect([stranger.status, stranger.body.code]).toEqual([404, '10100004']);
    const revoked = await buyer<{ status: number }>(paths.revokeComplaint.replace(':complaintId', String(complaintId)), { buyerAccid: BUYER });
    expect([revoked.body.code, revoked.body.data.status]).toEqual([OK, 3]);
    const before = await snapshot();
    expect((await h.call(e.respondComplaint.path, { complaintId, content: 'too late' }, demo)).code).toBe('10100005');
    const again = await buyer(paths.revokeComplaint.replace(':complaintId', String(complaintId)), { buyerAccid: BUYER });
    expect([again.status, again.body.code]).toEqual([409, '10100005']);
    expect(await snapshot()).toBe(before);
    const closed = await h.call<ComplaintDetail>(e.complaintDetail.path, { complaintId }, demo);
    expect([closed.data.canRespond, closed.data.history.map((x) => [x.event, x.actor, x.fromStatus, x.toStatus])]).toEqual([
      false,
      [
        ['file', 'buyer', null, 1],
        ['revoke', 'buyer', 1, 3],
      ],
    ]);
    // Revoked, the order may take a new complaint.
    expect((await buyer(paths.fileComplaint, { orderId, buyerAccid: BUYER, reason: 'still late' })).body.code).toBe(OK);
  });

  it('the platform ends an open complaint with a ruling (operator key); then nobody can respond, revoke or end it again', async () => {
    const { orderId } = await newOrder(4, 5_000);
    const filed = await buyer<{ complaintId: number }>(paths.fileComplaint, { orderId, buyerAccid: BUYER, reason: 'broken' });
    const complaintId = filed.body.data.complaintId;
    const path = END_COMPLAINT_PATH.replace(':complaintId', String(complaintId));
    const operator = <T,>(body: unknown, key: string | null = OPERATOR_KEY) => buyer<T>(path, body, key, 'x-operator-key');
    const before = await snapshot();
    expect((await operator({ ruling: 'x' }, null)).status).toBe(401);
    expect((await operator({ ruling: 'x' }, BUYER_KEY)).status).toBe(401);
    expect([(await operator({ ruling: '' })).body.code, (await operator({})).body.code]).toEqual(['10100001', '10100001']);
    const missing = await buyer(END_COMPLAINT_PATH.replace(':complaintId', '99999999'), { ruling: 'x' }, OPERATOR_KEY, 'x-operator-key');
    expect([missing.status, missing.body.code]).toEqual([404, '10100004']);
    expect(await snapshot()).toBe(before);
    const ended = await operator<{ status: number; storeId: number }>({ ruling: 'the store refunds the buyer' });
    expect([ended.body.code, ended.body.data.status, ended.body.data.storeId]).toEqual([OK, 2, DEMO]);
    const detail = await h.call<ComplaintDetail>(e.complaintDetail.path, { complaintId }, demo);
    expect([detail.data.status, detail.data.ruling, detail.data.canRespond, detail.data.history.at(-1)]).toEqual([
      2,
      'the store refunds the buyer',
      false,
      expect.objectContaining({ event: 'end', actor: 'platform', fromStatus: 1, toStatus: 2, note: 'the store refunds the buyer' }),
    ]);
    const afterEnd = await snapshot();
    expect((await operator({ ruling: 'again' })).body.code).toBe('10100005');
    expect((await buyer(paths.revokeComplaint.replace(':complaintId', String(complaintId)), { buyerAccid: BUYER })).body.code).toBe('10100005');
    expect((await h.call(e.respondComplaint.path, { complaintId, content: 'late' }, demo)).code).toBe('10100005');
    expect(await snapshot()).toBe(afterEnd);
  });

  it('reviews: one per completed order by its buyer, filtered by rating and reply; the merchant replies once', async () => {
    const { orderId, orderNo } = await newOrder(4, 5_000);
    const written = await buyer<{ evaluationId: number }>(paths.writeEvaluation, { orderId, buyerAccid: BUYER, rating: 1, content: 'box was damaged', imageUrls: ['https://img.example/box.png'] });
    expect(written.body.code).toBe(OK);
    const evaluationId = written.body.data.evaluationId;
    const twice = await buyer(paths.writeEvaluation, { orderId, buyerAccid: BUYER, rating: 5 });
    expect([twice.status, twice.body.code]).toEqual([400, '10100009']);
    const badRating = await buyer(paths.writeEvaluation, { orderId, buyerAccid: BUYER, rating: 6 });
    expect([badRating.status, badRating.body.code]).toEqual([400, '10100001']);

    const ones = await h.call<PageOf<EvaluationRow>>(e.evaluationList.path, { rating: 1, replied: false, orderNo }, demo);
    expect(ones.data.list).toEqual([expect.objectContaining({ evaluationId, orderId, rating: 1, content: 'box was damaged', imageUrls: ['https://img.example/box.png'], reply: null, buyerName: 'Test Buyer' })]);
    const replied = await h.call<EvaluationRow>(e.replyEvaluation.path, { evaluationId, content: '  sorry, a new one is on its way  ' }, demo);
    expect([replied.code, replied.data.reply, typeof replied.data.repliedAt]).toEqual([OK, 'sorry, a new one is on its way', 'number']);
    const before = await snapshot();
    const again = await h.call(e.replyEvaluation.path, { evaluationId, content: 'second reply' }, demo);
    expect([again.code, again.msg]).toEqual(['10100005', 'this review already has a reply']);
    expect(await snapshot()).toBe(before);
    expect((await h.call<PageOf<EvaluationRow>>(e.evaluationList.path, { replied: false, orderNo }, demo)).data.total).toBe(0);
    expect((await h.call<PageOf<EvaluationRow>>(e.evaluationList.path, { replied: true, orderNo }, demo)).data.total).toBe(1);
    expect((await h.call(e.replyEvaluation.path, { evaluationId: 99_999_999, content: 'hello' }, demo)).code).toBe('10100004');
  });

  it('keeps the ledger append-only in the database', async () => {
    const row = await db().selectFrom('store_ledger').select('id').where('store_id', '=', DEMO).executeTakeFirstOrThrow();
    await expect(db().updateTable('store_ledger').set({ amount_cents: 1 }).where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom('store_ledger').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
  });
});

/** The buyer's withdraw route of one refund. */
function withdrawPath(refundId: number) {
  return paths.withdrawRefund.replace(':refundId', String(refundId));
}
