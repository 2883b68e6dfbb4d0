import { STORE_CODES } from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../testing/harness';

const USER = '/v1/store/eshop/store/user';

describe('server messages in the caller\'s language (Accept-Language; zh-CN by default)', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  /** One call from a client that sends `language` as Accept-Language (null: no header). */
  async function callIn(language: string | null, path: string, biz: unknown, token: string | null = null) {
    const client = h.client(token, 'none', language);
    const envelope = await client.request(path, biz, { silent: true, acceptCodes: Object.values(STORE_CODES) });
    return { code: envelope.code, msg: envelope.msg };
  }

  it('answers the same wrong-password login in Chinese by default and in English with en-US', async () => {
    const wrong = { userName: 'demo_merchant', password: 'Wrong12345' };
    expect(await callIn(null, `${USER}/login`, wrong)).toEqual({ code: STORE_CODES.wrongCredentials, msg: '用户名或密码错误' });
    expect(await callIn('zh-CN', `${USER}/login`, wrong)).toEqual({ code: STORE_CODES.wrongCredentials, msg: '用户名或密码错误' });
    expect(await callIn('en-US', `${USER}/login`, wrong)).toEqual({ code: STORE_CODES.wrongCredentials, msg: 'wrong username or password' });
    // A captcha is asked after 3 failures of one user name: the header variants use another name.
    const other = { userName: 'nobody_here', password: 'Wrong12345' };
    expect(await callIn('fr-FR, en;q=0.5', `${USER}/login`, other)).toEqual({ code: STORE_CODES.wrongCredentials, msg: 'wrong username or password' });
    expect(await callIn('fr-FR', `${USER}/login`, other)).toEqual({ code: STORE_CODES.wrongCredentials, msg: '用户名或密码错误' });
  });

  it('keeps the detail of a validation failure (the field) in both languages', async () => {
    const zh = await callIn(null, `${USER}/login`, { password: 'Demo12345' });
    expect(zh).toEqual({ code: STORE_CODES.invalidParameter, msg: '参数错误：请填写userName' });
    const en = await callIn('en-US', `${USER}/login`, { password: 'Demo12345' });
    expect(en).toEqual({ code: STORE_CODES.invalidParameter, msg: 'userName is required' });
    // The rule and its limit, said by the contracts' one translator (never an English text looked up).
    const zhShort = await callIn('zh-CN', `${USER}/login`, { userName: 'demo_merchant', password: 'Demo1' });
    expect(zhShort.msg).toBe('参数错误：password至少 8 个字符');
    const zhPhone = await callIn('zh-CN', `${USER}/login`, { userName: 'bad name!', password: 'Demo12345' });
    expect(zhPhone.msg).toBe('参数错误：用户名须为 6 到 20 位字母、数字、下划线或连字符');
    const captcha = await callIn('en-US', `${USER}/getCaptcha`, {});
    expect(captcha.code).toBe(STORE_CODES.success);
    const empty = await callIn(null, `${USER}/checkCaptchaCode`, { key: 'any-key', captchaCode: '  ' });
    expect(empty).toEqual({ code: STORE_CODES.invalidParameter, msg: '参数错误：请填写captchaCode' });
    const emptyEn = await callIn('en-US', `${USER}/checkCaptchaCode`, { key: 'any-key', captchaCode: '  ' });
    expect(emptyEn.msg).toBe('captchaCode is required');
  });

  it('answers the token error and texts with numbers in the caller\'s language', async () => {
    expect(await callIn(null, `${USER}/getUserByToken`, { token: 'not-a-token' })).toEqual({
      code: STORE_CODES.tokenInvalid,
      msg: '身份验证失败，请重新登录',
    });
    const mobile = '13800001001';
    expect((await callIn('en-US', `${USER}/sendLoginCheckCode`, { mobile })).code).toBe(STORE_CODES.success);
    const again = await callIn(null, `${USER}/sendLoginCheckCode`, { mobile });
    expect(again.code).toBe(STORE_CODES.checkCodeTooFrequent);
    expect(again.msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
  });

  it('answers a cross-field rule of the contract (new password same as the old) in the caller\'s language', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const biz = { oldPassword: 'Demo12345', newPassword: 'Demo12345' };
    const zh = await callIn(null, `${USER}/updatePasswordByToken`, biz, token);
    expect(zh.code).toBe(STORE_CODES.invalidParameter);
    expect(zh.msg).toMatch(/^参数错误：newPassword不能与原来的相同$/);
    const en = await callIn('en-US', `${USER}/updatePasswordByToken`, biz, token);
    expect(en.msg).toBe('newPassword must differ from the current one');
  });
});
