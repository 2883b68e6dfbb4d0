import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

// Two nodes on one PostgreSQL and one Redis (like multi-node.int.spec.ts; jest.int.config.cjs leaves
// this file out when they are not configured). Accounts are fresh per run: the database is shared.
const { DATABASE_URL, REDIS_URL } = process.env;

describe('recall (deleteMsg) across two im-server nodes', () => {
  let nodeA: StartedServer;
  let nodeB: StartedServer;
  const clients: RawImClient[] = [];
  const on = async (node: StartedServer, name: string, clientType: number) => {
    const client = await RawImClient.loggedIn(node.wsUrl, name, { clientType, deviceId: `${name}-${clientType}` });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    if (!DATABASE_URL || !REDIS_URL) {
      throw new Error('recall-multi-node.int.spec.ts needs DATABASE_URL and REDIS_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres and redis://127.0.0.1:6379)');
    }
    nodeA = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'recall-a' });
    nodeB = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'recall-b' });
  });
  afterAll(async () => {
    for (const c of clients.splice(0)) c.close();
    await nodeA?.server.close();
    await nodeB?.server.close();
  });

  it('every online port of both accounts on both nodes gets msgDeleted once; an offline one gets it by sync', async () => {
    const sender = account('rcmn_s');
    const receiver = account('rcmn_r');
    const senderWebA = await on(nodeA, sender, 16);
    const senderPcB = await on(nodeB, sender, 1);
    const receiverWebA = await on(nodeA, receiver, 16);
    const receiverPcB = await on(nodeB, receiver, 1);
    const receiverOffline = await on(nodeB, receiver, 2);
    expect((await receiverOffline.request('sync', { timetags: {} })).code).toBe(200);
    const before = Number((await receiverOffline.waitForPush('syncDone')).timetag);
    receiverOffline.close();
    await receiverOffline.closed;

    const sent = await senderWebA.request('sendMsg', { msg: { idClient: 'rcmn-1', scene: 0, to: receiver, type: 0, text: 'recall me' } });
    expect(sent.code).toBe(200);
    await receiverPcB.waitForPush('msg', (b) => b.msg?.idClient === 'rcmn-1');
    const answer = await senderWebA.request('deleteMsg', { msg: { scene: 0, from: sender, idClient: 'rcmn-1', idServer: sent.body.msg?.idServer } });
    expect(answer.code).toBe(200);
    for (const port of [senderPcB, receiverWebA, receiverPcB]) {
      expect((await port.waitForPush('msgDeleted')).deleted).toMatchObject({ idClient: 'rcmn-1', from: sender, opeAccount: sender });
    }
    // A later message follows any duplicate on the same route: then each port holds exactly one.
    expect((await senderWebA.request('sendMsg', { msg: { idClient: 'rcmn-2', scene: 0, to: receiver, type: 0, text: 'after' } })).code).toBe(200);
    await receiverWebA.waitForPush('msg', (b) => b.msg?.idClient === 'rcmn-2');
    await receiverPcB.waitForPush('msg', (b) => b.msg?.idClient === 'rcmn-2');
    await senderPcB.waitForPush('syncSendMsg', (b) => b.msg?.idClient === 'rcmn-2');
    for (const port of [senderPcB, receiverWebA, receiverPcB]) expect(port.pushesNamed('msgDeleted')).toHaveLength(1);
    expect(senderWebA.pushesNamed('msgDeleted')).toHaveLength(0);

    const back = await on(nodeA, receiver, 2);
    back.pushes.splice(0);
    expect((await back.request('sync', { timetags: { roamingMsgs: before, deleteMsg: before } })).code).toBe(200);
    await back.waitForPush('syncDone');
    const recalled = back.pushesNamed('syncDeleteMsgs').flatMap((f) => (f.body as { deleted?: { idClient: string }[] }).deleted ?? []);
    expect(recalled.map((d) => d.idClient)).toEqual(['rcmn-1']);
    const roaming = back.pushesNamed('roamingMsgs').flatMap((f) => (f.body as { msgs?: { idClient: string }[] }).msgs ?? []);
    expect(roaming.map((m) => m.idClient)).toEqual(['rcmn-2']);
  });
});
