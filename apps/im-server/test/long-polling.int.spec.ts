import { decodeFrame, encodeRequest, type DecodedFrame } from '@merchant/im-core';
import { packFrames, unpackFrames } from '../src/gateway/long-polling-transport';
import { RawImClient, tokenFor, TEST_APP_KEY } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

describe('HTTP long-polling carries the same frames as the WebSocket', () => {
  let started: StartedServer;
  beforeAll(async () => {
    started = await startServer({ longPollWaitMs: 300 });
  });
  afterAll(() => started.server.close());

  const post = (sid: string, frames: Uint8Array[]) =>
    fetch(`${started.url}/lp?sid=${sid}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(packFrames(frames)) });
  const poll = async (sid: string): Promise<{ status: number; frames: DecodedFrame[] }> => {
    const response = await fetch(`${started.url}/lp?sid=${sid}`);
    if (response.status !== 200) return { status: response.status, frames: [] };
    return { status: 200, frames: unpackFrames(new Uint8Array(await response.arrayBuffer())).map((f) => decodeFrame(f)) };
  };
  const pollUntil = async (sid: string, found: (frames: DecodedFrame[]) => boolean) => {
    const all: DecodedFrame[] = [];
    for (let i = 0; i < 20 && !found(all); i++) all.push(...(await poll(sid)).frames);
    return all;
  };

  it('logs in, receives a message pushed from a WebSocket sender, and is closed by DELETE', async () => {
    const customer = account('lp_customer');
    const merchant = account('lp_merchant');
    const { sid } = (await (await fetch(`${started.url}/lp`, { method: 'POST' })).json()) as { sid: string };
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);

    expect((await post(sid, [encodeRequest('login', 1, { appKey: TEST_APP_KEY, account: customer, token: tokenFor(customer), clientType: 16 })])).status).toBe(204);
    const login = await pollUntil(sid, (f) => f.some((x) => x.name === 'login'));
    expect(login.find((f) => f.name === 'login')).toMatchObject({ code: 200, serialId: 1 });

    // An empty poll ends with 204 after the wait.
    expect((await poll(sid)).status).toBe(204);

    const sender = await RawImClient.loggedIn(started.wsUrl, merchant);
    await sender.request('sendMsg', { msg: { idClient: 'lp-1', scene: 0, to: customer, type: 0, text: 'over long-polling' } });
    const pushed = await pollUntil(sid, (f) => f.some((x) => x.name === 'msg'));
    expect(pushed.find((f) => f.name === 'msg')?.body).toMatchObject({ msg: { idClient: 'lp-1', text: 'over long-polling' } });

    // Two requests in one POST are answered in order.
    await post(sid, [encodeRequest('heartbeat', 2, {}), encodeRequest('getServerTime', 3, {})]);
    const answers = await pollUntil(sid, (f) => f.some((x) => x.serialId === 3));
    expect(answers.map((f) => f.serialId)).toEqual([2, 3]);

    expect((await fetch(`${started.url}/lp?sid=${sid}`, { method: 'DELETE' })).status).toBe(204);
    expect((await poll(sid)).status).toBe(404);
    sender.close();
  });

  it('rejects unknown sessions and non-binary bodies without harm', async () => {
    expect((await fetch(`${started.url}/lp?sid=nope`)).status).toBe(404);
    const { sid } = (await (await fetch(`${started.url}/lp`, { method: 'POST' })).json()) as { sid: string };
    const text = await fetch(`${started.url}/lp?sid=${sid}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(text.status).toBe(415);
    // A length prefix that overruns the body is one malformed frame: answered 997.
    await fetch(`${started.url}/lp?sid=${sid}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([0, 0, 1, 0, 1, 2]) });
    const response = await fetch(`${started.url}/lp?sid=${sid}`);
    const frames = unpackFrames(new Uint8Array(await response.arrayBuffer()));
    expect(frames).toHaveLength(1);
    expect((frames[0][6] << 8) | frames[0][7]).toBe(997);
  });
});
