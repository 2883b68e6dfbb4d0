import { verifyImToken } from '@merchant/im-core/server';
import { DEMO_STAFF, DEMO_SUPPORT } from '../../db/seed-staff';
import { startTestServer, type TestHarness } from '../../testing/harness';

const USER = '/v1/store/eshop/store/user';

describe('sign-in, user info, IM token (walking skeleton)', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  it('answers /healthz and CORS for the console origin only', async () => {
    const health = await fetch(`${h.url}/healthz`);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const allowed = await fetch(`${h.url}${USER}/login`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:4200', 'Access-Control-Request-Method': 'POST' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');
    const refused = await fetch(`${h.url}${USER}/login`, { method: 'OPTIONS', headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('signs the demo merchant in (user name trimmed) and returns the user info', async () => {
    const login = await h.call<{ accessToken: string; storeStatus: number }>(`${USER}/login`, { userName: '  demo_merchant ', password: 'Demo12345' });
    expect(login.code).toBe('00000000');
    expect(login.data.storeStatus).toBe(2);
    expect(login.data.accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const info = await h.call<Record<string, unknown>>(`${USER}/getUserByToken`, { token: login.data.accessToken });
    expect(info.code).toBe('00000000');
    expect(info.data).toMatchObject({
      roles: ['admin'],
      storeStatus: 2,
      storeType: 1,
      storeName: 'Demo Flagship Store',
      accessToken: login.data.accessToken,
      forbiddenReason: '',
    });
    expect(Object.keys(info.data).sort()).toEqual(
      ['accessToken', 'avatarUrl', 'forbiddenReason', 'nickname', 'owner', 'permissions', 'roles', 'storeName', 'storeStatus', 'storeType', 'uid'].sort(),
    );
  });

  it('says whether the signed-in account is the store owner: demo_merchant is, its sub-accounts are not', async () => {
    const ownerOf = async (userName: string) =>
      (await h.call<{ owner: boolean; storeName: string }>(`${USER}/getUserByToken`, { token: await h.login(userName, 'Demo12345') })).data;
    expect(await ownerOf('demo_merchant')).toMatchObject({ owner: true, storeName: 'Demo Flagship Store' });
    expect(await ownerOf(DEMO_STAFF.userName)).toMatchObject({ owner: false, storeName: 'Demo Flagship Store' });
    expect(await ownerOf(DEMO_SUPPORT.userName)).toMatchObject({ owner: false, storeName: 'Demo Flagship Store' });
  });

  it('refuses wrong credentials without a token', async () => {
    const wrong = await h.call(`${USER}/login`, { userName: 'demo_merchant', password: 'Wrong12345' });
    expect(wrong.code).not.toBe('00000000');
    expect(wrong.msg).toBe('wrong username or password');
    expect(wrong.data).toBeNull();
    const unknown = await h.call(`${USER}/login`, { userName: 'nobody_here', password: 'Demo12345' });
    expect(unknown.msg).toBe('wrong username or password');
  });

  it.each([
    [{ userName: 'short', password: 'Demo12345' }, 'user name must be 6 to 20'],
    [{ userName: 'demo merchant', password: 'Demo12345' }, 'user name must be 6 to 20'],
    [{ userName: 'demo_merchant', password: 'Demo123' }, 'password must be at least 8 characters'],
    [{ userName: 'demo_merchant', password: '123456789' }, 'at least one letter'],
    [{ userName: 'demo_merchant', password: 'abcdefghij' }, 'at least one digit'],
    [{ password: 'Demo12345' }, 'userName is required'],
  ])('validates the login fields server-side: %j', async (biz, message) => {
    const result = await h.call(`${USER}/login`, biz);
    expect(result.code).toBe('10100001');
    expect(result.msg).toContain(message);
  });

  it('asks for a captcha (10103003) after 3 failures and throttles after 5', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await h.call(`${USER}/login`, { userName: 'demo_merchant', password: 'Wrong12345' })).code).toBe('10103001');
    }
    const challenged = await h.call(`${USER}/login`, { userName: 'demo_merchant', password: 'Demo12345' });
    expect(challenged.code).toBe('10103003');
    expect(String(challenged.errInfo?.value)).toMatch(/^data:image\/svg\+xml;base64,/);
    const key = String(challenged.errInfo?.key);
    const { answer } = (await (await fetch(`${h.url}/__test__/captcha?key=${key}`)).json()) as { answer: string };
    // A solved captcha lets a correct sign-in through.
    const ok = await h.call<{ accessToken: string }>(`${USER}/login`, { userName: 'demo_merchant', password: 'Demo12345', captchaKey: key, captchaCode: answer });
    expect(ok.code).toBe('00000000');

    // Success cleared the counter; 5 more failures (captcha solved each time from the 4th) lock the name.
    for (let i = 0; i < 5; i++) {
      const attempt = await h.call(`${USER}/login`, { userName: 'demo_merchant', password: 'Wrong12345' });
      if (attempt.code === '10103003') {
        const k = String(attempt.errInfo?.key);
        const a = ((await (await fetch(`${h.url}/__test__/captcha?key=${k}`)).json()) as { answer: string }).answer;
        expect((await h.call(`${USER}/login`, { userName: 'demo_merchant', password: 'Wrong12345', captchaKey: k, captchaCode: a })).code).toBe('10103001');
      } else {
        expect(attempt.code).toBe('10103001');
      }
    }
    const locked = await h.call(`${USER}/login`, { userName: 'demo_merchant', password: 'Demo12345' });
    expect(locked.code).toBe('10103002');
    expect(locked.msg).toMatch(/too many failed sign-ins/);
    const rows = await h.database.db.selectFrom('store_rate_event').select('bucket').where('bucket', '=', 'login-failure').execute();
    expect(rows).toHaveLength(5); // kept in the database, not in memory
  });

  it('logout revokes the token; an unknown token answers 10302006', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    expect((await h.call(`${USER}/logout`, { accessToken: token })).code).toBe('00000000');
    const after = await h.call(`${USER}/getUserByToken`, { token });
    expect(after.code).toBe('10302006');
    expect((await h.call(`${USER}/getUserByToken`, { token: 'not-a-token' })).code).toBe('10302006');
    // Malformed input gets the parameter code, not a crash.
    for (const bad of [{}, { token: 42 }, { token: '' }, { token: 'x'.repeat(500) }]) {
      expect((await h.call(`${USER}/getUserByToken`, bad)).code).toBe('10100001');
    }
    expect((await h.call('/v1/store/im/getCccUserImToken', {}, token)).code).toBe('10302006');
  });

  it('expired tokens answer 10302006', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    await h.database.db.updateTable('store_access_token').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await h.call(`${USER}/getUserByToken`, { token })).code).toBe('10302006');
  });

  it('issues the store IM token that im-server can verify', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const result = await h.call<{ uid: string; imToken: string; appKey: string }>('/v1/store/im/getCccUserImToken', {}, token);
    expect(result.code).toBe('00000000');
    expect(result.data.uid).toBe('s_1001');
    expect(result.data.appKey).toBe('merchant-im');
    const claims = verifyImToken(result.data.imToken, 'dev-im-shared-key-change-me');
    // nick: the user's IM info nickname (the IM info dialog), not the store name.
    expect(claims).toMatchObject({ accid: 's_1001', appKey: 'merchant-im', nick: 'Demo Merchant' });
  });

  it('signs in with a mobile check code read through the test hook', async () => {
    expect((await h.call(`${USER}/sendLoginCheckCode`, { mobile: '13800001001' })).code).toBe('00000000');
    const again = await h.call(`${USER}/sendLoginCheckCode`, { mobile: '13800001001' });
    expect(again.code).toBe('10104002');
    expect(again.msg).toMatch(/retry in \d+ seconds/);
    const code = await h.lastCheckCode('13800001001');
    const wrong = await h.call(`${USER}/checkCodeLogin`, { mobile: '13800001001', checkCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.code).toBe('10104001');
    const ok = await h.call<{ accessToken: string; storeStatus: number }>(`${USER}/checkCodeLogin`, { mobile: '13800001001', checkCode: code });
    expect(ok.code).toBe('00000000');
    expect(ok.data.storeStatus).toBe(2);
    // A code works once.
    expect((await h.call(`${USER}/checkCodeLogin`, { mobile: '13800001001', checkCode: code })).code).toBe('10104001');
  });

  it('serves a captcha image and checks it once', async () => {
    const captcha = await h.call<{ key: string; value: string }>(`${USER}/getCaptcha`);
    expect(captcha.data.value).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await h.call(`${USER}/checkCaptchaCode`, { key: captcha.data.key, captchaCode: '' })).msg).toContain('captchaCode is required');
    const { answer } = (await (await fetch(`${h.url}/__test__/captcha?key=${captcha.data.key}`)).json()) as { answer: string };
    expect((await h.call(`${USER}/checkCaptchaCode`, { key: captcha.data.key, captchaCode: answer.toLowerCase() })).code).toBe('00000000');
    const second = await h.call<{ key: string }>(`${USER}/getCaptcha`);
    expect((await h.call(`${USER}/checkCaptchaCode`, { key: second.data.key, captchaCode: 'zzzz' })).code).toBe('10103004');
    // Wrong answers burn the image: even the right answer fails afterwards.
    expect((await h.call(`${USER}/checkCaptchaCode`, { key: second.data.key, captchaCode: 'abcd' })).code).toBe('10103004');
  });
});
