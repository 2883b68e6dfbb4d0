import { ClientCodes, REQUEST_TOO_LARGE, type SecurityMode } from '../src';
import { MemorySessionStore } from '../src/server';
import { clientFor, reactionsSpy, startServer, testServerKeys, type TestServer } from './harness';

// Issue 34 §5: a body past the plugin's bodyLimit is answered with REQUEST_TOO_LARGE and the limit, in an envelope;
// unlike a malformed envelope it is no session failure, so the client keeps its session and goes on.
describe('the body limit', () => {
  const LIMIT = 4096;
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ sessionStore: new MemorySessionStore(), serverKeys: await testServerKeys(), bodyLimit: LIMIT });
  });
  afterAll(() => server.close());

  // In aes-rsa2-sign the server refuses before reading the request, so it cannot sign an answer bound to the
  // request's nonce: the client reports the unsigned answer as ST_FORGED_RESPONSE (docs/security.md "Body limits").
  it.each<[SecurityMode, object]>([
    ['none', { code: REQUEST_TOO_LARGE, errInfo: { limitBytes: LIMIT } }],
    ['aes', { code: REQUEST_TOO_LARGE, errInfo: { limitBytes: LIMIT } }],
    ['aes-rsa2-sign', { code: ClientCodes.FORGED_RESPONSE }],
  ])('%s: an oversized call is refused (%j) and the session goes on', async (mode, refusal) => {
    const spy = reactionsSpy();
    const client = clientFor(server, mode, { reactions: spy.reactions });
    await client.post('/v1/test/echo', { warm: true });
    await expect(client.post('/v1/test/echo', { text: 'x'.repeat(LIMIT) })).rejects.toMatchObject(refusal);
    expect(spy.calls.filter((call) => call === 'goToLogin' || call === 'onTokenReset')).toEqual([]);
    const handshakes = server.app.secureTransport.metrics.handshakes;
    expect(await client.post('/v1/test/echo', { small: true })).toMatchObject({ biz: { small: true } });
    expect(server.app.secureTransport.metrics.handshakes).toBe(handshakes); // same session and key: nothing rebuilt
    expect(server.logLines.some((line) => line.includes(REQUEST_TOO_LARGE) && !line.includes('xxxx'))).toBe(true);
  });
});
