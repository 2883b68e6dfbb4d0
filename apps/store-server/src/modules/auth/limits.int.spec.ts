// Issue 34 §5, "Limits that protect the service": sign-in lockout per account and per client address, the
// captcha after failures (console-spec §8 10103003), and check-code sends per number and per store, through
// the real envelope over real sockets. Other client addresses are real too: loopback 127.0.0.x source
// addresses, so the server's request.ip differs exactly as it would for two machines.
import { request as httpRequest } from 'node:http';
import { createSecureClient, type FetchLike } from '@merchant/secure-transport';
import { DEMO_STAFF } from '../../db/seed-staff';
import { LOGIN_ADDRESS_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT } from './auth.service';
import { CHECK_CODE_ADDRESS_SEND_LIMIT, CHECK_CODE_STORE_SEND_LIMIT } from '../../shared/check-codes';
import { startTestServer, type CallResult, type TestHarness } from '../../testing/harness';

const USER = '/v1/store/eshop/store/user';
const DEMO = { userName: 'demo_merchant', password: 'Demo12345' };

/** fetch over node:http whose socket leaves from `localAddress` (a loopback 127.0.0.x), with `extraHeaders` per call. */
function fetchFrom(localAddress: string, extraHeaders: () => Record<string, string> = () => ({})): FetchLike {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const req = httpRequest(url, { method: init.method, headers: { ...init.headers, ...extraHeaders() }, localAddress, signal: init.signal }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, text: async () => body });
        });
      });
      req.on('error', reject);
      req.end(init.body);
    });
}

/** One envelope call from a client address (and an X-Forwarded-For when given), whatever its code. */
async function envelopeCall<T = unknown>(url: string, address: string, path: string, biz: unknown, language = 'en-US', forwardedFor?: string): Promise<CallResult<T>> {
  const headers = (): Record<string, string> => (forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});
  const client = createSecureClient({ baseUrl: url, mode: 'none', fetch: fetchFrom(address, headers), getLanguage: () => language });
  try {
    return (await client.request<T>(path, biz, { silent: true })) as CallResult<T>;
  } catch (error) {
    const failure = error as { code?: string; msg?: string; errInfo?: Record<string, unknown> };
    if (typeof failure.code !== 'string') throw error;
    return { code: failure.code, msg: failure.msg ?? '', data: null as T, errInfo: failure.errInfo };
  } finally {
    client.dispose();
  }
}

describe('limits that protect the service (issue 34 §5)', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  /** One envelope call from a client address, whatever its code. */
  const callFrom = <T = unknown>(address: string, path: string, biz: unknown, language = 'en-US', forwardedFor?: string) =>
    envelopeCall<T>(h.url, address, path, biz, language, forwardedFor);
  const captchaAnswer = async (key: string) => ((await (await fetch(`${h.url}/__test__/captcha?key=${key}`)).json()) as { answer: string }).answer;
  const sessionCount = async () => (await h.database.db.selectFrom('store_access_token').select('id').execute()).length;
  const bucketSubjects = async (bucket: string) =>
    (await h.database.db.selectFrom('store_rate_event').select('subject').where('bucket', '=', bucket).execute()).map((row) => row.subject);

  it('locks out an address that fails across many user names, and only that address', async () => {
    const attacker = '127.0.0.2';
    const sessionsBefore = await sessionCount();
    // Each name fails once: no name reaches its own captcha or lockout, only the address adds up.
    // A forged X-Forwarded-For changes nothing: without TRUST_PROXY the socket's address counts.
    for (let i = 0; i < LOGIN_ADDRESS_FAILURE_LIMIT.max; i++) {
      const attempt = await callFrom(attacker, `${USER}/login`, { userName: `probe_user_${i}`, password: 'Wrong12345' }, 'en-US', `198.51.100.${i}`);
      expect(attempt.code).toBe('10103001');
    }
    const locked = await callFrom(attacker, `${USER}/login`, DEMO);
    expect(locked.code).toBe('10103002');
    expect(locked.msg).toMatch(/too many failed sign-ins, please retry in \d+ minutes/);
    expect(locked.errInfo?.retryAfterSeconds).toBeGreaterThan(0);
    // The refused attempt with the right password signed nobody in.
    expect(await sessionCount()).toBe(sessionsBefore);

    // Another address signs the same account in; the demo name's own count is untouched.
    expect((await callFrom('127.0.0.3', `${USER}/login`, DEMO)).code).toBe('00000000');
    expect(await bucketSubjects(LOGIN_FAILURE_LIMIT.bucket)).not.toContain('demo_merchant');
    expect(new Set(await bucketSubjects(LOGIN_ADDRESS_FAILURE_LIMIT.bucket))).toEqual(new Set([`address:${attacker}`]));
  });

  it('asks for the captcha (10103003) after 3 failures of a name and locks the name after 5, whichever addresses they come from', async () => {
    const sessionsBefore = await sessionCount();
    const addresses = ['127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7', '127.0.0.8'];
    for (const [index, address] of addresses.entries()) {
      const attempt = await callFrom(address, `${USER}/login`, { userName: 'demo_merchant', password: 'Wrong12345' });
      if (index < 3) {
        expect(attempt.code).toBe('10103001');
        continue;
      }
      // console-spec §8: the client shows the image of errInfo.value; an answer lets the attempt through.
      expect(attempt.code).toBe('10103003');
      expect(String(attempt.errInfo?.value)).toMatch(/^data:image\/svg\+xml;base64,/);
      const key = String(attempt.errInfo?.key);
      const answered = await callFrom(address, `${USER}/login`, { userName: 'demo_merchant', password: 'Wrong12345', captchaKey: key, captchaCode: await captchaAnswer(key) });
      expect(answered.code).toBe('10103001');
    }
    // Five failures: the right password from a fresh address is refused too, and no session was made.
    const locked = await callFrom('127.0.0.9', `${USER}/login`, DEMO);
    expect(locked.code).toBe('10103002');
    expect(await sessionCount()).toBe(sessionsBefore);
    // Another account from those addresses is not locked (each address failed only once).
    expect((await callFrom('127.0.0.4', `${USER}/login`, { userName: DEMO_STAFF.userName, password: 'Demo12345' })).code).not.toBe('10103002');
  });

  it('limits check-code sends per store across numbers: a refused send delivers nothing and the server keeps serving', async () => {
    const token = await h.login(DEMO.userName, DEMO.password);
    const mobiles = Array.from({ length: CHECK_CODE_STORE_SEND_LIMIT.max + 1 }, (_, i) => `1370000${String(i).padStart(4, '0')}`);
    for (const mobile of mobiles.slice(0, -1)) {
      expect((await h.call(`${USER}/sendUpdateMobileCheckCode`, { mobile }, token)).code).toBe('00000000');
    }
    const last = mobiles[mobiles.length - 1];
    const refused = await h.call(`${USER}/sendUpdateMobileCheckCode`, { mobile: last }, token);
    expect(refused.code).toBe('10104002');
    expect(refused.msg).toMatch(/check codes are sent too often, please retry in \d+ seconds/);
    const delivered = (await (await fetch(`${h.url}/__test__/check-codes?target=${last}`)).json()) as { codes: unknown[] };
    expect(delivered.codes).toHaveLength(0);
    expect(await bucketSubjects(CHECK_CODE_STORE_SEND_LIMIT.bucket)).toEqual(Array(CHECK_CODE_STORE_SEND_LIMIT.max).fill('store:1001'));
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
  });

  it('limits registration codes (no store yet) per client address, in the caller language', async () => {
    const address = '127.0.0.10';
    for (let i = 0; i < CHECK_CODE_ADDRESS_SEND_LIMIT.max; i++) {
      expect((await callFrom(address, `${USER}/sendRegisterCheckCode`, { mobile: `1360000${String(i).padStart(4, '0')}` })).code).toBe('00000000');
    }
    const refused = await callFrom(address, `${USER}/sendRegisterCheckCode`, { mobile: '13611112222' }, 'zh-CN');
    expect(refused.code).toBe('10104002');
    expect(refused.msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    // The refused number was not counted: from another address it is sent at once.
    expect((await h.call(`${USER}/sendRegisterCheckCode`, { mobile: '13611112222' })).code).toBe('00000000');
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer({ config: { trustProxy: 'loopback' } });
  });
  afterAll(() => h.close());

  it('counts each forwarded client address on its own: the proxy itself is never locked out', async () => {
    // Every request arrives from the proxy (127.0.0.1); the clients are the addresses it forwards.
    for (let i = 0; i < LOGIN_ADDRESS_FAILURE_LIMIT.max; i++) {
      expect((await envelopeCall(h.url, '127.0.0.1', `${USER}/login`, { userName: `probe_user_${i}`, password: 'Wrong12345' }, 'en-US', '203.0.113.5')).code).toBe('10103001');
    }
    expect((await envelopeCall(h.url, '127.0.0.1', `${USER}/login`, DEMO, 'en-US', '203.0.113.5')).code).toBe('10103002');
    expect((await envelopeCall(h.url, '127.0.0.1', `${USER}/login`, DEMO, 'en-US', '203.0.113.6')).code).toBe('00000000');
    const subjects = await h.database.db.selectFrom('store_rate_event').select('subject').where('bucket', '=', LOGIN_ADDRESS_FAILURE_LIMIT.bucket).execute();
    expect(new Set(subjects.map((row) => row.subject))).toEqual(new Set(['address:203.0.113.5']));
  });
});
