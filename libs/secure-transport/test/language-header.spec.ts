import type { SecureClient } from '../src';
import type { FetchLike } from '../src/client/transport';
import { MemorySessionStore } from '../src/server';
import { clientFor, startServer, testServerKeys, type TestServer } from './harness';

/** A fetch that records each call's path and Accept-Language header, then really sends it. */
function recordingFetch(seen: Array<{ path: string; language: string | undefined }>): FetchLike {
  return (url, init) => {
    seen.push({ path: new URL(url).pathname, language: init.headers['accept-language'] });
    return globalThis.fetch(url, init);
  };
}

describe('getLanguage: the Accept-Language header of every call', () => {
  let server: TestServer;
  const clients: SecureClient[] = [];

  beforeAll(async () => {
    server = await startServer({ sessionStore: new MemorySessionStore(), serverKeys: await testServerKeys() });
  });
  afterAll(() => server.close());
  afterEach(() => clients.splice(0).forEach((c) => c.dispose()));

  it('sends the current language on session set-up and business calls, read afresh each call', async () => {
    const seen: Array<{ path: string; language: string | undefined }> = [];
    let language = 'en-US';
    const client = clientFor(server, 'aes', { fetch: recordingFetch(seen), getLanguage: () => language });
    clients.push(client);
    await client.post('/v1/test/echo', { a: 1 });
    expect(seen.length).toBeGreaterThan(1); // session set-up plus the call
    expect(seen.every((s) => s.language === 'en-US')).toBe(true);
    language = 'zh-CN';
    await client.post('/v1/test/echo', { a: 2 });
    expect(seen.at(-1)).toEqual({ path: '/v1/test/echo', language: 'zh-CN' });
  });

  it('sends no header without the option, or when the value is empty or not a language list', async () => {
    const seen: Array<{ path: string; language: string | undefined }> = [];
    const plain = clientFor(server, 'none', { fetch: recordingFetch(seen) });
    let value = '';
    const odd = clientFor(server, 'none', { fetch: recordingFetch(seen), getLanguage: () => value });
    clients.push(plain, odd);
    await plain.post('/v1/test/echo', {});
    await odd.post('/v1/test/echo', {});
    value = 'en-US\r\nx-injected: 1';
    await odd.post('/v1/test/echo', {});
    expect(seen.map((s) => s.language)).toEqual([undefined, undefined, undefined]);
  });
});
