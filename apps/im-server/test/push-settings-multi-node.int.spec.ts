import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

// Push settings on two nodes (one PostgreSQL, one Redis; jest.int.config.cjs leaves this file out
// without them): the offline-push decision sees the receiver's ports on the other node, and
// updatePushConfig reaches the account's port there (docs/protocol.md "Push settings").
const { DATABASE_URL, REDIS_URL } = process.env;
const ANDROID = 1;
const PC = 4;

describe('push settings across two im-server nodes', () => {
  let nodeA: StartedServer;
  let nodeB: StartedServer;
  const raws: RawImClient[] = [];
  beforeAll(async () => {
    if (!DATABASE_URL || !REDIS_URL) throw new Error('push-settings-multi-node.int.spec.ts needs DATABASE_URL and REDIS_URL');
    nodeA = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'push-node-a' });
    nodeB = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'push-node-b' });
  });
  afterAll(async () => {
    for (const r of raws) r.close();
    await nodeA.server.close();
    await nodeB.server.close();
  });
  const raw = async (node: StartedServer, name: string, clientType: number, deviceId: string) => {
    const r = await RawImClient.loggedIn(node.wsUrl, name, { clientType, deviceId });
    raws.push(r);
    return r;
  };
  let sent = 0;
  const send = async (from: RawImClient, to: string) => {
    const answer = await from.request('sendMsg', { msg: { idClient: `pmn-${++sent}`, scene: 0, to, type: 0, text: `message ${sent}` } });
    expect(answer.code).toBe(200);
    return answer.body.msg!.idServer;
  };

  it('a PC on node A keeps the phone on node B quiet until the PC sets the config, which the phone hears; a foreground phone on B stops it again', async () => {
    const me = account('pmn_me');
    const peer = account('pmn_peer');
    const phoneOnB = await raw(nodeB, me, ANDROID, 'dev-phone');
    await phoneOnB.request('updatePushToken', { tokenName: 'fcm', token: 'pmn-token' });
    await phoneOnB.request('appBackground', { isBackground: true, badge: 0 });
    const pcOnA = await raw(nodeA, me, PC, 'dev-pc');
    const senderOnA = await raw(nodeA, peer, ANDROID, 'dev-peer');

    await send(senderOnA, me);
    expect(await nodeA.server.pushOutbox(me)).toEqual([]);

    const heard = phoneOnB.waitForPush('syncPushConfig');
    await pcOnA.request('updatePushConfig', { shouldPushNotificationWhenPCOnline: true });
    expect(await heard).toEqual({ shouldPushNotificationWhenPCOnline: true });
    const pushed = await send(senderOnA, me);
    // The same rows whichever node reads them (one database).
    expect((await nodeB.server.pushOutbox(me)).map((p) => [p.deviceId, p.msgIdServer])).toEqual([['dev-phone', pushed]]);

    // A second phone of the account in the foreground on node B: nothing more.
    await raw(nodeB, me, ANDROID, 'dev-phone-2');
    await send(senderOnA, me);
    expect(await nodeA.server.pushOutbox(me)).toHaveLength(1);
  });
});
