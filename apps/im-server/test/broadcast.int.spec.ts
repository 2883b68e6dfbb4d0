import { MemoryStore, type ImBroadcastMsg, type ImClient } from '@merchant/im-core';
import { RawImClient } from './support/raw-client';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';

/** Broadcast messages (§3/§4): server-originated to every account, live and by sync with their own timetag, each reported once. */
describe('broadcast messages', () => {
  let started: StartedServer;
  const clients: ImClient[] = [];
  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    await started.server.close();
  });

  const device = async (name: string, store = new MemoryStore()) => {
    const client = imCoreClient(started.url, name, { store });
    const received: ImBroadcastMsg[] = [];
    client.on('broadcastMsgs', (msgs) => received.push(...msgs));
    clients.push(client);
    await client.connect();
    return { client, received, store };
  };

  it('reaches every connected account live and a later one by sync, exactly once each', async () => {
    const one = await device(account('s_bc1'));
    const two = await device(account('c_bc2'));
    const sent = await started.server.broadcast('maintenance tonight', 'system');
    // Broadcasts are global: on a shared PostgreSQL earlier runs' broadcasts exist too and reach a
    // fresh device by its login sync, so look at this one by id and check no id comes twice.
    const ours = (received: ImBroadcastMsg[]) => received.filter((b) => b.broadcastId === sent.broadcastId);
    const noneTwice = (received: ImBroadcastMsg[]) => expect(new Set(received.map((b) => b.broadcastId)).size).toBe(received.length);
    await waitFor(() => ours(one.received).length > 0 && ours(two.received).length > 0, 5000, 'both accounts got the broadcast');
    expect(ours(one.received)).toEqual([expect.objectContaining({ broadcastId: sent.broadcastId, body: 'maintenance tonight', from: 'system' })]);
    expect(ours(two.received)).toHaveLength(1);
    noneTwice(one.received);
    noneTwice(two.received);

    // An account that logs in later gets it by sync, once.
    const later = await device(account('c_bc3'));
    expect(ours(later.received)).toHaveLength(1);
    noneTwice(later.received);
    expect((await later.store.getTimetags()).broadcastMsgs).toBe(Number(sent.broadcastId));

    // Reconnecting with the same store reports nothing again (live one seen, synced one past the timetag).
    await one.client.destroy();
    const oneAgain = await device(account('s_bc1'), one.store);
    await later.client.destroy();
    const laterAgain = await device(account('c_bc3'), later.store);
    expect(oneAgain.received).toEqual([]);
    expect(laterAgain.received).toEqual([]);

    // On the wire: a sync from the timetag carries no broadcast, a sync from 0 carries it.
    const raw = await RawImClient.loggedIn(started.wsUrl, account('c_bc4'), { clientType: 1 });
    await raw.request('sync', { timetags: { broadcastMsgs: Number(sent.broadcastId) } });
    await raw.waitForPush('syncDone');
    expect(raw.pushesNamed('syncBroadcastMsgs')).toHaveLength(0);
    raw.pushes.splice(0);
    await raw.request('sync', { timetags: {} });
    await raw.waitForPush('syncDone');
    const bodies = raw.pushesNamed('syncBroadcastMsgs').map((f) => f.body as { broadcastMsgs: { broadcastId: string }[]; timetag: number });
    expect(bodies.flatMap((b) => b.broadcastMsgs.map((m) => m.broadcastId))).toContain(sent.broadcastId);
    raw.close();
    await expect(started.server.broadcast('')).rejects.toThrow(/broadcast body/);
  });
});
