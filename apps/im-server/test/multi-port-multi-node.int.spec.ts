import { KickReason, type ImClient, type LoginPortsChange } from '@merchant/im-core';
import { RawImClient } from './support/raw-client';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';

// Issue 31 on two nodes (one PostgreSQL, one Redis; jest.int.config.cjs leaves this file out without
// them): three ports of one account, two nodes; the login/logout deltas and a kick cross the nodes.
const { DATABASE_URL, REDIS_URL } = process.env;
const ANDROID = 1;
const IOS = 2;

describe('multi-port across two im-server nodes', () => {
  let nodeA: StartedServer;
  let nodeB: StartedServer;
  const raws: RawImClient[] = [];
  const clients: ImClient[] = [];
  beforeAll(async () => {
    if (!DATABASE_URL || !REDIS_URL) throw new Error('multi-port-multi-node.int.spec.ts needs DATABASE_URL and REDIS_URL');
    nodeA = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'mp-node-a' });
    nodeB = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'mp-node-b' });
  });
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    for (const r of raws) r.close();
    await nodeA.server.close();
    await nodeB.server.close();
  });
  const raw = async (node: StartedServer, name: string, clientType: number, deviceId: string) => {
    const r = await RawImClient.loggedIn(node.wsUrl, name, { clientType, deviceId });
    raws.push(r);
    return r;
  };

  it('the list on node A follows ports on both nodes, and kick from A reaches the port on B', async () => {
    const me = account('mpn_me');
    const client = imCoreClient(nodeA.url, me);
    clients.push(client);
    const changes: LoginPortsChange[] = [];
    client.on('multiPortLogin', (change) => changes.push(change));
    await client.connect();
    const ids = () => client.loginPorts.map((p) => p.connectionId).sort();

    const phoneOnB = await raw(nodeB, me, ANDROID, 'dev-phone');
    const tabletOnA = await raw(nodeA, me, IOS, 'dev-tablet');
    await waitFor(() => ids().length === 2, 5000, 'both other ports listed');
    expect(ids()).toEqual([phoneOnB.connectionId, tabletOnA.connectionId].sort());

    tabletOnA.close();
    await waitFor(() => ids().length === 1, 5000, 'the tablet gone');
    expect(ids()).toEqual([phoneOnB.connectionId]);
    const tabletOnB = await raw(nodeB, me, IOS, 'dev-tablet');
    await waitFor(() => ids().length === 2, 5000, 'the tablet back, on node B');
    expect(ids()).toEqual([phoneOnB.connectionId, tabletOnB.connectionId].sort());

    const kicked = phoneOnB.waitForPush('kicked');
    await expect(client.kick([phoneOnB.connectionId])).resolves.toEqual([phoneOnB.connectionId]);
    expect(await kicked).toMatchObject({ reason: KickReason.otherPlatform });
    await phoneOnB.closed;
    await waitFor(() => ids().length === 1, 5000, 'the kicked phone gone from the list');
    expect(ids()).toEqual([tabletOnB.connectionId]);
    expect(changes.map((c) => c.state)).toEqual(['login', 'login', 'logout', 'login', 'logout']);
  });
});
