import { CLIENT_TYPE_WEB } from '@merchant/im-core';
import { RawImClient, tokenFor } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

// Two nodes need one shared PostgreSQL and one Redis. jest.int.config.cjs leaves this file out when
// they are not configured (npm test then reports the PostgreSQL + Redis pass as skipped, with why).
const { DATABASE_URL, REDIS_URL } = process.env;

describe('two im-server nodes on one PostgreSQL and one Redis', () => {
  let nodeA: StartedServer;
  let nodeB: StartedServer;
  const clients: RawImClient[] = [];
  const on = async (node: StartedServer, name: string, clientType = CLIENT_TYPE_WEB) => {
    const client = await RawImClient.loggedIn(node.wsUrl, name, { clientType });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    if (!DATABASE_URL || !REDIS_URL) {
      throw new Error('multi-node.int.spec.ts needs DATABASE_URL and REDIS_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres and redis://127.0.0.1:6379)');
    }
    nodeA = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'node-a' });
    nodeB = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'node-b' });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(async () => {
    await nodeA.server.close();
    await nodeB.server.close();
  });

  it('runs on distinct ports and reports Redis routing', async () => {
    expect(nodeA.url).not.toBe(nodeB.url);
    const health = (await (await fetch(`${nodeB.url}/healthz`)).json()) as { routing: string; database: string; nodeId: string };
    expect(health).toMatchObject({ routing: 'redis', database: 'postgres', nodeId: 'node-b' });
  });

  it('delivers a message between sockets on different nodes, both ways', async () => {
    const customer = account('mn_customer');
    const merchant = account('mn_merchant');
    const onA = await on(nodeA, customer);
    const onB = await on(nodeB, merchant);
    const sent = await onA.request('sendMsg', { msg: { idClient: 'mn-1', scene: 0, to: merchant, type: 0, text: 'from node A' } });
    expect(sent.code).toBe(200);
    const received = await onB.waitForPush('msg', (b) => b.msg?.idClient === 'mn-1');
    expect(received.msg).toMatchObject({ idServer: sent.body.msg?.idServer, from: customer, text: 'from node A' });

    await onB.request('sendMsg', { msg: { idClient: 'mn-2', scene: 0, to: customer, type: 0, text: 'reply from node B' } });
    expect((await onA.waitForPush('msg', (b) => b.msg?.idClient === 'mn-2')).msg?.text).toBe('reply from node B');
    // Both nodes read the same history from the shared database.
    const history = await onB.request('getHistoryMsgs', { scene: 0, to: customer, limit: 10 });
    expect(history.body.msgs?.map((m) => m.idClient)).toEqual(['mn-2', 'mn-1']);
  });

  it('sees ports on the other node: loginPorts, multiPortLogin, syncSendMsg and a samePlatform kick', async () => {
    const merchant = account('mn_multi');
    const peer = account('mn_peer');
    const webOnA = await on(nodeA, merchant, CLIENT_TYPE_WEB);
    const pc = await RawImClient.open(nodeB.wsUrl);
    clients.push(pc);
    const login = await pc.login(merchant, tokenFor(merchant), { clientType: 1 });
    expect(login.body.loginPorts?.map((p) => p.type)).toEqual([CLIENT_TYPE_WEB]);
    await webOnA.waitForPush('multiPortLogin', (b) => b.state === 'login' && b.ports?.[0]?.type === 1);

    await webOnA.request('sendMsg', { msg: { idClient: 'mn-sync', scene: 0, to: peer, type: 0, text: 'copy to my PC' } });
    expect((await pc.waitForPush('syncSendMsg', (b) => b.msg?.idClient === 'mn-sync')).msg?.from).toBe(merchant);

    const webOnB = await on(nodeB, merchant, CLIENT_TYPE_WEB);
    expect((await webOnA.waitForPush('kicked')).reason).toBe(1);
    expect((await webOnA.closed).code).toBe(4003);
    expect((await webOnB.request('heartbeat', {})).code).toBe(200);
  });
});
