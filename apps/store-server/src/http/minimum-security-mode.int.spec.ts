import { isSecureTransportError, type SecureClient } from '@merchant/secure-transport';
import { OPERATION_LOG_PATH } from '@merchant/secure-transport/server';
import { startTestServer, type TestHarness } from '../testing/harness';

const USER = '/v1/store/eshop/store/user';
const MODE_NOT_ALLOWED = '10301011';

/** The answer's code, whether the client resolved or rejected. */
async function codeOf(client: SecureClient, path: string, biz: unknown): Promise<string> {
  try {
    return (await client.request(path, biz, { silent: true })).code;
  } catch (error) {
    if (isSecureTransportError(error)) return error.code;
    throw error;
  }
}

describe('minimum security mode (STORE_MIN_SECURITY_MODE=aes, the production default)', () => {
  let h: TestHarness;
  let token: string;
  beforeAll(async () => {
    h = await startTestServer({ config: { minSecurityMode: 'aes' } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.reset();
    const login = await h.client(null, 'aes').post<{ accessToken: string }>(`${USER}/login`, { userName: 'demo_merchant', password: 'Demo12345' });
    token = login.accessToken;
  });

  const LOG = OPERATION_LOG_PATH;
  const entry = () => ({ operationType: 'USER_LOGIN', operationStartTime: Math.floor(Date.now() / 1000) });
  const logRows = async () => Number((await h.database.db.selectFrom('store_operation_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('refuses a request downgraded to safeType none with 10301011 and changes nothing', async () => {
    const before = await logRows();
    const downgraded = h.client(token, 'none');
    expect(await codeOf(downgraded, LOG, entry())).toBe(MODE_NOT_ALLOWED);
    expect(await codeOf(downgraded, `${USER}/login`, { userName: 'demo_merchant', password: 'Demo12345' })).toBe(MODE_NOT_ALLOWED);
    expect(await logRows()).toBe(before);
  });

  it('refuses rsa (below aes) the same way, also for a hand-written plain envelope', async () => {
    const before = await logRows();
    expect(await codeOf(h.client(token, 'rsa'), LOG, entry())).toBe(MODE_NOT_ALLOWED);
    const plain = await fetch(`${h.url}${LOG}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sys: { method: LOG, safeType: 'none', accessToken: token, timestamp: Math.floor(Date.now() / 1000) }, biz: entry() }),
    });
    expect(plain.status).toBe(200);
    expect(await plain.json()).toMatchObject({ code: MODE_NOT_ALLOWED, data: null });
    expect(await logRows()).toBe(before);
  });

  it('serves aes and the stronger aes-rsa2-sign', async () => {
    const before = await logRows();
    expect(await codeOf(h.client(token, 'aes'), LOG, entry())).toBe('00000000');
    expect(await codeOf(h.client(token, 'aes-rsa2-sign'), LOG, entry())).toBe('00000000');
    expect(await logRows()).toBe(before + 2);
  });
});
