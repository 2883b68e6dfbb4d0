// The operator command of docs/onboarding.md against a real store-server: review decisions change the
// store status the merchant's own calls then see; no store token reaches the endpoint; bad input
// changes nothing.
import { createStoreServer, type StoreServer } from '../../server';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { parseOperatorArgs, runOperatorCommand } from './operator.cli';
import { OPERATOR_KEY_HEADER } from './operator.schemas';

const USER = '/v1/store/eshop/store/user';
const OK = '00000000';
const KEY = 'operator-key-for-tests-0123456789abcdef';
const DEMO = { review: 1003, rejected: 1004, disabled: 1005, approved: 1001 };

describe('operator command: approve, reject, disable, enable', () => {
  let h: TestHarness;
  let operatorServer: StoreServer;
  let operatorUrl: string;

  beforeAll(async () => {
    h = await startTestServer();
    // A second server on the same database, configured with an operator key (the harness server has none).
    operatorServer = await createStoreServer({ host: '127.0.0.1', port: 0, logLevel: 'silent', operatorKey: KEY }, { database: h.database });
    operatorUrl = (await operatorServer.listen()).url;
  });
  afterAll(async () => {
    await operatorServer.close();
    await h.close();
  });
  beforeEach(() => h.reset());

  const operate = (storeId: number | string, action: string, body: unknown = {}, key: string | null = KEY) =>
    fetch(`${operatorUrl}/operator/stores/${storeId}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === null ? {} : { [OPERATOR_KEY_HEADER]: key }) },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, ...((await response.json()) as { code: string; msg: string; data: Record<string, unknown> | null }) }));

  const storeRow = (id: number) =>
    h.database.db.selectFrom('store_store').select(['store_status', 'reject_reason', 'forbidden_reason']).where('id', '=', id).executeTakeFirstOrThrow();
  const userInfo = async (userName: string) => {
    const token = await h.login(userName, 'Demo12345');
    return (await h.call<Record<string, unknown>>(`${USER}/getUserByToken`, { token }, token)).data;
  };

  it('approves a store under review; the merchant then enters the app with status 2', async () => {
    const approved = await operate(DEMO.review, 'approve');
    expect([approved.status, approved.code, approved.data?.storeStatus]).toEqual([200, OK, 2]);
    expect((await storeRow(DEMO.review)).store_status).toBe(2);
    expect(await userInfo('demo_review')).toMatchObject({ storeStatus: 2 });
  });

  it('rejects with a reason the merchant reads, who recovers the application and re-submits it', async () => {
    const rejected = await operate(DEMO.review, 'reject', { reason: '  Licence photo is blurred  ' });
    expect([rejected.code, rejected.data?.storeStatus, rejected.data?.rejectReason]).toEqual([OK, 3, 'Licence photo is blurred']);
    const token = await h.login('demo_review', 'Demo12345');
    const info = await h.call<Record<string, unknown>>(`${USER}/getStoreInfoByToken`, {}, token);
    expect(info.data).toMatchObject({ storeStatus: 3, rejectReason: 'Licence photo is blurred' });
    const draft = await h.call<Record<string, unknown>>(`${USER}/recoveryStoreInfoByToken`, {}, token);
    expect(draft.code).toBe(OK);
    const resubmitted = await h.call<{ storeStatus: number }>(`${USER}/registerStore`, draft.data, token);
    expect([resubmitted.code, resubmitted.data]).toEqual([OK, { storeStatus: 1 }]);
    expect(await storeRow(DEMO.review)).toMatchObject({ store_status: 1, reject_reason: null });
    expect((await operate(DEMO.review, 'approve')).data?.storeStatus).toBe(2);
  });

  it('disables with a forbiddenReason shown to the merchant, and enables again', async () => {
    const disabled = await operate(DEMO.approved, 'disable', { reason: 'Counterfeit goods reported' });
    expect([disabled.code, disabled.data?.storeStatus]).toEqual([OK, 4]);
    expect(await userInfo('demo_merchant')).toMatchObject({ storeStatus: 4, forbiddenReason: 'Counterfeit goods reported' });
    const enabled = await operate(DEMO.approved, 'enable');
    expect([enabled.code, enabled.data?.storeStatus, enabled.data?.forbiddenReason]).toEqual([OK, 2, null]);
    expect(await userInfo('demo_merchant')).toMatchObject({ storeStatus: 2, forbiddenReason: '' });
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const before = await storeRow(DEMO.review);
    const cases: Array<[number | string, string, unknown, number, string, RegExp]> = [
      [DEMO.review, 'reject', {}, 400, '10100001', /reject needs --reason/],
      [DEMO.review, 'reject', { reason: '   ' }, 400, '10100001', /reason is required/],
      [DEMO.review, 'reject', { reason: 'x'.repeat(201) }, 400, '10100001', /at most 200/],
      [DEMO.review, 'approve', { reason: 'why' }, 400, '10100001', /approve takes no reason/],
      [DEMO.review, 'delete', {}, 400, '10100001', /choose a valid action/],
      ['abc', 'approve', {}, 400, '10100001', /storeId/],
      [-5, 'approve', {}, 400, '10100001', /storeId must be greater than 0/],
      [999999, 'approve', {}, 404, '10100004', /store 999999 not found/],
      [DEMO.review, 'enable', {}, 409, '10100005', /cannot enable store 1003: it is under review/],
      [DEMO.review, 'disable', { reason: 'no' }, 409, '10100005', /cannot disable store 1003/],
      [DEMO.approved, 'approve', {}, 409, '10100005', /it is approved/],
      [DEMO.rejected, 'reject', { reason: 'again' }, 409, '10100005', /it is rejected/],
    ];
    for (const [storeId, action, body, status, code, msg] of cases) {
      const answer = await operate(storeId, action, body);
      expect([storeId, action, answer.status, answer.code]).toEqual([storeId, action, status, code]);
      expect(answer.msg).toMatch(msg);
    }
    expect(await storeRow(DEMO.review)).toEqual(before);
    expect((await storeRow(DEMO.approved)).store_status).toBe(2);
    // A malformed body does not crash the server.
    const garbage = await fetch(`${operatorUrl}/operator/stores/${DEMO.review}/approve`, {
      method: 'POST', headers: { 'content-type': 'application/json', [OPERATOR_KEY_HEADER]: KEY }, body: '{not json',
    });
    expect(garbage.status).toBe(400);
    expect(await storeRow(DEMO.review)).toEqual(before);
  });

  it('cannot be reached with a store token, a wrong key, or on a server without an operator key', async () => {
    const token = await h.login('demo_review', 'Demo12345');
    for (const key of [null, token, `${KEY}x`, '']) {
      const answer = await operate(DEMO.review, 'approve', {}, key);
      expect([answer.status, answer.code, answer.msg]).toEqual([401, '10100003', 'operator key required']);
    }
    const bearer = await fetch(`${operatorUrl}/operator/stores/${DEMO.review}/approve`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}',
    });
    expect(bearer.status).toBe(401);
    // The harness server has no operator key: the route does not exist at all.
    const absent = await fetch(`${h.url}/operator/stores/${DEMO.review}/approve`, {
      method: 'POST', headers: { 'content-type': 'application/json', [OPERATOR_KEY_HEADER]: KEY }, body: '{}',
    });
    expect(absent.status).toBe(404);
    // Nor is it a call of the store envelope.
    expect((await h.call('/operator/stores/1003/approve', {}, token)).code).not.toBe(OK);
    expect((await storeRow(DEMO.review)).store_status).toBe(1);
  });

  it('the CLI parses its arguments with the same rules and drives the endpoint', async () => {
    expect(parseOperatorArgs(['approve', '1003'])).toEqual({ ok: true, command: { action: 'approve', storeId: 1003 } });
    expect(parseOperatorArgs(['reject', '1003', '--reason', 'blurred'])).toEqual({ ok: true, command: { action: 'reject', storeId: 1003, reason: 'blurred' } });
    expect(parseOperatorArgs(['reject', '1003'])).toEqual({ ok: false, message: 'reject needs --reason' });
    expect(parseOperatorArgs(['approve'])).toEqual({ ok: false, message: 'expected an action and one store id' });
    expect(parseOperatorArgs(['approve', '1003', '--force'])).toMatchObject({ ok: false });
    const env = { STORE_SERVER_URL: operatorUrl, OPERATOR_KEY: KEY };
    const rejected = await runOperatorCommand({ action: 'reject', storeId: DEMO.review, reason: 'blurred' }, env);
    expect([rejected.code, rejected.data?.storeStatus]).toEqual([OK, 3]);
    const refused = await runOperatorCommand({ action: 'approve', storeId: DEMO.review }, { ...env, OPERATOR_KEY: 'wrong' });
    expect(refused.code).toBe('10100003');
    expect((await storeRow(DEMO.review)).store_status).toBe(3);
  });
  it('the CLI reviews goods: goods-approve puts goods under review on shelf, goods-reject needs a reason', async () => {
    expect(parseOperatorArgs(['goods-approve', '200001'])).toEqual({ ok: true, command: { action: 'approve', goodsId: 200001 } });
    expect(parseOperatorArgs(['goods-reject', '200001', '--reason', 'blurred'])).toEqual({ ok: true, command: { action: 'reject', goodsId: 200001, reason: 'blurred' } });
    expect(parseOperatorArgs(['goods-reject', '200001'])).toEqual({ ok: false, message: 'goods-reject needs --reason' });
    expect(parseOperatorArgs(['goods-delete', '200001'])).toMatchObject({ ok: false });
    expect(parseOperatorArgs(['goods-approve'])).toEqual({ ok: false, message: 'expected a goods action and one goods id' });
    const [review, second] = await h.database.db.selectFrom('store_goods').select('id').where('store_id', '=', DEMO.approved).where('status', '=', 1).orderBy('id').limit(2).execute();
    const env = { STORE_SERVER_URL: operatorUrl, OPERATOR_KEY: KEY };
    const approved = await runOperatorCommand({ action: 'approve', goodsId: review!.id }, env);
    expect([approved.code, approved.data?.status]).toEqual([OK, 2]);
    const rejected = await runOperatorCommand({ action: 'reject', goodsId: second!.id, reason: 'Blurred' }, env);
    expect([rejected.code, rejected.data?.status, rejected.data?.rejectReason]).toEqual([OK, 4, 'Blurred']);
    const again = await runOperatorCommand({ action: 'approve', goodsId: review!.id }, env);
    expect(again.code).toBe('10100005');
    const wrongKey = await runOperatorCommand({ action: 'approve', goodsId: second!.id }, { ...env, OPERATOR_KEY: 'wrong' });
    expect(wrongKey.code).toBe('10100003');
    const rows = await h.database.db.selectFrom('store_goods').select(['id', 'status']).where('id', 'in', [review!.id, second!.id]).orderBy('id').execute();
    expect(rows.map((r) => r.status)).toEqual([2, 4]);
  });
});
