// Issue 35 §9 against a real store-server and database (PGlite, and PostgreSQL with DATABASE_URL): a refund-only
// request is approved and paid in ONE confirmed step (refund/approveAndPay, an idempotent call on pay's path), and
// every refund route refuses the moves its kind does not allow (order-machines' nextRefundStatus). Counts are of
// this test's own fresh orders and keys, so a shared PostgreSQL database with earlier runs' rows changes nothing.
import { randomUUID } from 'node:crypto';
import { afterSalesEndpoints as e, PERMISSIONS, STORE_CODES, type RefundDetail, type RefundPayAnswer } from '@merchant/api-contracts';
import { DEMO_STAFF } from '../../db/seed-staff';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { postOrderPayment } from '../ledger';
import { BUYER_AFTER_SALES_PATHS as paths } from './index';

const OK = '00000000';
const DEMO = 1001;
const BUYER_KEY = 'approve-and-pay-test-buyer-key';
const BUYER = 'c_approve_and_pay_buyer';
const CONCURRENT_REPEATS = 20;

describe('refund/approveAndPay and the kind-aware refund moves', () => {
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
  let orderSeq = 0;
  /** A fresh order of the demo store, paid by BUYER (and posted to the ledger), in the given shipping status. */
  const newOrder = async (status: number, amountCents: number) => {
    const now = Math.floor(Date.now() / 1000);
    const row = await db()
      .insertInto('store_order')
      .values({ store_id: DEMO, status, amount_cents: amountCents, created_at: now - 86_400, order_no: `AP${now}${randomUUID().slice(0, 6)}${++orderSeq}`, buyer_accid: BUYER, buyer_name: 'Pay Once Buyer', paid_at: now - 86_400 })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await postOrderPayment(db(), { storeId: DEMO, orderId: row.id, amountCents, at: new Date((now - 86_400) * 1000) });
    return row.id;
  };
  const requestRefund = async (orderId: number, amountCents: number, kind: 1 | 2) => {
    const answer = await h.keyed<{ refundId: number }>(paths.requestRefund, { orderId, buyerAccid: BUYER, kind, amountCents, reason: 'not as described' }, BUYER_KEY);
    expect([answer.status, answer.code]).toEqual([200, OK]);
    return answer.data.refundId;
  };
  const detail = async (refundId: number) => (await h.call<RefundDetail>(e.refundDetail.path, { refundId }, demo)).data;
  /** Everything a refund's handling can touch for one order: the refund rows, their history, both ledgers, the order. */
  const stateOf = async (orderId: number) => {
    const refunds = await db().selectFrom('store_refund').select(['id', 'status']).where('order_id', '=', orderId).orderBy('id').execute();
    const ids = refunds.map((r) => r.id);
    return {
      refunds,
      history: ids.length ? await db().selectFrom('store_refund_event').select(['refund_id', 'event', 'from_status', 'to_status']).where('refund_id', 'in', ids).orderBy('id').execute() : [],
      ledger: (await db().selectFrom('store_ledger').select(['refund_id', 'amount_cents', 'idempotency_key']).where('order_id', '=', orderId).execute()).map((l) => ({ ...l, amount_cents: Number(l.amount_cents) })),
      postings: ids.length ? Number((await db().selectFrom('store_ledger_transfer').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'order_refund').where('idempotency_key', 'in', ids.map((id) => `refund-${id}`)).executeTakeFirstOrThrow()).n) : 0,
      order: await db().selectFrom('store_order').select(['status', 'refunded_cents']).where('id', '=', orderId).executeTakeFirstOrThrow().then((o) => ({ status: o.status, refundedCents: Number(o.refunded_cents) })),
    };
  };

  it('offers a refund-only request "approve and pay" and reject, and pays it in one step: 0 → 7 → 2, one ledger row, one posting', async () => {
    const orderId = await newOrder(4, 10_000);
    const refundId = await requestRefund(orderId, 2_500, 1);
    expect((await detail(refundId)).actions).toEqual(['approveAndPay', 'reject']);

    const idempotencyKey = randomUUID();
    const paid = await h.call<RefundPayAnswer>(e.approveAndPay.path, { refundId, idempotencyKey }, demo);
    expect(paid.code).toBe(OK);
    expect(paid.data).toMatchObject({ refundId, orderId, amountCents: 2_500, idempotencyKey, orderRefundedCents: 2_500, orderRefundedInFull: false });
    const after = await detail(refundId);
    expect([after.status, after.actions, after.order.refundedCents, after.order.refundableCents]).toEqual([2, [], 2_500, 7_500]);
    expect(after.history.map((x) => [x.event, x.actor, x.fromStatus, x.toStatus])).toEqual([
      ['request', 'buyer', null, 0],
      ['approveRefundOnly', 'merchant', 0, 7],
      ['pay', 'merchant', 7, 2],
    ]);
    expect(after.ledger.map((l) => [l.amountCents, l.idempotencyKey])).toEqual([[2_500, idempotencyKey]]);
    const state = await stateOf(orderId);
    expect([state.postings, state.order]).toEqual([1, { status: 4, refundedCents: 2_500 }]);

    // The same key again answers the first payment; the key on another refund is refused (10100009); nothing moves.
    expect(await h.call<RefundPayAnswer>(e.approveAndPay.path, { refundId, idempotencyKey }, demo)).toEqual(paid);
    const another = await requestRefund(orderId, 1_000, 1);
    const reused = await h.call(e.approveAndPay.path, { refundId: another, idempotencyKey }, demo);
    expect(reused.code).toBe(STORE_CODES.alreadyExists);
    expect(await stateOf(orderId)).toEqual({ ...state, refunds: [...state.refunds, { id: another, status: 0 }], history: [...state.history, { refund_id: another, event: 'request', from_status: null, to_status: 0 }] });
  });

  it(`approves and pays exactly once under ${CONCURRENT_REPEATS} concurrent repeats of one key; a refund that returns all makes the order refunded (6)`, async () => {
    const orderId = await newOrder(3, 6_000);
    const refundId = await requestRefund(orderId, 6_000, 1);
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT_REPEATS }, () => h.client(demo).request<RefundPayAnswer>(e.approveAndPay.path, { refundId, idempotencyKey }, { silent: true }).catch((error: { code: string }) => ({ code: error.code, data: null }))),
    );
    expect(answers.map((a) => a.code)).toEqual(Array.from({ length: CONCURRENT_REPEATS }, () => OK));
    for (const answer of answers) expect(answer.data).toEqual(answers[0]!.data);
    expect(answers[0]!.data).toMatchObject({ refundId, amountCents: 6_000, orderRefundedInFull: true });
    const state = await stateOf(orderId);
    expect(state.ledger).toEqual([{ refund_id: refundId, amount_cents: 6_000, idempotency_key: idempotencyKey }]);
    expect(state.postings).toBe(1);
    expect(state.history.map((x) => x.event)).toEqual(['request', 'approveRefundOnly', 'pay']);
    expect(state.order).toEqual({ status: 6, refundedCents: 6_000 });
  });

  it('refuses approveAndPay on a return-and-refund request with 10100005 in the merchant\'s words, and changes nothing', async () => {
    const orderId = await newOrder(3, 8_000);
    const refundId = await requestRefund(orderId, 3_000, 2);
    expect((await detail(refundId)).actions).toEqual(['approveReturn', 'reject']);
    const before = await stateOf(orderId);
    const refused = await h.call(e.approveAndPay.path, { refundId, idempotencyKey: randomUUID() }, demo);
    expect([refused.code, refused.msg]).toEqual([STORE_CODES.notAllowedInCurrentState, 'a return-and-refund request is paid after its goods come back: approve the return first']);
    // Approving it as a refund without its goods is refused too.
    const asRefund = await h.call(e.approveRefundOnly.path, { refundId }, demo);
    expect([asRefund.code, asRefund.msg]).toEqual([STORE_CODES.notAllowedInCurrentState, 'a return-and-refund request is paid after its goods come back: approve the return first']);
    expect(await stateOf(orderId)).toEqual(before);
    // Its own flow still works: approve the return, receive it, pay.
    expect((await h.call<RefundDetail>(e.approveReturn.path, { refundId }, demo)).data.actions).toEqual(['receiveReturn', 'reject']);
    expect((await h.call<RefundDetail>(e.receiveReturn.path, { refundId }, demo)).data.actions).toEqual(['pay']);
    expect((await h.call(e.payRefund.path, { refundId, idempotencyKey: randomUUID() }, demo)).code).toBe(OK);
    expect((await stateOf(orderId)).order).toEqual({ status: 3, refundedCents: 3_000 });
  });

  it('refuses "approve return" on a refund-only request (the server refuses what its kind does not allow) and changes nothing', async () => {
    const orderId = await newOrder(3, 5_000);
    const refundId = await requestRefund(orderId, 1_000, 1);
    const before = await stateOf(orderId);
    const refused = await h.call(e.approveReturn.path, { refundId }, demo);
    expect([refused.code, refused.msg]).toEqual([STORE_CODES.notAllowedInCurrentState, 'a refund-only request has no goods to send back; it cannot be handled as a return']);
    expect((await h.call(e.receiveReturn.path, { refundId }, demo)).code).toBe(STORE_CODES.notAllowedInCurrentState);
    expect(await stateOf(orderId)).toEqual(before);
  });

  it('leaves the request pending review when the payment is refused (more than is left): approval and payment are one transaction', async () => {
    const orderId = await newOrder(4, 10_000);
    const first = await requestRefund(orderId, 6_000, 1);
    const second = await requestRefund(orderId, 6_000, 1); // each fits what is left when asked; both together do not
    expect((await h.call(e.approveAndPay.path, { refundId: first, idempotencyKey: randomUUID() }, demo)).code).toBe(OK);
    const before = await stateOf(orderId);
    const idempotencyKey = randomUUID();
    const refused = await h.call(e.approveAndPay.path, { refundId: second, idempotencyKey }, demo);
    expect([refused.code, refused.msg]).toEqual([STORE_CODES.notAllowedInCurrentState, 'the refund is more than is left on the order (4000 cents left)']);
    expect(await stateOf(orderId)).toEqual(before);
    expect((await detail(second)).status).toBe(0);
    // Nothing ran, so the key was freed: its retry meets the same refusal, not a stored answer.
    expect((await h.call(e.approveAndPay.path, { refundId: second, idempotencyKey }, demo)).code).toBe(STORE_CODES.notAllowedInCurrentState);
    // Once paid, approveAndPay with a new key is refused: the request is no longer pending review.
    expect((await h.call(e.approveAndPay.path, { refundId: first, idempotencyKey: randomUUID() }, demo)).code).toBe(STORE_CODES.notAllowedInCurrentState);
    expect(await stateOf(orderId)).toEqual(before);
  });

  it("answers another store's refund as not found, refuses bad input, and changes nothing", async () => {
    const orderId = await newOrder(4, 5_000);
    const refundId = await requestRefund(orderId, 1_000, 1);
    const before = await stateOf(orderId);
    expect((await h.call(e.approveAndPay.path, { refundId, idempotencyKey: randomUUID() }, other)).code).toBe(STORE_CODES.notFound);
    for (const biz of [{ refundId, idempotencyKey: 'twice' }, { refundId: -1, idempotencyKey: randomUUID() }]) {
      expect([biz, (await h.call(e.approveAndPay.path, biz, demo)).code]).toEqual([biz, STORE_CODES.invalidParameter]);
    }
    // Without a key (the harness's call would add one; the raw client does not).
    const keyless = await h.client(demo).request(e.approveAndPay.path, { refundId }, { silent: true }).then((answer) => answer.code, (error: { code: string }) => error.code);
    expect(keyless).toBe(STORE_CODES.invalidParameter);
    expect(await stateOf(orderId)).toEqual(before);
  });

  it('refuses a sub-account without the after-sales handling permission (10100003) and changes nothing; with it the step goes through', async () => {
    const orderId = await newOrder(4, 5_000);
    const refundId = await requestRefund(orderId, 1_000, 1);
    const role = await db().selectFrom('store_role').select('id').where('store_id', '=', DEMO_STAFF.storeId).where('name', '=', DEMO_STAFF.roleName).executeTakeFirstOrThrow();
    const grant = async (codes: string[]) => {
      await db().deleteFrom('store_role_permission').where('role_id', '=', role.id).execute();
      await db().insertInto('store_role_permission').values(codes.map((permission_code) => ({ role_id: role.id, permission_code }))).execute();
    };
    const staff = await h.login(DEMO_STAFF.userName, DEMO_STAFF.password);
    await grant([PERMISSIONS.afterSalesView]);
    const before = await stateOf(orderId);
    expect((await h.call(e.approveAndPay.path, { refundId, idempotencyKey: randomUUID() }, staff)).code).toBe(STORE_CODES.permissionDenied);
    expect(await stateOf(orderId)).toEqual(before);
    await grant([PERMISSIONS.afterSalesView, PERMISSIONS.afterSalesHandle]);
    expect((await h.call(e.approveAndPay.path, { refundId, idempotencyKey: randomUUID() }, staff)).code).toBe(OK);
    expect((await stateOf(orderId)).order.refundedCents).toBe(1_000);
  });
});
