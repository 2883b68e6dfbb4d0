import { startTestServer, type TestHarness } from '../../testing/harness';

const LOGOUT = '/v1/store/eshop/store/logout';
const USER = '/v1/store/eshop/store/user';

describe('store deregistration', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());

  it('refuses while money is held, and accepts one pending request for an empty store', async () => {
    const demo = await h.login('demo_merchant', 'Demo12345');
    const demoCheck = await h.call<{ canLogout: boolean; reasons: string[] }>(`${LOGOUT}/checkStoreCanLogout`, {}, demo);
    expect(demoCheck.data.canLogout).toBe(false);
    expect(demoCheck.data.reasons).toEqual(expect.arrayContaining(['the wallet balance must be withdrawn first']));
    const refused = await h.call(`${LOGOUT}/insertRecords`, { logoutReason: 'closing' }, demo);
    expect(refused.code).toBe('10100005');
    expect(refused.msg).toContain('the wallet balance must be withdrawn first');

    await h.call(`${USER}/sendRegisterCheckCode`, { mobile: '13900000005' });
    const reg = await h.call<{ accessToken: string }>(`${USER}/registerUser`, {
      userName: 'closing_shop', password: 'Closing123', mobile: '13900000005', checkCode: await h.lastCheckCode('13900000005'),
    });
    const token = reg.data.accessToken;
    expect((await h.call(`${LOGOUT}/insertRecords`, { logoutReason: '   ' }, token)).msg).toContain('logoutReason is required');
    expect((await h.call<{ canLogout: boolean }>(`${LOGOUT}/checkStoreCanLogout`, {}, token)).data.canLogout).toBe(true);
    const [a, b] = await Promise.all([
      h.client(token).request(`${LOGOUT}/insertRecords`, { logoutReason: 'closing down' }, { silent: true }).catch((e) => e),
      h.client(token).request(`${LOGOUT}/insertRecords`, { logoutReason: 'closing down' }, { silent: true }).catch((e) => e),
    ]);
    expect([a.code, b.code].sort()).toEqual(['00000000', expect.stringMatching(/^1010000[59]$/)]);
    const rows = await h.database.db.selectFrom('store_logout_record').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ logout_reason: 'closing down', status: 1 });
    const after = await h.call<{ canLogout: boolean; reasons: string[] }>(`${LOGOUT}/checkStoreCanLogout`, {}, token);
    expect(after.data.reasons).toEqual(['a deregistration request is already under review']);
  });

  it('gives the reasons and the refusal in the caller\'s language (zh-CN by default)', async () => {
    const demo = await h.login('demo_merchant', 'Demo12345');
    const chinese = h.client(demo, 'none', null);
    const check = await chinese.post<{ canLogout: boolean; reasons: string[] }>(`${LOGOUT}/checkStoreCanLogout`, {});
    expect(check.reasons).toEqual(expect.arrayContaining(['请先提现钱包余额', '请先退还保证金']));
    const refused = await chinese.request(`${LOGOUT}/insertRecords`, { logoutReason: 'closing' }, { silent: true, acceptCodes: ['10100005'] });
    expect([refused.code, refused.msg]).toEqual(['10100005', expect.stringContaining('请先提现钱包余额；')]);
    expect(await h.database.db.selectFrom('store_logout_record').selectAll().where('store_id', '=', 1001).execute()).toEqual([]);
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
});
