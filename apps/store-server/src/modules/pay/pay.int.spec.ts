// Pay password flows of docs/api.md "Pay": set (forgotten) and check with check codes, bad input
// leaving the stored hash untouched, and one store never seeing another's pay state.
import type { Clock } from '../../shared/clock';
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';
const PAY = '/v1/store/pay/user';
const USER = '/v1/store/eshop/store/user';
const DEMO_MOBILE = '13800001001';
const SECOND_MOBILE = '13900000002';
const CODES = { invalid: '10100001', notAllowed: '10100005', wrongCheckCode: '10104001', wrongPayPassword: '10105001', tokenInvalid: '10302006' };

describe('pay password: set, check, isolation', () => {
  let h: TestHarness;
  // Check codes may be sent once a minute per mobile: the clock moves past that window between sends.
  const START_MS = Date.parse('2026-03-02T08:00:00Z');
  let nowMs = START_MS;
  const clock: Clock = { now: () => new Date(nowMs) };
  const nextMinute = () => {
    nowMs += 61_000;
  };

  beforeAll(async () => {
    h = await startTestServer({ clock });
  });
  afterAll(() => h.close());
  // Each test starts at the same moment, so reset restores the seed's copy instead of seeding afresh.
  beforeEach(async () => {
    nowMs = START_MS;
    await h.reset();
    nextMinute();
  });

  const payHash = async (storeId: number) =>
    (await h.database.db.selectFrom('store_user').select('pay_password_hash').where('store_id', '=', storeId).where('is_owner', '=', true).executeTakeFirstOrThrow()).pay_password_hash;

  async function initPayPassword(token: string, mobile: string, payPassword: string): Promise<void> {
    expect((await h.call(`${PAY}/sendInitPayPasswordCheckCode`, {}, token)).code).toBe(OK);
    const code = await h.lastCheckCode(mobile);
    expect((await h.call(`${PAY}/initPayPassword`, { payPassword, checkCode: code }, token)).code).toBe(OK);
    nextMinute();
  }

  /** A code that is 6 digits but not the one delivered. */
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('replaces a forgotten pay password with a set check code; bad input changes nothing', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    expect((await h.call(`${PAY}/sendSetPayPasswordCheckCode`, {}, token)).code).toBe(CODES.notAllowed); // nothing to replace yet
    await initPayPassword(token, DEMO_MOBILE, '135790');
    const before = await payHash(1001);

    const sent = await h.call<{ expiresInSeconds: number }>(`${PAY}/sendSetPayPasswordCheckCode`, {}, token);
    expect(sent.code).toBe(OK);
    expect(sent.data.expiresInSeconds).toBe(300);
    const code = await h.lastCheckCode(DEMO_MOBILE);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await h.call(`${PAY}/setPayPassword`, { payPassword: '246802', checkCode: otherCode(code) }, token);
    expect(wrong.code).toBe(CODES.wrongCheckCode);
    const badFormat = await h.call(`${PAY}/setPayPassword`, { payPassword: '24680x', checkCode: code }, token);
    expect([badFormat.code, badFormat.msg]).toEqual([CODES.invalid, expect.stringContaining('payPassword must be 6 digits')]);
    const shortPassword = await h.call(`${PAY}/setPayPassword`, { payPassword: '2468', checkCode: code }, token);
    expect(shortPassword.code).toBe(CODES.invalid);
    const badCode = await h.call(`${PAY}/setPayPassword`, { payPassword: '246802', checkCode: '12ab' }, token);
    expect([badCode.code, badCode.msg]).toEqual([CODES.invalid, expect.stringContaining('checkCode must be 6 digits')]);
    expect(await payHash(1001)).toBe(before);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '135790' }, token)).code).toBe(OK);

    // The one wrong guess did not spend the code.
    expect((await h.call(`${PAY}/setPayPassword`, { payPassword: '246802', checkCode: code }, token)).code).toBe(OK);
    expect(await payHash(1001)).not.toBe(before);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '246802' }, token)).code).toBe(OK);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '135790' }, token)).code).toBe(CODES.wrongPayPassword);
    // One use only.
    expect((await h.call(`${PAY}/setPayPassword`, { payPassword: '111111', checkCode: code }, token)).code).toBe(CODES.wrongCheckCode);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '246802' }, token)).code).toBe(OK);
  });

  it('checks the pay password together with a check-pay-password code', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    expect((await h.call(`${PAY}/sendCheckPayPasswordCheckCode`, {}, token)).code).toBe(CODES.notAllowed);
    await initPayPassword(token, DEMO_MOBILE, '135790');

    expect((await h.call(`${PAY}/sendCheckPayPasswordCheckCode`, {}, token)).code).toBe(OK);
    const code = await h.lastCheckCode(DEMO_MOBILE);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '135790', checkCode: otherCode(code) }, token)).code).toBe(CODES.wrongCheckCode);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '000000', checkCode: code }, token)).code).toBe(CODES.wrongPayPassword);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '13579', checkCode: code }, token)).code).toBe(CODES.invalid);
    // A code of another purpose does not pass the check.
    nextMinute();
    expect((await h.call(`${PAY}/sendSetPayPasswordCheckCode`, {}, token)).code).toBe(OK);
    const setCode = await h.lastCheckCode(DEMO_MOBILE);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '135790', checkCode: setCode }, token)).code).toBe(CODES.wrongCheckCode);

    const checked = await h.call<{ checked: boolean }>(`${PAY}/checkPayPassword`, { payPassword: '135790', checkCode: code }, token);
    expect([checked.code, checked.data]).toEqual([OK, { checked: true }]);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '135790', checkCode: code }, token)).code).toBe(CODES.wrongCheckCode);
    expect((await h.call(`${PAY}/sendCheckPayPasswordCheckCode`, {})).code).toBe(CODES.tokenInvalid);
  });

  it("does not let another store see or use this store's pay state", async () => {
    const demo = await h.login('demo_merchant', 'Demo12345');
    await initPayPassword(demo, DEMO_MOBILE, '135790');
    expect((await h.call(`${USER}/sendRegisterCheckCode`, { mobile: SECOND_MOBILE })).code).toBe(OK);
    const registerCode = await h.lastCheckCode(SECOND_MOBILE);
    const reg = await h.call<{ accessToken: string }>(`${USER}/registerUser`, {
      userName: 'second_store', password: 'Second123', mobile: SECOND_MOBILE, checkCode: registerCode,
    });
    expect(reg.code).toBe(OK);
    const second = reg.data.accessToken;

    expect((await h.call<{ isSetPayPassword: boolean }>(`${PAY}/isSetPayPassword`, {}, second)).data).toEqual({ isSetPayPassword: false });
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '135790' }, second)).code).toBe(CODES.notAllowed);
    expect((await h.call(`${PAY}/sendSetPayPasswordCheckCode`, {}, second)).code).toBe(CODES.notAllowed);
    expect((await h.call(`${PAY}/sendCheckPayPasswordCheckCode`, {}, second)).code).toBe(CODES.notAllowed);

    // The demo store's code went to the demo mobile; it is worth nothing to the second store.
    nextMinute();
    expect((await h.call(`${PAY}/sendSetPayPasswordCheckCode`, {}, demo)).code).toBe(OK);
    const demoCode = await h.lastCheckCode(DEMO_MOBILE);
    await initPayPassword(second, SECOND_MOBILE, '246802');
    expect((await h.call(`${PAY}/setPayPassword`, { payPassword: '999999', checkCode: demoCode }, second)).code).toBe(CODES.wrongCheckCode);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '135790' }, second)).code).toBe(CODES.wrongPayPassword);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '246802' }, second)).code).toBe(OK);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '246802' }, demo)).code).toBe(CODES.wrongPayPassword);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '135790' }, demo)).code).toBe(OK);
    // The demo code is still good for its own store.
    expect((await h.call(`${PAY}/setPayPassword`, { payPassword: '111111', checkCode: demoCode }, demo)).code).toBe(OK);
    expect((await h.call(`${PAY}/checkPayPassword`, { payPassword: '246802' }, second)).code).toBe(OK);
  });
});
