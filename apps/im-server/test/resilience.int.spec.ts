import { ResponseCode } from '@merchant/im-core';
import { encodeRequest, MAX_FRAME_BYTES } from '@merchant/im-core/testing';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

// Short limits so the rules are observable in a test: idle 600 ms, login within 3 s (long enough for a login on a
// loaded machine with PostgreSQL; only the never-logged-in socket waits it out), 5 malformed frames per socket,
// sendMsg 3 per 1.5 s.
const IDLE_TIMEOUT_MS = 600;
const LOGIN_TIMEOUT_MS = 3000;

describe('im-server limits: idle timeout, login deadline, malformed frames, frequency control', () => {
  let started: StartedServer;
  const clients: RawImClient[] = [];
  const track = (c: RawImClient) => (clients.push(c), c);

  beforeAll(async () => {
    started = await startServer({
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      loginTimeoutMs: LOGIN_TIMEOUT_MS,
      maxMalformedFrames: 5,
      rateRules: { sendMsg: { limit: 3, windowMs: 1500 }, '*': { limit: 1000, windowMs: 1000 } },
    });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(() => started.server.close());

  it('closes a logged-in socket that stays silent past the idle timeout, but not one that heartbeats', async () => {
    const silent = track(await RawImClient.loggedIn(started.wsUrl, account('idle1')));
    const lively = track(await RawImClient.loggedIn(started.wsUrl, account('idle2')));
    const stop = lively.keepAlive(100);
    const closedAt = Date.now();
    expect((await silent.closed).code).toBe(4002);
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 100);
    // fixed wait: the idle timeout is the server timer under test; the heartbeating socket must outlive two of it
    await new Promise((r) => setTimeout(r, IDLE_TIMEOUT_MS * 2));
    expect(lively.closeInfo).toBeUndefined();
    expect((await lively.request('getServerTime', {})).code).toBe(200);
    stop();
  });

  it('closes a socket that never logs in', async () => {
    const anonymous = track(await RawImClient.open(started.wsUrl));
    expect((await anonymous.closed).code).toBe(4001);
  });

  it('answers 997 to a malformed frame and 999 to an unknown command, closes after too many, and serves other sockets meanwhile', async () => {
    const bad = track(await RawImClient.loggedIn(started.wsUrl, account('bad1')));
    const healthy = track(await RawImClient.loggedIn(started.wsUrl, account('ok1')));

    bad.sendRaw(new Uint8Array([1, 0, 7, 1, 0, 9])); // shorter than a header
    await bad.waitFor(() => bad.headerOnly.find((h) => h.code === ResponseCode.PROTOCOL_UNPACK_ERROR), 2000, '997');
    bad.sendRaw(new Uint8Array([1, 0, 200, 200, 0, 42, 0, 0])); // well-formed header, no such command
    const unknown = await bad.waitFor(() => bad.headerOnly.find((h) => h.code === ResponseCode.PROTOCOL_UNKNOWN_COMMAND), 2000, '999');
    expect(unknown).toMatchObject({ serviceId: 200, commandId: 200, serialId: 42 });
    const valid = encodeRequest('getServerTime', 7, {});
    bad.sendRaw(Uint8Array.from([...valid, 0xff, 0xff])); // good header, truncated body field
    // getServerTime is a known command, so the answer decodes as its (bodiless) response.
    await bad.waitFor(() => bad.responses.find((f) => f.serialId === 7 && f.code === 997 && f.name === 'getServerTime'), 2000, '997 for serial 7');
    expect((await healthy.request('heartbeat', {})).code).toBe(200);
    bad.sendRaw('text frames are not protocol frames');
    bad.sendRaw(new Uint8Array([9, 9, 9, 9, 9, 9, 9, 9, 9]));
    bad.sendRaw(new Uint8Array([0]));
    expect((await bad.closed).code).toBe(1002);
    expect((await healthy.request('getServerTime', {})).code).toBe(200);
  });

  it('closes a socket that sends a frame above the size limit with 1009', async () => {
    const big = track(await RawImClient.loggedIn(started.wsUrl, account('big1')));
    big.sendRaw(new Uint8Array(MAX_FRAME_BYTES + 1));
    expect((await big.closed).code).toBe(1009);
  });

  it('answers 416 with the seconds to wait once an account spends its sendMsg budget, per account', async () => {
    const busy = track(await RawImClient.loggedIn(started.wsUrl, account('rate1')));
    const other = track(await RawImClient.loggedIn(started.wsUrl, account('rate2')));
    const stop = busy.keepAlive(150);
    const send = (c: RawImClient, id: string) => c.request('sendMsg', { msg: { idClient: id, scene: 0, to: account('rate_peer'), type: 0, text: id } });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await send(busy, `r${i}`)).code);
    expect(codes).toEqual([200, 200, 200, ResponseCode.FREQUENCY_CONTROL]);
    const limited = await send(busy, 'r-limited');
    expect(limited.code).toBe(416);
    expect(limited.body.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(limited.body.retryAfterSeconds).toBeLessThanOrEqual(2);
    // Other commands and other accounts are not limited.
    expect((await busy.request('getServerTime', {})).code).toBe(200);
    expect((await send(other, 'o1')).code).toBe(200);
    // fixed wait: the rate window is the server timer under test; the send must pass once it is over
    await new Promise((r) => setTimeout(r, limited.body.retryAfterSeconds! * 1000 + 50));
    expect((await send(busy, 'r-after')).code).toBe(200);
    stop();
  });
});
