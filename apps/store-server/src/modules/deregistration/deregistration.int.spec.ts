import { randomUUID } from 'node:crypto';
import { GOODS_STATUS, activityEndpoints, couponEndpoints, flashSaleEndpoints, groupBuyEndpoints } from '@merchant/api-contracts';
import { createStoreServer, type StoreServer } from '../../server';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { parseOperatorArgs, runOperatorCommand } from '../operator/operator.cli';
import { OPERATOR_KEY_HEADER } from '../operator/operator.schemas';
import { hashSecret } from '../../shared/passwords';
import { DEMO_COUPON_NAMES } from '../coupons/coupons.seed';

const LOGOUT = '/v1/store/eshop/store/logout';
const USER = '/v1/store/eshop/store/user';
const OK = '00000000';
const KEY = 'operator-key-for-tests-0123456789abcdef';

interface Check {
  canLogout: boolean;
  reasons: string[];
  blockers: { code: string; count: number }[];
  warnings: { code: string; count: number }[];
  latestRequest: { id: number; ref: string; status: number } | null;
}

describe('store deregistration', () => {
  let h: TestHarness;
  let operatorServer: StoreServer;
  let operatorUrl: string;
  beforeAll(async () => {
    h = await startTestServer();
    operatorServer = await createStoreServer({ host: '127.0.0.1', port: 0, logLevel: 'silent', operatorKey: KEY }, { database: h.database });
    operatorUrl = (await operatorServer.listen()).url;
  });
  afterAll(async () => {
    await operatorServer.close();
    await h.close();
  });
  beforeEach(() => h.reset());

  const decide = (requestId: number, action: string, body: unknown = {}) =>
    fetch(`${operatorUrl}/operator/logouts/${requestId}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPERATOR_KEY_HEADER]: KEY },
      body: JSON.stringify(body),
    }).then(async (r) => (await r.json()) as { code: string; msg: string; data: Record<string, unknown> | null });

  /** A fresh store of its own (registerUser), with its access token and id. */
  async function newStore(mobile: string, userName: string) {
    await h.call(`${USER}/sendRegisterCheckCode`, { mobile });
    const reg = await h.call<{ accessToken: string }>(`${USER}/registerUser`, { userName, password: 'Closing123', mobile, checkCode: await h.lastCheckCode(mobile) });
    const token = reg.data.accessToken;
    const row = await h.database.db.selectFrom('store_store').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    return { token, storeId: row.id };
  }

  /** Gives the store's owner a pay password and checks it on this session, as the console does before the request. */
  async function payChecked(token: string, mobile: string) {
    const store = await h.database.db.selectFrom('store_store').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    await h.database.db.updateTable('store_user').set({ pay_password_hash: await hashSecret('135790') }).where('store_id', '=', store.id).execute();
    expect((await h.call('/v1/store/pay/user/checkPayPassword', { payPassword: '135790' }, token)).code).toBe(OK);
  }

  /** One order of `status` with a refund and a complaint of the given statuses, all of `storeId`. */
  async function addOrder(storeId: number, status: number, extra: { refund?: number; complaint?: number; returnDeadline?: number } = {}) {
    const db = h.database.db;
    const now = Math.floor(Date.now() / 1000);
    const order = await db
      .insertInto('store_order')
      .values({ store_id: storeId, status, amount_cents: 1000, created_at: now, receiver: JSON.stringify({ name: 'B', phone: '13900000000', address: 'x' }), return_deadline: extra.returnDeadline ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = { store_id: storeId, order_id: order.id, buyer_accid: 'buyer', reason: 'r', evidence_urls: '[]', created_at: now, updated_at: now };
    if (extra.refund !== undefined) await db.insertInto('store_refund').values({ ...row, refund_no: `R${order.id}`, status: extra.refund, kind: 1, amount_cents: 100 }).execute();
    if (extra.complaint !== undefined) await db.insertInto('store_complaint').values({ ...row, complaint_no: `C${order.id}`, status: extra.complaint }).execute();
    return order.id;
  }

  it('lists each blocker with its count, only the caller\'s own rows counting, and refuses the request while any is left', async () => {
    const mine = await newStore('13900000005', 'closing_shop');
    const other = await newStore('13900000006', 'other_shop');
    for (const storeId of [mine.storeId, other.storeId]) {
      await addOrder(storeId, 1);
      await addOrder(storeId, 2, { refund: 0 });
      await addOrder(storeId, 3, { complaint: 1 });
      // Closed records do not block: a refunded order with a paid refund and an ended complaint.
      await addOrder(storeId, 6, { refund: 2, complaint: 2 });
    }
    await addOrder(other.storeId, 1);
    await h.database.db.updateTable('store_pay_account').set({ balance_cents: 12345, deposit_cents: 50000 }).where('store_id', '=', other.storeId).execute();

    const check = await h.call<Check>(`${LOGOUT}/checkStoreCanLogout`, {}, mine.token);
    expect(check.data).toMatchObject({
      canLogout: false,
      blockers: [
        { code: 'ordersToShip', count: 1 },
        { code: 'ordersInDelivery', count: 2 },
        { code: 'openRefunds', count: 1 },
        { code: 'openComplaints', count: 1 },
      ],
      latestRequest: null,
    });
    expect(check.data.reasons).toEqual(['1 order(s) still to ship', '2 shipped order(s) not yet completed', '1 after-sales request(s) still open', '1 complaint(s) still open']);
    const refused = await h.call(`${LOGOUT}/insertRecords`, { logoutReason: 'closing' }, mine.token);
    expect([refused.code, refused.msg]).toEqual(['10100005', expect.stringContaining('1 order(s) still to ship')]);

    // The other store's money blocks it, in cents shown as yuan.
    const theirs = await h.call<Check>(`${LOGOUT}/checkStoreCanLogout`, {}, other.token);
    expect(theirs.data.blockers).toEqual(expect.arrayContaining([{ code: 'ordersToShip', count: 2 }, { code: 'walletBalance', count: 12345 }, { code: 'deposit', count: 50000 }]));
    expect(theirs.data.reasons).toEqual(expect.arrayContaining(['wallet balance of ¥123.45 not withdrawn', 'warranty deposit of ¥500.00 not refunded']));

    // Once mine are finished, only warnings are left: a completed order still in its return period.
    await h.database.db.updateTable('store_order').set({ status: 4, return_deadline: Math.floor(Date.now() / 1000) + 86400 }).where('store_id', '=', mine.storeId).where('status', 'in', [1, 2, 3]).execute();
    await h.database.db.updateTable('store_refund').set({ status: 3 }).where('store_id', '=', mine.storeId).execute();
    await h.database.db.updateTable('store_complaint').set({ status: 3 }).where('store_id', '=', mine.storeId).execute();
    const clear = await h.call<Check>(`${LOGOUT}/checkStoreCanLogout`, {}, mine.token);
    expect(clear.data).toMatchObject({ canLogout: true, reasons: [], blockers: [], warnings: [{ code: 'ordersInReturnPeriod', count: 3 }] });
  });

  it('refuses the demo store (money held) in the caller\'s language (zh-CN by default) and records nothing', async () => {
    const demo = await h.login('demo_merchant', 'Demo12345');
    const chinese = h.client(demo, 'none', null);
    const check = await chinese.post<Check>(`${LOGOUT}/checkStoreCanLogout`, {});
    expect(check.canLogout).toBe(false);
    expect(check.blockers.map((b) => b.code)).toEqual(expect.arrayContaining(['walletBalance', 'deposit']));
    expect(check.reasons).toEqual(expect.arrayContaining([expect.stringMatching(/^钱包余额 ¥[\d.]+ 未提现$/)]));
    const refused = await chinese.request(`${LOGOUT}/insertRecords`, { logoutReason: 'closing', idempotencyKey: randomUUID() }, { silent: true, acceptCodes: ['10100005'] });
    expect([refused.code, refused.msg]).toEqual(['10100005', expect.stringContaining('钱包余额')]);
    expect(await h.database.db.selectFrom('store_logout_record').selectAll().where('store_id', '=', 1001).execute()).toEqual([]);
  });

  it('counts coupon campaigns still open to claims as running marketing activities until they are stopped or over, and unused claimed coupons as a warning', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const countsOf = (items: Check['blockers']) => Object.fromEntries(items.map((item) => [item.code, item.count]));
    // The demo store's three campaigns (coupons.seed.ts): newcomer (N days from claiming) and tiles (fixed dates, not
    // over) are running; spring was stopped long ago.
    const templates = await h.database.db.selectFrom('store_coupon_template').select(['id', 'name', 'state', 'validity']).where('store_id', '=', 1001).orderBy('id').execute();
    const byName = (name: string) => templates.find((template) => template.name === name)!;
    expect(templates.map((t) => [t.name, t.state, t.validity])).toEqual([
      [DEMO_COUPON_NAMES.newcomer, 1, 2],
      [DEMO_COUPON_NAMES.tiles, 1, 1],
      [DEMO_COUPON_NAMES.spring, 2, 2],
    ]);
    const unused = await h.database.db.selectFrom('store_coupon').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', 1001).where('state', '=', 1).where('valid_until', '>', new Date()).executeTakeFirstOrThrow();
    expect(Number(unused.n)).toBeGreaterThan(0);

    const before = (await h.call<Check>(`${LOGOUT}/checkStoreCanLogout`, {}, token)).data;
    expect(countsOf(before.blockers).runningCoupons).toBe(2);
    expect(countsOf(before.warnings).unusedCoupons).toBe(Number(unused.n));
    expect(before.reasons).toContain('2 coupon campaign(s) still running; stop them first');

    // One stopped through its call, the other's fixed dates over: none is left running.
    expect((await h.call(couponEndpoints.stopCoupon.path, { templateId: byName(DEMO_COUPON_NAMES.newcomer).id }, token)).code).toBe(OK);
    expect(countsOf((await h.call<Check>(`${LOGOUT}/checkStoreCanLogout`, {}, token)).data.blockers).runningCoupons).toBe(1);
    await h.database.db.updateTable('store_coupon_template').set({ valid_until: new Date(Date.now() - 1000) }).where('id', '=', byName(DEMO_COUPON_NAMES.tiles).id).execute();
    const after = (await h.call<Check>(`${LOGOUT}/checkStoreCanLogout`, {}, token)).data;
    expect(countsOf(after.blockers).runningCoupons).toBeUndefined();
    // Claimed coupons stay the buyers' own when a campaign stops: a warning, never a blocker.
    expect(countsOf(after.warnings).unusedCoupons).toBeGreaterThan(0);
  });

  it('counts running group buys, time-limited sales not over and open campaign applications as blockers until they are stopped, withdrawn or over', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const db = h.database.db;
    const now = new Date();
    const countsOf = (items: Check['blockers']) => Object.fromEntries(items.map((item) => [item.code, item.count]));
    const check = async () => countsOf((await h.call<Check>(`${LOGOUT}/checkStoreCanLogout`, {}, token)).data.blockers);
    // The demo store's seeds: a running group buy; a sale running and one to come (the ended one does not count);
    // a pending application to an open campaign and an approved one to a running campaign (the rejected one does not).
    const groupBuys = await db.selectFrom('store_group_buy').select('id').where('store_id', '=', 1001).where('state', '=', 1).where('ends_at', '>', now).execute();
    const sales = await db.selectFrom('store_flash_sale').select('id').where('store_id', '=', 1001).where('state', '=', 1).where('end_at', '>', now).execute();
    const applications = await db.selectFrom('store_activity_application').select(['id', 'state']).where('store_id', '=', 1001).where('state', 'in', [1, 2]).execute();
    expect([groupBuys.length, sales.length, applications.length]).toEqual([1, 2, 2]);
    const before = await check();
    expect([before.runningGroupBuys, before.runningFlashSales, before.activityApplications]).toEqual([1, 2, 2]);

    // Stopped through their calls, the pending application withdrawn, the approved one's campaign over: none is left.
    expect((await h.call(groupBuyEndpoints.stopGroupBuy.path, { groupBuyId: groupBuys[0]!.id }, token)).code).toBe(OK);
    for (const sale of sales) expect((await h.call(flashSaleEndpoints.stopFlashSale.path, { saleId: sale.id }, token)).code).toBe(OK);
    const pending = applications.find((application) => application.state === 1)!;
    expect((await h.call(activityEndpoints.withdrawActivity.path, { applicationId: pending.id }, token)).code).toBe(OK);
    expect((await check()).activityApplications).toBe(1);
    const approved = applications.find((application) => application.state === 2)!;
    const campaign = await db.selectFrom('store_activity_application').select('activity_id').where('id', '=', approved.id).executeTakeFirstOrThrow();
    await db.updateTable('platform_activity').set({ run_until: new Date(Date.now() - 1000) }).where('id', '=', campaign.activity_id).execute();
    const after = await check();
    expect([after.runningGroupBuys, after.runningFlashSales, after.activityApplications]).toEqual([undefined, undefined, undefined]);
  });

  it('needs a pay-password check on the session, then accepts one pending request per store: a repeated submit answers the first answer, a second one is refused; the request is in the operation log', async () => {
    const { token } = await newStore('13900000007', 'closing_twice');
    expect((await h.call(`${LOGOUT}/insertRecords`, { logoutReason: '   ' }, token)).code).toBe('10100001');
    // Without a pay-password check on this session, nothing is recorded.
    const unchecked = await h.call(`${LOGOUT}/insertRecords`, { logoutReason: 'closing down' }, token);
    expect([unchecked.code, unchecked.msg]).toEqual(['10100005', 'verify the pay password first']);
    expect(await h.database.db.selectFrom('store_logout_record').selectAll().execute()).toEqual([]);
    await payChecked(token, '13900000007');
    const idempotencyKey = randomUUID();
    const first = await h.call<{ id: number; ref: string }>(`${LOGOUT}/insertRecords`, { logoutReason: 'closing down', idempotencyKey }, token);
    const repeat = await h.call<{ id: number; ref: string }>(`${LOGOUT}/insertRecords`, { logoutReason: 'closing down', idempotencyKey }, token);
    expect(first.code).toBe(OK);
    expect(repeat.data).toEqual(first.data);
    expect(first.data.ref).toMatch(/^[0-9a-f-]{36}$/);
    const second = await h.call(`${LOGOUT}/insertRecords`, { logoutReason: 'closing down' }, token);
    expect(second.code).toMatch(/^1010000[59]$/);
    expect(await h.database.db.selectFrom('store_logout_record').selectAll().execute()).toHaveLength(1);
    // One operation-log entry: who, when, from which session; the refused and repeated submits wrote none.
    const logged = await h.database.db.selectFrom('store_operation_log').select(['user_id', 'session_id', 'operation_start_time']).where('operation_type', '=', 'STORE_LOGOUT_APPLY').execute();
    expect(logged).toEqual([{ user_id: expect.any(Number), session_id: expect.any(Number), operation_start_time: expect.any(Date) }]);
    const after = await h.call<Check>(`${LOGOUT}/checkStoreCanLogout`, {}, token);
    expect(after.data).toMatchObject({ canLogout: false, blockers: [{ code: 'pendingRequest', count: 1 }], latestRequest: { id: first.data.id, ref: first.data.ref, status: 1 } });
  });

  it('needs shop:deregister: a sub-account whose roles lack it is refused with 10100003 and nothing is recorded', async () => {
    const db = h.database.db;
    const staff = await h.login('demo_staff', 'Demo12345');
    await db.deleteFrom('store_role_permission').where('permission_code', '=', 'shop:deregister').execute();
    const refused = await h.call(`${LOGOUT}/insertRecords`, { logoutReason: 'closing' }, staff);
    expect([refused.code, refused.msg]).toEqual(['10100003', 'no permission, please ask the store administrator for access']);
    expect(await db.selectFrom('store_logout_record').selectAll().where('store_id', '=', 1001).execute()).toEqual([]);
    // The owner is not held back by roles: the store's own rules answer (money still held).
    const owner = await h.login('demo_merchant', 'Demo12345');
    expect((await h.call(`${LOGOUT}/insertRecords`, { logoutReason: 'closing' }, owner)).code).toBe('10100005');
  });

  it('the operator refuses with a reason or approves, which closes the store (status 4) and takes its goods off the shelf; /logouting reads the result by its ref without sign-in', async () => {
    const { token, storeId } = await newStore('13900000008', 'closing_result');
    await payChecked(token, '13900000008');
    const first = await h.call<{ id: number; ref: string }>(`${LOGOUT}/insertRecords`, { logoutReason: 'moving abroad' }, token);
    const result = (ref: string) => h.call<Record<string, unknown>>(`${LOGOUT}/queryLogoutResult`, { ref }, null);
    expect((await result(first.data.ref)).data).toMatchObject({ id: first.data.id, status: 1, decideTime: null, rejectReason: null });
    expect((await result(randomUUID())).code).toBe('10100004');
    expect((await result('1')).code).toBe('10100001');

    expect((await decide(first.data.id, 'reject')).code).not.toBe(OK);
    const refused = await decide(first.data.id, 'reject', { reason: 'Unpaid platform fee' });
    expect([refused.code, refused.data?.status, refused.data?.rejectReason]).toEqual([OK, 3, 'Unpaid platform fee']);
    expect((await result(first.data.ref)).data).toMatchObject({ status: 3, rejectReason: 'Unpaid platform fee', decideTime: expect.any(Number) });
    expect((await decide(first.data.id, 'approve')).code).toBe('10100005');

    const second = await h.call<{ id: number; ref: string }>(`${LOGOUT}/insertRecords`, { logoutReason: 'moving abroad' }, token);
    // An order that arrived after the request stops the approval; the request stays pending.
    const orderId = await addOrder(storeId, 1);
    const blocked = await decide(second.data.id, 'approve');
    expect([blocked.code, blocked.msg]).toEqual(['10100005', expect.stringContaining('1 order(s) still to ship')]);
    await h.database.db.updateTable('store_order').set({ status: 5 }).where('id', '=', orderId).execute();
    const goodsIn = (status: number) => h.database.db.insertInto('store_goods').values({ store_id: storeId, status, category_id: null, unit_id: null, images: '[]', video: null, detail_images: '[]', spec_list: '[]', freight_template_id: null, after_sale_template_id: null, reject_reason: null }).returning('id').executeTakeFirstOrThrow();
    const [onShelf, draft] = [await goodsIn(GOODS_STATUS.onShelf), await goodsIn(GOODS_STATUS.draft)];
    const approved = await decide(second.data.id, 'approve');
    expect([approved.code, approved.data?.status]).toEqual([OK, 2]);
    const store = await h.database.db.selectFrom('store_store').select(['store_status', 'forbidden_reason']).where('id', '=', storeId).executeTakeFirstOrThrow();
    expect(store).toEqual({ store_status: 4, forbidden_reason: expect.stringContaining('closed at the merchant') });
    // Its goods on the shelf came off with it; the others stay as they were.
    const goods = await h.database.db.selectFrom('store_goods').select(['id', 'status']).where('store_id', '=', storeId).orderBy('id').execute();
    expect(goods).toEqual([{ id: onShelf.id, status: GOODS_STATUS.offShelf }, { id: draft.id, status: GOODS_STATUS.draft }]);
    expect((await result(second.data.ref)).data).toMatchObject({ status: 2, rejectReason: null });
    expect((await decide(second.data.id, 'approve')).code).toBe('10100005');
    expect((await decide(999999, 'approve')).code).toBe('10100004');
  });

  it('the operator CLI takes logout-approve <requestId> and logout-reject <requestId> --reason, and refuses a refusal without a reason', async () => {
    expect(parseOperatorArgs(['logout-approve', '12'])).toEqual({ ok: true, command: { action: 'approve', requestId: 12 } });
    expect(parseOperatorArgs(['logout-reject', '12', '--reason', 'Unpaid fee'])).toEqual({ ok: true, command: { action: 'reject', requestId: 12, reason: 'Unpaid fee' } });
    expect(parseOperatorArgs(['logout-reject', '12'])).toMatchObject({ ok: false });
    expect(parseOperatorArgs(['logout-approve', '12', '--reason', 'x'])).toMatchObject({ ok: false });
    const { token } = await newStore('13900000009', 'closing_cli');
    await payChecked(token, '13900000009');
    const sent = await h.call<{ id: number }>(`${LOGOUT}/insertRecords`, { logoutReason: 'retiring' }, token);
    const parsed = parseOperatorArgs(['logout-approve', String(sent.data.id)]);
    if (!parsed.ok) throw new Error(parsed.message);
    const answer = await runOperatorCommand(parsed.command, { STORE_SERVER_URL: operatorUrl, OPERATOR_KEY: KEY });
    expect([answer.code, answer.data && 'status' in answer.data ? answer.data.status : null]).toEqual([OK, 2]);
  });

  it('seeds a demo store that can close (demo_closing, pay password set) beside the blocked demo store', async () => {
    const token = await h.login('demo_closing', 'Demo12345');
    expect((await h.call<Check>(`${LOGOUT}/checkStoreCanLogout`, {}, token)).data).toMatchObject({ canLogout: true, blockers: [] });
    expect((await h.call('/v1/store/pay/user/checkPayPassword', { payPassword: '135790' }, token)).code).toBe(OK);
  });
});
