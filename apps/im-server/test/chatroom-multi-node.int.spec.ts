import { ResponseCode } from '@merchant/im-core';
import { CHATROOM_KICK_REASON } from '@merchant/im-core/server';
import { RawImClient, tokenFor } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

// Chat rooms across two nodes on one PostgreSQL and one Redis (issue 12; docs/im-chatroom.md): room
// sockets are routed under the room's key, so messages, notifications, the online list and kicks
// cross nodes. Left out by jest.int.config.cjs without DATABASE_URL and REDIS_URL.
const { DATABASE_URL, REDIS_URL } = process.env;
type Body = Record<string, unknown>;

describe('chat rooms between two im-server nodes', () => {
  let nodeA: StartedServer;
  let nodeB: StartedServer;
  const clients: RawImClient[] = [];
  const enter = async (node: StartedServer, chatroomId: string, name: string) => {
    const c = await RawImClient.open(node.wsUrl);
    clients.push(c);
    const answer = await c.request('chatroomLogin', { chatroomId, account: name, token: tokenFor(name) });
    if (answer.code !== 200) throw new Error(`chatroomLogin answered ${answer.code}`);
    return Object.assign(c, { login: answer });
  };
  const notices = (c: RawImClient) =>
    c.pushesNamed('chatroomMsg').map((f) => (f.body as { msg: { type: number; attach?: string } }).msg).filter((m) => m.type === 5).map((m) => JSON.parse(m.attach ?? '{}') as Body);

  beforeAll(async () => {
    if (!DATABASE_URL || !REDIS_URL) throw new Error('chatroom-multi-node.int.spec.ts needs DATABASE_URL and REDIS_URL');
    nodeA = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'chatroom-node-a' });
    nodeB = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'chatroom-node-b' });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(async () => {
    await nodeA.server.close();
    await nodeB.server.close();
  });

  it('a message, the online list, a mute and a kick made on node A reach the member on node B; the room closed on B kicks the sockets on A', async () => {
    const [owner, bob] = [account('crm_owner'), account('crm_bob')];
    const room = `${account('crm_room')}`;
    await nodeA.server.createChatroom({ id: room, name: 'Two nodes', creator: owner });
    const o = await enter(nodeA, room, owner);
    const b = await enter(nodeB, room, bob);
    expect(b.login.body.chatroom?.onlineMemberNum).toBe(2);
    await o.waitFor(() => notices(o).find((n) => n.type === 'memberEnter' && n.from === bob), 5000, 'memberEnter from node B');

    const sent = await o.request('chatroomSendMsg', { msg: { idClient: 'x1', type: 0, text: 'across nodes' } });
    expect(sent.code).toBe(200);
    expect((await b.waitForPush('chatroomMsg', (p) => p.msg?.text === 'across nodes')).msg).toMatchObject({ from: owner, idServer: sent.body.msg?.idServer });
    expect((await b.request('getChatroomMembers', { guest: true })).body.members?.map((m) => [m.account, m.online])).toEqual([[bob, true]]);

    await o.request('markChatroomMember', { account: bob, type: 'gag', isAdd: true });
    await b.waitFor(() => notices(b).find((n) => n.type === 'gagMember'), 5000, 'gagMember on node B');
    expect((await b.request('chatroomSendMsg', { msg: { idClient: 'x2', type: 0, text: 'muted' } })).code).toBe(ResponseCode.CHATROOM_IN_MUTELIST);
    await o.request('markChatroomMember', { account: bob, type: 'gag', isAdd: false });

    expect((await o.request('kickChatroomMember', { account: bob })).code).toBe(200);
    expect(await b.waitForPush('kicked')).toMatchObject({ reason: CHATROOM_KICK_REASON.kicked });
    await b.closed;
    await o.waitFor(() => notices(o).find((n) => n.type === 'memberExit' && n.from === bob), 5000, 'memberExit from node B');

    const b2 = await enter(nodeB, room, bob);
    await o.request('markChatroomMember', { account: bob, type: 'manager', isAdd: true });
    const onA = await enter(nodeA, room, account('crm_cat'));
    expect((await b2.request('closeChatroom', { chatroomId: room })).code).toBe(ResponseCode.NO_PERMISSION);
    const closer = await enter(nodeB, room, owner);
    expect((await closer.request('closeChatroom', { chatroomId: room })).code).toBe(200);
    for (const socket of [o, onA]) {
      expect(await socket.waitForPush('kicked')).toMatchObject({ reason: CHATROOM_KICK_REASON.closed });
      await socket.closed;
    }
  });
});
