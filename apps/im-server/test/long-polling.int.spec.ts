import { decodeFrame, decodeFrameBatch, encodeFrameBatch, encodeRequest, type DecodedFrame } from '@merchant/im-core/testing';
import { RawImClient, tokenFor, TEST_APP_KEY } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

describe('HTTP long-polling carries the same frames as the WebSocket (docs/protocol.md)', () => {
  let started: StartedServer;
  const POLL_TIMEOUT_MS = 300;
  beforeAll(async () => {
    started = await startServer({ longPollWaitMs: POLL_TIMEOUT_MS });
  });
  afterAll(() => started.server.close());

  const lp = (action: string, sid = '') => `${started.url}/lp/${action}${sid ? `?sid=${sid}` : ''}`;
  const send = (sid: string, frames: Uint8Array[]) =>
    fetch(lp('send', sid), { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: encodeFrameBatch(frames) as Uint8Array<ArrayBuffer> });
  const poll = async (sid: string): Promise<{ status: number; frames: DecodedFrame[] }> => {
    const response = await fetch(lp('poll', sid));
    if (response.status !== 200) return { status: response.status, frames: [] };
    return { status: 200, frames: decodeFrameBatch(new Uint8Array(await response.arrayBuffer())).map((f) => decodeFrame(f)) };
  };
  const pollUntil = async (sid: string, found: (frames: DecodedFrame[]) => boolean) => {
    const all: DecodedFrame[] = [];
    for (let i = 0; i < 20 && !found(all); i++) all.push(...(await poll(sid)).frames);
    return all;
  };
  const open = async () => (await (await fetch(lp('open'), { method: 'POST' })).json()) as { sid: string; pollTimeoutMs: number };

  it('logs in, receives a message pushed by a WebSocket sender, answers batched requests in order, and closes', async () => {
    const customer = account('lp_customer');
    const merchant = account('lp_merchant');
    const { sid, pollTimeoutMs } = await open();
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(pollTimeoutMs).toBe(POLL_TIMEOUT_MS);

    const login = encodeRequest('login', 1, { appKey: TEST_APP_KEY, account: customer, token: tokenFor(customer), clientType: 16, protocolVersion: 1 });
    expect((await send(sid, [login])).status).toBe(204);
    const answers = await pollUntil(sid, (f) => f.some((x) => x.name === 'login'));
    expect(answers.find((f) => f.name === 'login')).toMatchObject({ code: 200, serialId: 1 });

    // A poll with nothing queued ends with an empty batch after pollTimeoutMs.
    const empty = await poll(sid);
    expect(empty).toEqual({ status: 200, frames: [] });

    const sender = await RawImClient.loggedIn(started.wsUrl, merchant);
    await sender.request('sendMsg', { msg: { idClient: 'lp-1', scene: 0, to: customer, type: 0, text: 'over long-polling' } });
    const pushed = await pollUntil(sid, (f) => f.some((x) => x.name === 'msg'));
    expect(pushed.find((f) => f.name === 'msg')?.body).toMatchObject({ msg: { idClient: 'lp-1', text: 'over long-polling' } });

    await send(sid, [encodeRequest('heartbeat', 2, {}), encodeRequest('getServerTime', 3, {})]);
    const ordered = await pollUntil(sid, (f) => f.some((x) => x.serialId === 3));
    expect(ordered.map((f) => f.serialId)).toEqual([2, 3]);

    expect((await fetch(lp('close', sid), { method: 'POST' })).status).toBe(204);
    expect((await poll(sid)).status).toBe(404);
    // The merchant's socket saw the long-polling port leave.
    sender.close();
  });

  it('answers unknown sessions with 404 and a malformed batch with 400, and the session keeps working', async () => {
    expect((await fetch(lp('poll', 'nope'))).status).toBe(404);
    const { sid } = await open();
    const bad = await fetch(lp('send', sid), { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([0, 0, 1, 0, 1, 2]) });
    expect(bad.status).toBe(400);
    await send(sid, [new Uint8Array([1, 0, 99, 99, 0, 5, 0, 0])]);
    await send(sid, [encodeRequest('getServerTime', 6, {})]);
    const response = await fetch(lp('poll', sid));
    const frames = decodeFrameBatch(new Uint8Array(await response.arrayBuffer()));
    const codes = frames.map((f) => ({ serial: (f[4] << 8) | f[5], code: (f[6] << 8) | f[7] }));
    expect(codes).toEqual([
      { serial: 5, code: 999 },
      { serial: 6, code: 200 },
    ]);
  });
});
