import { CAPTCHA_REQUIRED, createMemoryStorage, SESSION_RESET_CODES, type SecurityMode } from '../src';
import { MemorySessionStore } from '../src/server';
import { createWebCryptoProvider } from '../src/crypto/webcrypto';
import { clientFor, reactionsSpy, startServer, testServerKeys, type TestServer } from './harness';

describe('console-spec §8 reactions, driven by real server answers', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ sessionStore: new MemorySessionStore(), serverKeys: await testServerKeys() });
  });
  afterAll(() => server.close());

  it.each(SESSION_RESET_CODES)('%s: clears the AES password, resets the token, goes to login, creates a new session', async (code) => {
    const spy = reactionsSpy();
    const storage = createMemoryStorage();
    const client = clientFor(server, 'aes', { storage, reactions: spy.reactions, accessToken: 'tok-1' });
    const { sessionKey } = await client.post<{ sessionKey: string }>('/v1/test/echo', {});
    const created = server.app.secureTransport.metrics.sessionsCreated;
    await expect(client.post('/v1/test/fail', { code })).rejects.toMatchObject({ code });
    expect(spy.calls).toEqual(['onTokenReset', 'goToLogin']);
    expect(client.getAccessToken()).toBeNull();
    await client.ensureSession();
    expect(server.app.secureTransport.metrics.sessionsCreated).toBe(created + 1);
    expect(JSON.parse(storage.getItem('merchant.secure.session')!).sessionKey).not.toBe(sessionKey);
  });

  it('10302006: resets the token and goes to login, keeping the session', async () => {
    const spy = reactionsSpy();
    const storage = createMemoryStorage();
    const client = clientFor(server, 'aes', { storage, reactions: spy.reactions, accessToken: 'tok-1' });
    await client.ensureSession();
    const session = storage.getItem('merchant.secure.session');
    await expect(client.post('/v1/test/fail', { code: '10302006' })).rejects.toMatchObject({ code: '10302006' });
    expect(spy.calls).toEqual(['onTokenReset', 'goToLogin']);
    expect(client.getAccessToken()).toBeNull();
    expect(storage.getItem('merchant.secure.session')).toBe(session);
    expect(storage.getItem('merchant.secure.aesPassword')).not.toBeNull();
  });

  it('10103003: shows the verification image from errInfo.value; login accepts the code', async () => {
    const spy = reactionsSpy();
    const client = clientFor(server, 'none', { reactions: spy.reactions });
    await expect(client.post('/v1/test/fail', { code: CAPTCHA_REQUIRED, value: 'data:image/png;base64,AAA' })).rejects.toMatchObject({
      code: CAPTCHA_REQUIRED,
      errInfo: { value: 'data:image/png;base64,AAA' },
    });
    expect(spy.calls).toEqual(['showCaptcha:data:image/png;base64,AAA']);
    const accepted = await client.request('/v1/test/fail', { code: CAPTCHA_REQUIRED, value: 'img2' }, { acceptCodes: [CAPTCHA_REQUIRED] });
    expect(accepted.code).toBe(CAPTCHA_REQUIRED);
    expect(spy.calls).toEqual(['showCaptcha:data:image/png;base64,AAA', 'showCaptcha:img2']);
  });

  it('any other code shows msg with its code (so the app can show its own text), unless the call is silent', async () => {
    const spy = reactionsSpy();
    const client = clientFor(server, 'rsa', { reactions: spy.reactions });
    await expect(client.post('/v1/test/fail', { code: '20101001' })).rejects.toMatchObject({ code: '20101001' });
    await expect(client.post('/v1/test/fail', { code: '20101002' }, { silent: true })).rejects.toMatchObject({ code: '20101002' });
    expect(spy.calls).toEqual(['showError:failure 20101001 [20101001]']);
  });

  it('a timeout rejects ST_TIMEOUT and shows the translated message key', async () => {
    const spy = reactionsSpy();
    const client = clientFor(server, 'none', {
      reactions: spy.reactions,
      timeoutMs: 50,
      translate: (key) => `t(${key})`,
    });
    await expect(client.post('/v1/test/slow')).rejects.toMatchObject({ code: 'ST_TIMEOUT' });
    expect(spy.calls).toEqual(['showError:t(secureTransport.requestTimedOut)']);
    const onTimeout = jest.fn();
    const withHook = clientFor(server, 'none', { reactions: { ...spy.reactions, onTimeout }, timeoutMs: 50 });
    await expect(withHook.post('/v1/test/slow')).rejects.toMatchObject({ code: 'ST_TIMEOUT' });
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(spy.calls).toHaveLength(1);
  });

  it('uses the default 10000 ms timeout of console-spec §9', async () => {
    const { REQUEST_TIMEOUT_MS } = await import('../src');
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
  });

  describe('signed mode refuses forged answers even with a success code', () => {
    const alter = (mutate: (wire: Record<string, unknown>) => void) => async (url: string, init: Parameters<typeof fetch>[1] & { body: string }) => {
      const res = await fetch(url, init);
      const wire = JSON.parse(await res.text());
      if (url.endsWith('/v1/test/echo')) mutate(wire);
      const text = JSON.stringify(wire);
      return { ok: true, status: 200, text: async () => text };
    };

    it.each<[string, (wire: Record<string, unknown>) => void]>([
      ['signature removed', (wire) => delete wire.sign],
      ['msg changed', (wire) => (wire.msg = 'ok!')],
      // The first character always changes (replacing it with a fixed 'A' left 1 run in 64 unchanged).
      ['encrypted data changed', (wire) => (wire.data = `${String(wire.data).startsWith('A') ? 'B' : 'A'}${String(wire.data).slice(1)}`)],
      ['signature of another answer', (wire) => ((wire.sign as { nonce: string }).nonce = 'other')],
    ])('%s', async (_label, mutate) => {
      const spy = reactionsSpy();
      const client = clientFor(server, 'aes-rsa2-sign', { reactions: spy.reactions, fetch: alter(mutate) });
      await expect(client.post('/v1/test/echo', {})).rejects.toMatchObject({ code: 'ST_FORGED_RESPONSE' });
    });

    it('an unsigned plaintext success answer from an impostor is refused', async () => {
      const client = clientFor(server, 'aes-rsa2-sign', {
        fetch: async (url, init) => {
          if (!url.endsWith('/v1/test/echo')) return fetch(url, init);
          const text = JSON.stringify({ code: '00000000', msg: 'success', data: { biz: 'fake' } });
          return { ok: true, status: 200, text: async () => text };
        },
      });
      await expect(client.post('/v1/test/echo', {})).rejects.toMatchObject({ code: 'ST_FORGED_RESPONSE' });
    });

    it('a pinned server key that does not match refuses the session', async () => {
      const other = await createWebCryptoProvider().generateRsaKeyPair();
      const client = clientFor(server, 'aes-rsa2-sign', { serverPublicKey: other.publicKey });
      await expect(client.post('/v1/test/echo', {})).rejects.toMatchObject({ code: 'ST_FORGED_RESPONSE' });
      const pinned = clientFor(server, 'aes-rsa2-sign', { serverPublicKey: server.app.secureTransport.serverPublicKey });
      await expect(pinned.post('/v1/test/echo', { ok: 1 })).resolves.toMatchObject({ biz: { ok: 1 } });
    });
  });

  it.each<SecurityMode>(['none', 'rsa', 'aes', 'aes-rsa2-sign'])('%s: never logs secrets (keys, AES password, token)', async (mode) => {
    const storage = createMemoryStorage();
    const client = clientFor(server, mode, { storage, accessToken: 'tok-very-secret-123' });
    await client.post('/v1/test/echo', { password: 'Demo12345' });
    await client.post('/v1/test/crash', {}).catch(() => undefined);
    await client.post('/v1/test/fail', { code: '10301005' }).catch(() => undefined);
    await fetch(`${server.url}/v1/test/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' });
    const logs = server.logLines.join('\n');
    expect(logs).toContain('secure-transport'); // the rejections were logged ...
    const secrets = ['tok-very-secret-123', 'Demo12345', (await testServerKeys()).privateKey.slice(40, 80)];
    const aes = storage.getItem('merchant.secure.aesPassword');
    if (aes) secrets.push(JSON.parse(aes));
    const keyPair = storage.getItem('merchant.secure.keyPair');
    if (keyPair) secrets.push(JSON.parse(keyPair).privateKey.slice(40, 80));
    for (const secret of secrets) expect(logs).not.toContain(secret); // ... without a single secret
  });
});
