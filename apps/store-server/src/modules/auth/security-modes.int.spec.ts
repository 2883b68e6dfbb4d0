import { createSecureClient, isSecureTransportError, type SecurityMode } from '@merchant/secure-transport';
import { startTestServer, type TestHarness } from '../../testing/harness';

/**
 * The envelope's security modes and the §8 error reactions against the real store-server and its
 * database (console-spec §4 session security, §7, §8); the library's own suites prove the same
 * against a bare Fastify server.
 */
const USER = '/v1/store/eshop/store/user';
const DEMO = { userName: 'demo_merchant', password: 'Demo12345' };
const MODES: SecurityMode[] = ['none', 'rsa', 'aes', 'aes-rsa2-sign'];

/** A fetch that keeps every request body that went over the wire. */
function recordingFetch() {
  const bodies: string[] = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit) => {
    if (typeof init?.body === 'string') bodies.push(init.body);
    return fetch(input, init);
  };
  return { bodies, fetchImpl };
}

function spyReactions() {
  const seen = { goToLogin: 0, tokenReset: 0, errors: [] as string[], captchas: [] as string[] };
  return {
    seen,
    reactions: {
      goToLogin: () => void seen.goToLogin++,
      onTokenReset: () => void seen.tokenReset++,
      showError: (message: string) => void seen.errors.push(message),
      showCaptcha: (image: string) => void seen.captchas.push(image),
    },
  };
}

describe('security modes and error reactions against the real store-server', () => {
  let harness: TestHarness;
  beforeAll(async () => {
    harness = await startTestServer();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.reset());

  it.each(MODES)('mode %s: signs in, loads the user and the IM token; secured modes never show the password on the wire', async (mode) => {
    const wire = recordingFetch();
    const client = createSecureClient({ baseUrl: harness.url, mode, fetch: wire.fetchImpl });
    try {
      const login = await client.post<{ accessToken: string; storeStatus: number }>(`${USER}/login`, DEMO);
      expect(login.storeStatus).toBe(2);
      client.setAccessToken(login.accessToken);
      const user = await client.post<{ storeName: string; roles: string[] }>(`${USER}/getUserByToken`, { token: login.accessToken });
      expect(user.storeName).toBe('Demo Flagship Store');
      const im = await client.post<{ uid: string; imToken: string }>('/v1/store/im/getCccUserImToken', {});
      expect(im.uid).toBe('s_1001');
      expect(im.imToken.length).toBeGreaterThan(20);

      const passwordInClear = wire.bodies.some((body) => body.includes(DEMO.password));
      expect(passwordInClear).toBe(mode === 'none');
    } finally {
      client.dispose();
    }
  });

  it('a revoked token answers 10302006: the client resets the token and goes to login', async () => {
    const { seen, reactions } = spyReactions();
    const client = createSecureClient({ baseUrl: harness.url, mode: 'aes', reactions });
    try {
      const { accessToken } = await client.post<{ accessToken: string }>(`${USER}/login`, DEMO);
      client.setAccessToken(accessToken);
      await client.post(`${USER}/logout`, { accessToken });

      const failure = await client.post(`${USER}/getStoreInfoByToken`, {}).catch((e: unknown) => e);
      expect(isSecureTransportError(failure) && failure.code).toBe('10302006');
      expect(seen.goToLogin).toBe(1);
      expect(client.getAccessToken()).toBeNull();
    } finally {
      client.dispose();
    }
  });

  it('a session the server no longer knows answers a session-reset code: AES password cleared, login, and a new session next time', async () => {
    const { seen, reactions } = spyReactions();
    const client = createSecureClient({ baseUrl: harness.url, mode: 'aes', reactions });
    try {
      const { accessToken } = await client.post<{ accessToken: string }>(`${USER}/login`, DEMO);
      client.setAccessToken(accessToken);
      // The server forgets every envelope session (as after a purge or an expiry sweep).
      await harness.database.db.deleteFrom('store_session').execute();

      const failure = await client.post(`${USER}/getStoreInfoByToken`, {}).catch((e: unknown) => e);
      expect(isSecureTransportError(failure) && failure.code).toBe('10301002');
      expect(seen.goToLogin).toBe(1);
      expect(client.getAccessToken()).toBeNull();

      // Signing in again works on a freshly negotiated session.
      const again = await client.post<{ accessToken: string }>(`${USER}/login`, DEMO);
      expect(again.accessToken).not.toBe(accessToken);
    } finally {
      client.dispose();
    }
  });

  it('wrong credentials show the server msg; repeated failures ask for a captcha image (10103003)', async () => {
    const { seen, reactions } = spyReactions();
    const client = createSecureClient({ baseUrl: harness.url, mode: 'aes', reactions });
    try {
      const codes: string[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const failure = await client.post(`${USER}/login`, { ...DEMO, password: 'Wrong12345' }).catch((e: unknown) => e);
        if (isSecureTransportError(failure)) codes.push(failure.code);
      }
      expect(codes).toHaveLength(4);
      expect(seen.errors.length).toBeGreaterThan(0);
      expect(seen.errors[0]).toMatch(/\S/);
      expect(codes).toContain('10103003');
      expect(seen.captchas.some((image) => image.startsWith('data:image/'))).toBe(true);
      expect(client.getAccessToken()).toBeNull();
    } finally {
      client.dispose();
    }
  });
});
