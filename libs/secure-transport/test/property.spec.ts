import fc from 'fast-check';
import { createMemoryStorage, createSecureClient, SECURITY_MODES, type SecureClient } from '../src';
import { MemorySessionStore } from '../src/server';
import { createForgeProvider } from '../src/crypto/forge';
import { startServer, testServerKeys, type TestServer } from './harness';

describe('property: the envelope round-trips any JSON biz in every mode', () => {
  let server: TestServer;
  const clients = new Map<string, SecureClient>();

  beforeAll(async () => {
    server = await startServer({ sessionStore: new MemorySessionStore(), serverKeys: await testServerKeys() });
    for (const mode of SECURITY_MODES) {
      clients.set(`web:${mode}`, createSecureClient({ baseUrl: server.url, mode, storage: createMemoryStorage() }));
      // The node-forge client talks to the WebCrypto server: cross-compatibility end to end.
      clients.set(`forge:${mode}`, createSecureClient({ baseUrl: server.url, mode, storage: createMemoryStorage(), crypto: createForgeProvider() }));
    }
  }, 30_000);
  afterAll(() => server.close());

  it('echoes biz unchanged (after JSON normalisation)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...clients.keys()), fc.jsonValue({ maxDepth: 3 }), async (name, biz) => {
        const echoed = await clients.get(name)!.post<{ biz: unknown }>('/v1/test/echo', biz);
        const expected = JSON.parse(JSON.stringify(biz ?? {}));
        expect(echoed.biz).toEqual(expected);
      }),
      { numRuns: 120 },
    );
  }, 60_000);
});
