import { KickReason } from '@merchant/im-core';
import { RawImClient } from './support/raw-client';
import { account, makeDataDir, startServer, usingPostgres } from './support/test-server';

describe('kill and restart', () => {
  const data = makeDataDir();
  afterAll(() => data.remove());

  it(`keeps messages and sessions when the server is closed and recreated on the same port with the same ${usingPostgres ? 'PostgreSQL database' : 'PGlite folder'}`, async () => {
    const merchant = account('s_1001');
    const customer = account('c_demo1');
    const first = await startServer({ dataDir: data.dataDir });
    const port = Number(new URL(first.url).port);
    const sender = await RawImClient.loggedIn(first.wsUrl, customer, { nick: 'Alice Chen' });
    const sent = await sender.request('sendMsg', { msg: { idClient: 'persist-1', scene: 0, to: merchant, type: 0, text: 'still there?' } });
    expect(sent.code).toBe(200);
    const notLoggedIn = await RawImClient.open(first.wsUrl);
    await first.server.close();
    expect((await sender.closed).code).toBe(1001);
    // Shutting down advises logged-in clients to reconnect at once (silentlyKick: no kicked event,
    // no backoff); a socket that never logged in is just closed.
    expect(sender.pushesNamed('kicked').map((frame) => frame.body)).toEqual([expect.objectContaining({ reason: KickReason.silentlyKick })]);
    expect((await notLoggedIn.closed).code).toBe(1001);
    expect(notLoggedIn.pushesNamed('kicked')).toEqual([]);

    const second = await startServer({ dataDir: data.dataDir, port });
    try {
      expect(second.url).toBe(first.url);
      const reader = await RawImClient.loggedIn(second.wsUrl, merchant);
      const history = await reader.request('getHistoryMsgs', { scene: 0, to: customer, limit: 10 });
      expect(history.body.msgs).toEqual([expect.objectContaining({ idClient: 'persist-1', idServer: sent.body.msg?.idServer, text: 'still there?', fromNick: 'Alice Chen' })]);
      const sessions = await reader.request('getServerSessions', {});
      expect(sessions.body.sessions?.find((s) => s.id === `p2p-${customer}`)).toMatchObject({ unread: 1 });
      // The sender's dedupe survives the restart too.
      const resender = await RawImClient.loggedIn(second.wsUrl, customer);
      const again = await resender.request('sendMsg', { msg: { idClient: 'persist-1', scene: 0, to: merchant, type: 0, text: 'still there?' } });
      expect(again.body.msg?.idServer).toBe(sent.body.msg?.idServer);
      reader.close();
      resender.close();
    } finally {
      await second.server.close();
    }
  });
});
