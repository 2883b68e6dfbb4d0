// Route permission codes (docs/permissions.md): the owner holds every code, the demo staff role all
// but pay:password and media:delete; a refusal answers 10100003 in the caller's language and changes nothing.
import { ALL_PERMISSION_CODES, PERMISSIONS, PERMISSION_DENIED, STORE_CODES } from '@merchant/api-contracts';
import { DEFAULT_CONFIG } from '../config';
import { DEMO_STAFF } from '../db/seed-staff';
import { buildStoreModules } from '../modules';
import { startTestServer, type TestHarness } from '../testing/harness';

const PAY = '/v1/store/pay/user';
const USER = '/v1/store/eshop/store/user';
const OWNER_MOBILE = '13800001001';
const NO_PERMISSION_EN = 'no permission, please ask the store administrator for access';

describe('route permission codes', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  const payHashes = async () =>
    (await h.database.db.selectFrom('store_user').select('pay_password_hash').where('store_id', '=', 1001).execute()).map((r) => r.pay_password_hash);
  const checkCodesIssued = async () =>
    Number((await h.database.db.selectFrom('store_check_code').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const staffLogin = () => h.login(DEMO_STAFF.userName, DEMO_STAFF.password);

  it('getUserByToken lists every code for the owner and the role codes for demo_staff', async () => {
    const owner = await h.call<{ permissions: string[]; roles: string[] }>(`${USER}/getUserByToken`, { token: await h.login('demo_merchant', 'Demo12345') });
    expect(owner.data.permissions).toEqual([...ALL_PERMISSION_CODES]);
    const staff = await h.call<{ permissions: string[]; roles: string[]; storeName: string }>(`${USER}/getUserByToken`, { token: await staffLogin() });
    expect(staff.data.roles).toEqual(['admin']);
    expect(staff.data.storeName).toBe('Demo Flagship Store');
    expect(staff.data.permissions).toEqual(ALL_PERMISSION_CODES.filter((c) => c !== 'pay:password' && c !== 'media:delete'));
  });

  it('lets the owner initialise the pay password (pay:password)', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    expect((await h.call(`${PAY}/sendInitPayPasswordCheckCode`, {}, token)).code).toBe(STORE_CODES.success);
    const checkCode = await h.lastCheckCode(OWNER_MOBILE);
    expect((await h.call(`${PAY}/initPayPassword`, { payPassword: '135790', checkCode }, token)).code).toBe(STORE_CODES.success);
    expect((await h.call<{ isSetPayPassword: boolean }>(`${PAY}/isSetPayPassword`, {}, token)).data.isSetPayPassword).toBe(true);
  });

  it('refuses demo_staff on every pay:password route with 10100003 and a clear message, changing nothing', async () => {
    const token = await staffLogin();
    const codesBefore = await checkCodesIssued();
    const calls: Array<[string, unknown]> = [
      ['sendInitPayPasswordCheckCode', {}],
      ['initPayPassword', { payPassword: '135790', checkCode: '123456' }],
      ['sendSetPayPasswordCheckCode', {}],
      ['setPayPassword', { payPassword: '135790', checkCode: '123456' }],
      ['updatePayPassword', { oldPayPassword: '135790', newPayPassword: '246802' }],
    ];
    for (const [name, biz] of calls) {
      expect(await h.call(`${PAY}/${name}`, biz, token)).toMatchObject({ code: PERMISSION_DENIED, msg: NO_PERMISSION_EN, data: null });
    }
    const zh = h.client(token, 'none', null);
    const refusedZh = await zh.request(`${PAY}/initPayPassword`, { payPassword: '135790', checkCode: '123456' }, { silent: true, acceptCodes: [PERMISSION_DENIED] });
    expect([refusedZh.code, refusedZh.msg]).toEqual([PERMISSION_DENIED, '暂无权限，请联系店铺管理员开通']);
    expect(await payHashes()).toEqual([null, null, null]);
    expect(await checkCodesIssued()).toBe(codesBefore);
    // Bad input does not reveal more than the refusal: the permission is checked before the body.
    expect((await h.call(`${PAY}/initPayPassword`, { payPassword: 'x' }, token)).code).toBe(PERMISSION_DENIED);
    // Routes without a code stay open to the staff account.
    expect((await h.call<{ isSetPayPassword: boolean }>(`${PAY}/isSetPayPassword`, {}, token)).code).toBe(STORE_CODES.success);
  });

  it('does not let a forged or unknown permission help', async () => {
    const token = await staffLogin();
    // A permission list sent by the client is not read.
    const forged = await h.call(`${PAY}/sendInitPayPasswordCheckCode`, { permissions: ['pay:password'], roles: ['owner'] }, token);
    expect(forged.code).toBe(PERMISSION_DENIED);

    const db = h.database.db;
    const staff = await db.selectFrom('store_user').select('id').where('username', '=', DEMO_STAFF.userName).executeTakeFirstOrThrow();
    // Codes outside the catalogue (wildcards, other spellings, role names) grant nothing.
    const own = await db.insertInto('store_role').values({ store_id: 1001, name: 'forged' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('store_role_permission')
      .values(['pay:*', 'PAY:PASSWORD', 'pay:password ', 'admin', '*'].map((permission_code) => ({ role_id: own.id, permission_code })))
      .execute();
    // A role of another store that holds pay:password, linked to demo_staff, grants nothing in store 1001.
    const foreign = await db.insertInto('store_role').values({ store_id: 1006, name: 'foreign' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('store_role_permission').values({ role_id: foreign.id, permission_code: PERMISSIONS.payPassword }).execute();
    await db.insertInto('store_user_role').values([{ user_id: staff.id, role_id: own.id }, { user_id: staff.id, role_id: foreign.id }]).execute();

    expect((await h.call(`${PAY}/initPayPassword`, { payPassword: '135790', checkCode: '123456' }, token)).code).toBe(PERMISSION_DENIED);
    const info = await h.call<{ permissions: string[] }>(`${USER}/getUserByToken`, { token });
    expect(info.data.permissions).not.toContain(PERMISSIONS.payPassword);
    expect(info.data.permissions.every((code) => (ALL_PERMISSION_CODES as readonly string[]).includes(code))).toBe(true);
    expect(await payHashes()).toEqual([null, null, null]);
  });

  it('gives the owner bad input a clear code and changes nothing on a permission route', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const bad = await h.call(`${PAY}/initPayPassword`, { payPassword: '12ab56', checkCode: '000000' }, token);
    expect([bad.code, bad.msg]).toEqual([STORE_CODES.invalidParameter, expect.stringContaining('payPassword must be 6 digits')]);
    expect(await payHashes()).toEqual([null, null, null]);
  });

  it('marks exactly the pay-password init, set and update routes (and their check codes) with pay:password', () => {
    const { routes } = buildStoreModules({ db: h.database.db, clock: { now: () => new Date() }, config: { ...DEFAULT_CONFIG, dataDir: 'memory://' }, checkCodeDelivery: { deliver: async () => {} } as never });
    const marked = routes.filter((r) => r.permission === PERMISSIONS.payPassword).map((r) => r.path.replace(`${PAY}/`, '')).sort();
    expect(marked).toEqual(['initPayPassword', 'sendInitPayPasswordCheckCode', 'sendSetPayPasswordCheckCode', 'setPayPassword', 'updatePayPassword']);
  });
});
