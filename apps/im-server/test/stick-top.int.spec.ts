import WebSocket from 'ws';
import { createImClient, type ImClient, type WebSocketConstructor } from '@merchant/im-core';
import { RawImClient, tokenFor, TEST_APP_KEY } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

/** Stick-top sessions: im-core client → real im-server, persisted per account. */
describe('stick-top sessions', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    await started.server.close();
  });

  it('stickTop persists on the server (another port lists it); unstickTop removes it; bad ids change nothing', async () => {
    const me = account('s_top');
    const peer = account('c_top');
    const client = createImClient({
      lbsUrl: `${started.url}/lbs`, appKey: TEST_APP_KEY, account: me, token: tokenFor(me),
      WebSocketImpl: WebSocket as unknown as WebSocketConstructor, networkEvents: null,
    });
    clients.push(client);
    await client.connect();
    await client.messages.sendText({ scene: 'p2p', to: peer, text: 'pin me' });

    const topped = await client.sessions.stickTop(`p2p-${peer}`, 'vip');
    expect(topped).toMatchObject({ isTop: true, topCustom: 'vip' });
    const raw = await RawImClient.loggedIn(started.wsUrl, me, { clientType: 1 });
    const listed = await raw.request('getStickTopSessions', { timetag: 0 });
    expect(listed.body.sessions).toEqual([expect.objectContaining({ id: `p2p-${peer}`, topCustom: 'vip' })]);

    expect((await raw.request('addStickTopSession', { session: { id: 'team-1' } })).code).toBe(414);
    expect((await raw.request('addStickTopSession', { session: { id: `p2p-${account('c_nobody')}` } })).code).toBe(404);
    const other = await RawImClient.loggedIn(started.wsUrl, account('c_other'));
    expect((await other.request('getStickTopSessions', { timetag: 0 })).body.sessions ?? []).toEqual([]);

    const off = await client.sessions.unstickTop(`p2p-${peer}`);
    expect(off.isTop).toBe(false);
    expect((await raw.request('getStickTopSessions', { timetag: 0 })).body.sessions ?? []).toEqual([]);
    raw.close();
    other.close();
  });
});
