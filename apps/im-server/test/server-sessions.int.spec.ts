import { ImError, MemoryStore, type ImClient } from '@merchant/im-core';
import { MAX_SESSION_EXT_LENGTH } from '@merchant/im-core/validation';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

/** Server sessions (issue 31): getServerSessions pages, getServerSession, updateServerSession with its ext synced to other devices. */
describe('server sessions', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  const raws: RawImClient[] = [];
  const connect = async (name: string, store = new MemoryStore()) => {
    const client = imCoreClient(started.url, name, { store });
    clients.push(client);
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const raw of raws) raw.close();
    for (const client of clients) await client.destroy();
    await started.server.close();
  });

  it('lists the server sessions page by page, reads one, and updates its ext: another device gets it by sync; bad input is refused', async () => {
    const me = account('ss_me');
    const peers = [account('ss_a'), account('ss_b'), account('ss_c')];
    const mine = await connect(me);
    for (const peer of peers) {
      const sender = await connect(peer);
      await sender.messages.sendText({ scene: 'p2p', to: me, text: `hello from ${peer}` });
    }
    await waitFor(async () => (await mine.sessions.list()).length === 3, 5000, 'three sessions arrive');

    // Newest first, two a page: the next page starts before the oldest updateTime of the last one.
    const first = await mine.sessions.getServerSessions({ limit: 2 });
    expect(first.hasMore).toBe(true);
    expect(first.sessions.map((s) => s.to)).toEqual([peers[2], peers[1]]);
    expect(first.sessions[0].lastMsg?.text).toBe(`hello from ${peers[2]}`);
    const second = await mine.sessions.getServerSessions({ limit: 2, maxTimestamp: first.sessions[1].updateTime, needLastMsg: false });
    expect(second).toMatchObject({ hasMore: false });
    expect(second.sessions.map((s) => s.to)).toEqual([peers[0]]);
    expect(second.sessions[0].lastMsg).toBeNull();

    const sessionId = `p2p-${peers[0]}`;
    const updated = await mine.sessions.updateServerSession(sessionId, '{"vip":true}');
    expect(updated).toMatchObject({ id: sessionId, ext: '{"vip":true}' });
    expect(await mine.sessions.getServerSession(sessionId)).toMatchObject({ id: sessionId, ext: '{"vip":true}', unread: 1 });

    // Another device of the account (a raw Android port) gets the ext with the session at its sync.
    const raw = await RawImClient.loggedIn(started.wsUrl, me, { clientType: 1, deviceId: 'ss-raw' });
    raws.push(raw);
    const syncedExt = async (timetags: Record<string, number>) => {
      raw.pushes.splice(0);
      expect((await raw.request('sync', { timetags })).code).toBe(200);
      const done = await raw.waitForPush('syncDone');
      const sessions = raw.pushes.filter((f) => f.name === 'syncSessions').flatMap((f) => (f.body as { sessions?: { id?: string; ext?: string }[] }).sessions ?? []);
      return { ext: sessions.find((x) => x.id === sessionId)?.ext, timetag: done.timetag ?? 0 };
    };
    const fresh = await syncedExt({});
    expect(fresh.ext).toBe('{"vip":true}');
    // Cleared on the first device: the change is numbered, so the other device's next sync brings it.
    await mine.sessions.updateServerSession(sessionId, '');
    expect(await syncedExt({ roamingMsgs: fresh.timetag })).toEqual({ ext: '', timetag: expect.any(Number) });

    // Checked before sending (Param_Error 414; 405 when the ext is too long) and by the server.
    await expect(mine.sessions.getServerSessions({ limit: 101 })).rejects.toMatchObject({ code: 414 });
    await expect(mine.sessions.getServerSessions({ minTimestamp: 5, maxTimestamp: 4 })).rejects.toMatchObject({ code: 414 });
    await expect(mine.sessions.updateServerSession(sessionId, 'x'.repeat(MAX_SESSION_EXT_LENGTH + 1))).rejects.toMatchObject({ code: 405 });
    expect((await raw.request('updateServerSession', { sessionId, ext: 'x'.repeat(MAX_SESSION_EXT_LENGTH + 1) })).code).toBe(405);
    expect((await raw.request('updateServerSession', { sessionId: 'p2p-nobody', ext: 'x' })).code).toBe(404);
    expect((await raw.request('getServerSession', { sessionId: '' })).code).toBe(414);
    expect((await raw.request('getServerSessions', { limit: 101 })).code).toBe(414);
    const refused = await mine.sessions.getServerSession('p2p-nobody').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImError);
    expect((refused as ImError).code).toBe(404);
    // The refusals changed nothing.
    expect(await mine.sessions.getServerSession(sessionId)).toMatchObject({ ext: '' });
  });
});
