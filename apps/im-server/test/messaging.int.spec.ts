import { CLIENT_TYPE_WEB, ResponseCode } from '@merchant/im-core';
import { RawImClient, tokenFor } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

describe('im-server messaging over a real WebSocket', () => {
  let started: StartedServer;
  const clients: RawImClient[] = [];
  const open = async (name: string, options: { clientType?: number; nick?: string } = {}) => {
    const client = await RawImClient.loggedIn(started.wsUrl, name, options);
    clients.push(client);
    return client;
  };
  const store = account('s_1001');
  const alice = account('c_demo1');
  const bob = account('c_demo2');

  beforeAll(async () => {
    started = await startServer();
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(() => started.server.close());

  it('lbs answers the WebSocket link for the app key and refuses bad queries', async () => {
    const ok = await fetch(`${started.url}/lbs?id=${alice}&sv=1&pv=1&networkType=0&k=merchant-im`);
    const body = (await ok.json()) as { common: Record<string, unknown> };
    expect(body.common.link).toBe(started.wsUrl);
    expect(body.common['link.default']).toBe(started.wsUrl);
    expect(Array.isArray(body.common['lbs.backup'])).toBe(true);
    expect((await fetch(`${started.url}/lbs?id=${alice}&k=other`)).status).toBe(403);
    expect((await fetch(`${started.url}/lbs?k=merchant-im`)).status).toBe(400);
  });

  it('login answers a connection id, server time and the profile from the token claims', async () => {
    const client = await RawImClient.open(started.wsUrl);
    clients.push(client);
    const answer = await client.login(alice, tokenFor(alice, { nick: 'Alice Chen', avatar: 'https://a/alice.png' }));
    expect(answer.code).toBe(200);
    expect(answer.body.connectionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs((answer.body.serverTime ?? 0) - Date.now())).toBeLessThan(5000);
    expect(answer.body.user).toMatchObject({ account: alice, nick: 'Alice Chen', avatar: 'https://a/alice.png' });
    expect((await client.request('heartbeat', {})).code).toBe(200);
    expect((await client.request('getServerTime', {})).body.time).toBeGreaterThan(0);
  });

  it.each([
    ['a token signed with another key', (a: string) => tokenFor(a, {}, 'wrong-secret')],
    ['an expired token', (a: string) => tokenFor(a, { iat: 1000, exp: 2000 })],
    ['another account’s token', () => tokenFor(bob)],
    ['garbage', () => 'not-a-token'],
  ])('login with %s answers 302 and closes the socket', async (_name, makeToken) => {
    const client = await RawImClient.open(started.wsUrl);
    clients.push(client);
    const answer = await client.login(alice, makeToken(alice));
    expect(answer.code).toBe(ResponseCode.WRONG_CREDENTIALS);
    expect(answer.body.errMsg).toBeTruthy();
    expect((await client.closed).code).toBe(4001);
  });

  it('commands before login answer 403 and commands outside the implemented set answer 415', async () => {
    const anonymous = await RawImClient.open(started.wsUrl);
    clients.push(anonymous);
    expect((await anonymous.request('getServerSessions', {})).code).toBe(ResponseCode.NO_PERMISSION);
    const client = await open(alice);
    const answer = await client.request('httpProxy', { zone: 'x', path: '/', method: 'GET' });
    expect(answer.code).toBe(415);
    expect(answer.body.errMsg).toMatch(/not supported/);
  });

  it('sendMsg stores, answers the stored message, delivers to every receiver port and to the sender’s other ports', async () => {
    const sender = await open(store, { nick: 'Demo Flagship Store' });
    const senderOtherPort = await open(store, { clientType: 1 });
    const receiverWeb = await open(bob);
    const receiverPhone = await open(bob, { clientType: 2 });

    const answer = await sender.request('sendMsg', { msg: { idClient: 'c-1', scene: 0, to: bob, type: 0, text: 'Hello Bob' } });
    expect(answer.code).toBe(200);
    const stored = answer.body.msg!;
    expect(stored).toMatchObject({ idClient: 'c-1', from: store, to: bob, text: 'Hello Bob', sessionId: `p2p-${bob}`, fromNick: 'Demo Flagship Store' });
    expect(Number(stored.idServer)).toBeGreaterThan(0);

    for (const port of [receiverWeb, receiverPhone]) {
      const pushed = await port.waitForPush('msg', (b) => b.msg?.idClient === 'c-1');
      expect(pushed.msg).toMatchObject({ idServer: stored.idServer, time: stored.time, sessionId: `p2p-${store}`, flow: 'in' });
    }
    const synced = await senderOtherPort.waitForPush('syncSendMsg', (b) => b.msg?.idClient === 'c-1');
    expect(synced.msg?.idServer).toBe(stored.idServer);
    expect(sender.pushesNamed('syncSendMsg')).toHaveLength(0);

    // The same idClient again: same stored message, nothing delivered twice.
    const again = await sender.request('sendMsg', { msg: { idClient: 'c-1', scene: 0, to: bob, type: 0, text: 'Hello Bob' } });
    expect(again.body.msg).toMatchObject({ idServer: stored.idServer, time: stored.time });
    // A later message reaches the same port after any second delivery of c-1 would have.
    expect((await sender.request('sendMsg', { msg: { idClient: 'c-2', scene: 0, to: bob, type: 0, text: 'marker' } })).code).toBe(200);
    await receiverWeb.waitForPush('msg', (b) => b.msg?.idClient === 'c-2');
    expect(receiverWeb.pushesNamed('msg').map((f) => (f.body as { msg?: { idClient?: string } }).msg?.idClient)).toEqual(['c-1', 'c-2']);

    const history = await receiverWeb.request('getHistoryMsgs', { scene: 0, to: store, limit: 10 });
    expect(history.body.msgs?.map((m) => m.idClient).sort()).toEqual(['c-1', 'c-2']);
  });

  it('sync returns sessions and offline messages newer than the timetag, then syncDone; mark read clears unread on every port', async () => {
    const sender = await open(alice);
    await sender.request('sendMsg', { msg: { idClient: 'off-1', scene: 0, to: store, type: 0, text: 'are you open?' } });
    await sender.request('sendMsg', { msg: { idClient: 'off-2', scene: 0, to: store, type: 0, text: 'hello?' } });

    const merchant = await open(store, { clientType: CLIENT_TYPE_WEB });
    const merchantPc = await open(store, { clientType: 1 });
    expect((await merchant.request('sync', { timetags: {} })).code).toBe(200);
    const done = await merchant.waitForPush('syncDone');
    const sessions = (await merchant.waitForPush('syncSessions')).sessions ?? [];
    expect(sessions.find((s) => s.id === `p2p-${alice}`)).toMatchObject({ unread: 2, lastMsg: { idClient: 'off-2' } });
    const roaming = (await merchant.waitForPush('roamingMsgs')).msgs ?? [];
    expect(roaming.filter((m) => m.from === alice).map((m) => m.idClient)).toEqual(['off-1', 'off-2']);
    const order = merchant.pushes.map((f) => f.name);
    expect(order.indexOf('syncDone')).toBe(order.length - 1);

    // A second sync from the answered timetag (a sequence number, docs/im-sync.md) has no old messages.
    const next = await merchant.request('sync', { timetags: { roamingMsgs: done.timetag! } });
    expect(next.code).toBe(200);
    const secondDone = await merchant.waitFor(() => merchant.pushesNamed('syncDone')[1], 5000, 'second syncDone');
    expect(secondDone.body).toMatchObject({ timetag: done.timetag, hasMore: false });
    expect((merchant.pushesNamed('roamingMsgs').at(-1)!.body.msgs as unknown[] | undefined) ?? []).toEqual([]);

    expect((await merchant.request('markSessionAck', { scene: 0, to: alice })).code).toBe(200);
    const ack = await merchantPc.waitForPush('sessionAck', (b) => b.to === alice);
    expect(ack.timetag).toBeGreaterThan(0);
    const listed = await merchant.request('getServerSessions', { limit: 10 });
    expect(listed.body.sessions?.find((s) => s.id === `p2p-${alice}`)).toMatchObject({ unread: 0 });
  });

  it('a second login on the same platform kicks the older socket (samePlatform); other platforms are told about new ports', async () => {
    const first = await open(alice);
    const otherPlatform = await open(alice, { clientType: 1 });
    const second = await RawImClient.open(started.wsUrl);
    clients.push(second);
    const answer = await second.login(alice, tokenFor(alice));
    expect(answer.code).toBe(200);
    expect(answer.body.loginPorts?.map((p) => p.type)).toEqual([1]);

    const kicked = await first.waitForPush('kicked');
    expect(kicked).toMatchObject({ reason: 1, clientType: CLIENT_TYPE_WEB });
    expect((await first.closed).code).toBe(4003);
    const notice = await otherPlatform.waitForPush('multiPortLogin', (b) => b.state === 'login' && b.ports?.[0]?.connectionId === answer.body.connectionId);
    expect(notice.ports?.[0]).toMatchObject({ type: CLIENT_TYPE_WEB, online: true });
    // The kicked port's logout reaches the remaining ports.
    await otherPlatform.waitForPush('multiPortLogin', (b) => b.state === 'logout');
    // The new socket keeps working.
    expect((await second.request('heartbeat', {})).code).toBe(200);
  });
});
