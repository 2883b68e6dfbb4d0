import { ResponseCode } from '@merchant/im-core';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

// Call signalling across two nodes on one PostgreSQL and one Redis (issue 12): channel state is in the
// database and events go through the router. Left out by jest.int.config.cjs without DATABASE_URL and REDIS_URL.
const { DATABASE_URL, REDIS_URL } = process.env;
const EVENT = { join: 2, invite: 3, accept: 6, close: 1 } as const;

describe('call signalling between two im-server nodes', () => {
  let nodeA: StartedServer;
  let nodeB: StartedServer;
  const clients: RawImClient[] = [];
  const on = async (node: StartedServer, name: string) => {
    const client = await RawImClient.loggedIn(node.wsUrl, name, { deviceId: `d-${name}-${clients.length}` });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    if (!DATABASE_URL || !REDIS_URL) throw new Error('signalling-multi-node.int.spec.ts needs DATABASE_URL and REDIS_URL');
    nodeA = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'signal-node-a' });
    nodeB = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'signal-node-b' });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(async () => {
    await nodeA.server.close();
    await nodeB.server.close();
  });

  it('an invitation sent on node A reaches the invitee on node B, whose accept reaches the inviter on A; an offline invitee gets it at login on B', async () => {
    const [amy, bob, eve] = [account('sgm_amy'), account('sgm_bob'), account('sgm_eve')];
    const a = await on(nodeA, amy);
    const b = await on(nodeB, bob);
    const eveFirst = await on(nodeB, eve);
    const created = await a.request('signalingCreate', { type: 1 });
    const channelId = created.body.channel?.channelId as string;
    expect((await a.request('signalingJoin', { channelId })).code).toBe(200);
    // eve leaves node B; a control from A answers 11001 once no node routes her any more.
    eveFirst.close();
    await eveFirst.closed;
    const deadline = Date.now() + 5000;
    while ((await a.request('signalingControl', { channelId, account: eve })).code !== ResponseCode.PEER_OFFLINE) {
      if (Date.now() > deadline) throw new Error('eve still online 5 s after closing');
      await new Promise((r) => setTimeout(r, 10)); // fixed wait: poll interval; the deadline above bounds the wait
    }
    expect((await a.request('signalingInvite', { channelId, account: bob, requestId: 'm1' })).code).toBe(200);
    expect((await b.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.invite)).channel).toMatchObject({ channelId, from: amy, requestId: 'm1' });
    expect((await b.request('signalingAccept', { channelId, account: amy, requestId: 'm1' })).code).toBe(200);
    expect((await a.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.accept)).channel).toMatchObject({ from: bob });

    expect((await a.request('signalingInvite', { channelId, account: eve, requestId: 'm2', offlineEnabled: true })).code).toBe(200);
    const e = await on(nodeB, eve);
    expect((await e.request('sync', { timetags: {} })).code).toBe(200);
    expect((await e.waitForPush('signalingNotify', (p) => p.channel?.requestId === 'm2')).channel).toMatchObject({ channelId, from: amy, eventType: EVENT.invite });

    expect((await b.request('signalingClose', { channelId })).code).toBe(200);
    expect((await a.waitForPush('signalingNotify', (p) => p.channel?.eventType === EVENT.close)).channel?.from).toBe(bob);
  });
});
