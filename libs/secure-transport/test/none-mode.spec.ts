import { SUCCESS_CODE, type SecureClient } from '../src';
import { MemorySessionStore } from '../src/server';
import { clientFor, reactionsSpy, startServer, testServerKeys, type TestServer } from './harness';

describe('security mode none, end to end over loopback', () => {
  let server: TestServer;
  let client: SecureClient;

  beforeAll(async () => {
    server = await startServer({ sessionStore: new MemorySessionStore(), serverKeys: await testServerKeys() });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    client = clientFor(server, 'none', { accessToken: 'tok-1' });
  });
  afterEach(() => client.dispose());

  it('posts the envelope and resolves data', async () => {
    const data = await client.post<{ biz: unknown; accessToken: string; sessionKey: null }>('/v1/test/echo', { a: 1, text: '中文' });
    expect(data).toEqual({ biz: { a: 1, text: '中文' }, accessToken: 'tok-1', sessionKey: null });
  });

  it('sends the sys fields of console-spec §3 and answers the full envelope', async () => {
    const seen: unknown[] = [];
    client.onExchange((record) => seen.push(record.request.sys));
    const envelope = await client.request('/v1/test/echo', {});
    expect(envelope.code).toBe(SUCCESS_CODE);
    expect(envelope.msg).toBe('success');
    expect(seen[0]).toMatchObject({
      method: '/v1/test/echo',
      charset: 'UTF-8',
      safeType: 'none',
      appType: 'store_web',
      appVerName: '5.5.90',
      appVerCode: '5005090',
      safeAccessDebug: false,
      sessionKey: '',
      accessToken: 'tok-1',
    });
    expect(typeof (seen[0] as { deviceId: string }).deviceId).toBe('string');
    expect(Number.isInteger((seen[0] as { timestamp: number }).timestamp)).toBe(true);
  });

  it('rejects with the code, msg and errInfo a handler throws, and shows msg', async () => {
    const spy = reactionsSpy();
    const failing = clientFor(server, 'none', { reactions: spy.reactions });
    await expect(failing.post('/v1/test/fail', { code: '20000001' })).rejects.toMatchObject({ code: '20000001', msg: 'failure 20000001' });
    expect(spy.calls).toEqual(['showError:failure 20000001 [20000001]']);
  });

  it('answers 99999999 when a handler crashes and keeps serving', async () => {
    await expect(client.post('/v1/test/crash')).rejects.toMatchObject({ code: '99999999' });
    await expect(client.post('/v1/test/echo', { ok: true })).resolves.toMatchObject({ biz: { ok: true } });
  });

  it('uses POST JSON with HTTP 200 even for malformed bodies', async () => {
    const notJson = await fetch(`${server.url}/v1/test/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(notJson.status).toBe(200);
    expect(await notJson.json()).toMatchObject({ code: '10301001' });
    const noSys = await fetch(`${server.url}/v1/test/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1,2]' });
    expect(await noSys.json()).toMatchObject({ code: '10301001' });
    const badMode = await fetch(`${server.url}/v1/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sys: { safeType: 'rot13' }, biz: {} }),
    });
    expect(await badMode.json()).toMatchObject({ code: '10301011' });
  });
});
