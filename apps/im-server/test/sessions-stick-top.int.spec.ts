import WebSocket from 'ws';
import { createImClient, type ImClient, type ImSession, type WebSocketConstructor } from '@merchant/im-core';
import { RawImClient, tokenFor, TEST_APP_KEY } from './support/raw-client';
import { account, makeDataDir, startServer, usingPostgres, type StartedServer } from './support/test-server';

/**
 * Stick-top sessions as the chat frame uses them (im-core sessions.stickTop / unstickTop), against
 * the real im-server: persisted, pushed live to the merchant's other device (another platform),
 * synced into a fresh device, and kept across a restart of the server.
 */
describe(`stick-top sessions from the frame's client (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const data = makeDataDir();
  const clients: ImClient[] = [];
  const raws: RawImClient[] = [];
  const servers: StartedServer[] = [];
  afterAll(async () => {
    for (const client of clients) await client.destroy();
    raws.forEach((raw) => raw.close());
    for (const started of servers) await started.server.close().catch(() => undefined);
    data.remove();
  });

  const webClient = (started: StartedServer, me: string) => {
    const client = createImClient({
      lbsUrl: `${started.url}/lbs`, appKey: TEST_APP_KEY, account: me, token: tokenFor(me),
      WebSocketImpl: WebSocket as unknown as WebSocketConstructor, networkEvents: null,
    });
    clients.push(client);
    return client;
  };
  const raw = async (started: StartedServer, who: string, clientType?: number) => {
    const client = await RawImClient.loggedIn(started.wsUrl, who, { clientType });
    raws.push(client);
    return client;
  };
  async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
    for (let i = 0; i < 200; i++) {
      const value = await read();
      if (value !== undefined) return value;
      // fixed wait: poll interval; 200 rounds bound the wait
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`timed out waiting for ${what}`);
  }
  const topOf = async (client: ImClient, sessionId: string): Promise<ImSession | undefined> =>
    (await client.sessions.list()).find((session) => session.id === sessionId);

  it('reaches the other device live both ways, a fresh device by sync, and survives a restart; an unknown session changes nothing', async () => {
    const merchant = account('s_pin');
    const buyer = account('c_pin');
    const quiet = account('c_quiet');
    const sessionId = `p2p-${buyer}`;
    const first = await startServer({ dataDir: data.dataDir });
    servers.push(first);
    const port = Number(new URL(first.url).port);

    const customer = await raw(first, buyer);
    expect((await customer.request('sendMsg', { msg: { idClient: `pin-${buyer}`, scene: 0, to: merchant, type: 0, text: 'pin me' } })).code).toBe(200);
    const other = await raw(first, quiet);
    expect((await other.request('sendMsg', { msg: { idClient: `q-${quiet}`, scene: 0, to: merchant, type: 0, text: 'later one' } })).code).toBe(200);

    const web = webClient(first, merchant);
    const events: ImSession[] = [];
    web.on('sessions', (sessions) => events.push(...sessions.filter((session) => session.id === sessionId)));
    await web.connect();
    expect((await web.sessions.list()).map((session) => session.id)).toEqual([`p2p-${quiet}`, sessionId]);
    events.length = 0; // the sync's own session list
    const phone = await raw(first, merchant, 1);

    // The frame sticks it: stored, and the phone hears it at once.
    await expect(web.sessions.stickTop(sessionId)).resolves.toMatchObject({ id: sessionId, isTop: true });
    const pushed = await phone.waitForPush('stickTopSessionUpdated', (body) => body.session?.id === sessionId);
    expect(pushed.session?.createTime).toBeGreaterThan(0);
    expect((await phone.request('getStickTopSessions', { timetag: 0 })).body.sessions).toEqual([expect.objectContaining({ id: sessionId })]);

    // The phone takes it off, then puts it back: the frame's client follows live.
    expect((await phone.request('deleteStickTopSession', { id: sessionId })).code).toBe(200);
    await eventually(async () => ((await topOf(web, sessionId))?.isTop === false ? true : undefined), 'the web client to see the session off the top');
    expect((await phone.request('addStickTopSession', { session: { id: sessionId } })).code).toBe(200);
    await eventually(async () => ((await topOf(web, sessionId))?.isTop ? true : undefined), 'the web client to see the session on top again');
    expect(events.map((session) => session.isTop)).toEqual([true, false, true]);

    // An unknown session: refused before anything is sent, nothing changes.
    await expect(web.sessions.stickTop(`p2p-${account('c_nobody')}`)).rejects.toMatchObject({ errorName: 'Session_Not_Exist' });
    expect((await phone.request('getStickTopSessions', { timetag: 0 })).body.sessions?.map((s) => s.id)).toEqual([sessionId]);

    await web.logout();
    await first.server.close();

    // After a restart on the same data, a new browser (empty store) syncs the session on top.
    const second = await startServer({ dataDir: data.dataDir, port });
    servers.push(second);
    const fresh = webClient(second, merchant);
    await fresh.connect();
    expect(await topOf(fresh, sessionId)).toMatchObject({ isTop: true });
    expect((await topOf(fresh, `p2p-${quiet}`))?.isTop).toBeFalsy();
    await fresh.sessions.unstickTop(sessionId);
    const check = await raw(second, merchant, 1);
    expect((await check.request('getStickTopSessions', { timetag: 0 })).body.sessions ?? []).toEqual([]);
  });
});
