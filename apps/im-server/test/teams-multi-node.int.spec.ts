import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

// A team message across two nodes on one PostgreSQL and one Redis (issue 12: "through the same
// router the p2p path uses"). jest.int.config.cjs leaves this file out unless DATABASE_URL and
// REDIS_URL are set, as it does multi-node.int.spec.ts.
const { DATABASE_URL, REDIS_URL } = process.env;

describe('team messages between two im-server nodes', () => {
  let nodeA: StartedServer;
  let nodeB: StartedServer;
  const clients: RawImClient[] = [];
  const on = async (node: StartedServer, name: string, clientType?: number) => {
    const client = await RawImClient.loggedIn(node.wsUrl, name, { clientType, deviceId: `d-${name}-${clients.length}` });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    if (!DATABASE_URL || !REDIS_URL) throw new Error('teams-multi-node.int.spec.ts needs DATABASE_URL and REDIS_URL');
    nodeA = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'team-node-a' });
    nodeB = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'team-node-b' });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(async () => {
    await nodeA.server.close();
    await nodeB.server.close();
  });

  it('a message and a team event sent on node A reach members whose sockets are on node B, and the sender’s port there', async () => {
    const owner = account('tmn_owner');
    const [amy, bob] = [account('tmn_amy'), account('tmn_bob')];
    const ownerOnA = await on(nodeA, owner);
    const ownerPcOnB = await on(nodeB, owner, 1);
    const amyOnB = await on(nodeB, amy);
    const bobOnA = await on(nodeA, bob);
    const created = await ownerOnA.request('createTeam', { team: { type: 0, name: 'Two nodes' }, accounts: [amy, bob] });
    expect(created.code).toBe(200);
    const teamId = created.body.team?.teamId as string;
    await amyOnB.waitForPush('teamMembersUpdated');

    const sent = await ownerOnA.request('sendTeamMsg', { msg: { idClient: 'tmn-1', scene: 1, to: teamId, type: 0, text: 'across nodes' } });
    expect(sent.code).toBe(200);
    for (const port of [amyOnB, bobOnA]) {
      expect((await port.waitForPush('teamMsg', (m) => m.msg?.idClient === 'tmn-1')).msg).toMatchObject({ idServer: sent.body.msg?.idServer, sessionId: `team-${teamId}` });
    }
    expect((await ownerPcOnB.waitForPush('syncSendMsg', (m) => m.msg?.idClient === 'tmn-1')).msg?.text).toBe('across nodes');

    // A reply from node B, and a member change made on node B, reach node A.
    await amyOnB.request('sendTeamMsg', { msg: { idClient: 'tmn-2', scene: 1, to: teamId, type: 0, text: 'back' } });
    expect((await ownerOnA.waitForPush('teamMsg', (m) => m.msg?.idClient === 'tmn-2')).msg?.from).toBe(amy);
    expect((await amyOnB.request('leaveTeam', { teamId })).code).toBe(200);
    const left = await bobOnA.waitForPush('teamMembersUpdated', (m) => m.members?.some((x) => x.account === amy && x.valid === false) === true);
    expect(left.members?.[0]).toMatchObject({ account: amy, valid: false });
  });
});
