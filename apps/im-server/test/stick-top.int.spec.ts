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

  it('stickTop persists on the server (another port lists it); updateStickTop changes topCustom of a session on top only; unstickTop removes it; bad ids change nothing', async () => {
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

    const renamed = await client.sessions.updateStickTop(`p2p-${peer}`, 'gold');
    expect(renamed).toMatchObject({ isTop: true, topCustom: 'gold' });
    expect((await raw.request('getStickTopSessions', { timetag: 0 })).body.sessions).toEqual([expect.objectContaining({ id: `p2p-${peer}`, topCustom: 'gold' })]);

    const off = await client.sessions.unstickTop(`p2p-${peer}`);
    expect(off.isTop).toBe(false);
    expect((await raw.request('getStickTopSessions', { timetag: 0 })).body.sessions ?? []).toEqual([]);
    // Off the top, an update is refused by the server and the session stays off.
    await expect(client.sessions.updateStickTop(`p2p-${peer}`, 'again')).rejects.toMatchObject({ code: 404 });
    expect(await client.localStore!.getSession(`p2p-${peer}`)).toMatchObject({ isTop: false });
    raw.close();
    other.close();
  });

  it('updateStickTopSession changes topCustom and keeps the time it went on top, never puts a session on top (404); the other device hears it, a sync from before it gets it, bad input changes nothing', async () => {
    const me = account('s_upd');
    const peer = account('c_upd');
    const sessionId = `p2p-${peer}`;
    const web = await RawImClient.loggedIn(started.wsUrl, me);
    const phone = await RawImClient.loggedIn(started.wsUrl, me, { clientType: 1, deviceId: 'phone' });
    const opened: RawImClient[] = [web, phone];
    try {
      expect((await web.request('sendMsg', { msg: { idClient: `upd-${me}`, scene: 0, to: peer, type: 0, text: 'pin me' } })).code).toBe(200);
      // An update never adds: a session not on top is refused and stays off the top.
      const early = await web.request('updateStickTopSession', { session: { id: sessionId, topCustom: 'early' } });
      expect([early.code, (early.body as { errMsg?: string }).errMsg]).toEqual([404, 'session is not on top']);
      expect((await phone.request('getStickTopSessions', { timetag: 0 })).body.sessions ?? []).toEqual([]);
      const added = await web.request('addStickTopSession', { session: { id: sessionId, topCustom: 'first' } });
      expect(added.code).toBe(200);
      const onTop = added.body.session as { id: string; topCustom: string; createTime: number; updateTime: number };
      expect(onTop).toMatchObject({ id: sessionId, topCustom: 'first' });
      const addPush = await phone.waitForPush('stickTopSessionUpdated', (p) => p.session?.topCustom === 'first');

      const updated = await web.request('updateStickTopSession', { session: { id: sessionId, topCustom: 'second' } });
      expect(updated.code).toBe(200);
      expect(updated.body.session).toMatchObject({ id: sessionId, topCustom: 'second', createTime: onTop.createTime });
      // The phone hears the update with the same time on top and a later sync number; the caller's own port hears nothing.
      const updatePush = await phone.waitForPush('stickTopSessionUpdated', (p) => p.session?.topCustom === 'second');
      expect(updatePush.session).toEqual(updated.body.session);
      expect(updatePush.timetag).toBe((addPush.timetag as number) + 1);
      expect(web.pushesNamed('stickTopSessionUpdated')).toEqual([]);
      expect((await phone.request('getStickTopSessions', { timetag: 0 })).body.sessions).toEqual([updated.body.session]);

      // A device that synced up to the add gets the update; one that synced up to the update gets nothing more.
      const syncStickTop = async (timetag: number) => {
        const device = await RawImClient.loggedIn(started.wsUrl, me, { clientType: 2, deviceId: `sync-${timetag}` });
        opened.push(device);
        expect((await device.request('sync', { timetags: { roamingMsgs: timetag, stickTopSessions: timetag } })).code).toBe(200);
        await device.waitForPush('syncDone');
        return device.pushesNamed('syncStickTopSessions').map((f) => f.body);
      };
      expect(await syncStickTop(addPush.timetag as number)).toEqual([{ sessions: [updated.body.session], timetag: expect.any(Number) }]);
      expect(await syncStickTop(updatePush.timetag as number)).toEqual([]);

      // Bad input: 414 or 404 with the exact text, and the session keeps its top state.
      const refusals: [Record<string, unknown>, number, string][] = [
        [{}, 414, 'session id must be p2p-<account>'],
        [{ session: { id: 'team-1', topCustom: 'x' } }, 414, 'session id must be p2p-<account>'],
        [{ session: { id: 'p2p-has space' } }, 414, 'id must be an account id'],
        [{ session: { id: sessionId, topCustom: 'x'.repeat(5001) } }, 414, 'topCustom must be a string of at most 5000'],
        [{ session: { id: `p2p-${account('c_upd_nobody')}`, topCustom: 'x' } }, 404, 'session not found'],
      ];
      for (const [body, code, message] of refusals) {
        const answer = await web.request('updateStickTopSession', body as never);
        expect([answer.code, (answer.body as { errMsg?: string }).errMsg]).toEqual([code, message]);
      }
      expect((await phone.request('getStickTopSessions', { timetag: 0 })).body.sessions).toEqual([updated.body.session]);

      // Taken off the top: the other device hears createTime 0 and the list is empty; an update then is refused again.
      expect((await web.request('deleteStickTopSession', { id: sessionId })).code).toBe(200);
      expect((await phone.waitForPush('stickTopSessionUpdated', (p) => p.session?.createTime === 0)).session).toMatchObject({ id: sessionId, topCustom: '' });
      expect((await phone.request('getStickTopSessions', { timetag: 0 })).body.sessions ?? []).toEqual([]);
      expect((await web.request('updateStickTopSession', { session: { id: sessionId, topCustom: 'late' } })).code).toBe(404);
      expect((await phone.request('getStickTopSessions', { timetag: 0 })).body.sessions ?? []).toEqual([]);
    } finally {
      for (const client of opened) client.close();
    }
  });
});
