import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

// A super team across two nodes on one PostgreSQL and one Redis (issue 12; docs/im-super-teams.md
// "Delivery": one routed event for all members). jest.int.config.cjs leaves this file out unless
// DATABASE_URL and REDIS_URL are set, as it does teams-multi-node.int.spec.ts.
const { DATABASE_URL, REDIS_URL } = process.env;

describe('super teams between two im-server nodes', () => {
  let nodeA: StartedServer;
  let nodeB: StartedServer;
  const clients: RawImClient[] = [];
  const on = async (node: StartedServer, name: string, clientType?: number) => {
    const client = await RawImClient.loggedIn(node.wsUrl, name, { clientType, deviceId: `d-${name}-${clients.length}` });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    if (!DATABASE_URL || !REDIS_URL) throw new Error('super-teams-multi-node.int.spec.ts needs DATABASE_URL and REDIS_URL');
    nodeA = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'super-node-a' });
    nodeB = await startServer({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, nodeId: 'super-node-b' });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(async () => {
    await nodeA.server.close();
    await nodeB.server.close();
  });

  it('a super team message sent on node A reaches members on node B, a member added on B hears the next one sent on A, and a system message crosses too', async () => {
    const [owner, amy, bob, cat] = ['stn_owner', 'stn_amy', 'stn_bob', 'stn_cat'].map(account);
    const ownerOnA = await on(nodeA, owner);
    const ownerPcOnB = await on(nodeB, owner, 1);
    const amyOnB = await on(nodeB, amy);
    const bobOnA = await on(nodeA, bob);
    const catOnB = await on(nodeB, cat);
    const { team } = await nodeA.server.createSuperTeam({ owner, name: 'Two nodes', members: [amy, bob], beInviteMode: 1 });

    const sent = await ownerOnA.request('sendSuperTeamMsg', { msg: { idClient: 'stn-1', scene: 5, to: team.teamId, type: 0, text: 'across nodes' } });
    expect(sent.code).toBe(200);
    for (const port of [amyOnB, bobOnA]) {
      expect((await port.waitForPush('superTeamMsg', (m) => m.msg?.idClient === 'stn-1')).msg).toMatchObject({ idServer: sent.body.msg?.idServer, sessionId: `superTeam-${team.teamId}` });
    }
    expect((await ownerPcOnB.waitForPush('syncSendMsg', (m) => m.msg?.idClient === 'stn-1')).msg?.text).toBe('across nodes');

    // Node B adds a member: node A's cached audience follows the member-list version.
    expect((await amyOnB.request('addSuperTeamMembers', { teamId: team.teamId, accounts: [cat] })).code).toBe(802);
    const ownerOnB = ownerPcOnB;
    expect((await ownerOnB.request('addSuperTeamMembers', { teamId: team.teamId, accounts: [cat] })).code).toBe(200);
    await ownerOnA.request('sendSuperTeamMsg', { msg: { idClient: 'stn-2', scene: 5, to: team.teamId, type: 0, text: 'welcome cat' } });
    expect((await catOnB.waitForPush('superTeamMsg', (m) => m.msg?.idClient === 'stn-2')).msg?.from).toBe(owner);

    // An application made on node A reaches the owner's port on node B as superTeamSysMsg.
    const dan = account('stn_dan');
    const danOnA = await on(nodeA, dan);
    await ownerOnA.request('updateSuperTeam', { team: { teamId: team.teamId, joinMode: 1 } });
    expect((await danOnA.request('applySuperTeam', { teamId: team.teamId })).code).toBe(200);
    expect((await ownerPcOnB.waitForPush('superTeamSysMsg', (m) => m.sysMsg?.from === dan)).sysMsg).toMatchObject({ type: 'applySuperTeam', category: 'superTeam' });
  });

  it('a super team message recalled on node A: members and the sender\'s other port on both nodes get msgDeleted once; a member away gets it by sync on node B', async () => {
    const [owner, amy, bob, eve] = ['stnr_owner', 'stnr_amy', 'stnr_bob', 'stnr_eve'].map(account);
    const ownerOnA = await on(nodeA, owner);
    const ownerPcOnB = await on(nodeB, owner, 1);
    const amyOnB = await on(nodeB, amy);
    const bobOnA = await on(nodeA, bob);
    const eveOnA = await on(nodeA, eve);
    const { team } = await nodeA.server.createSuperTeam({ owner, name: 'Recall across nodes', members: [amy, bob, eve] });
    eveOnA.pushes.splice(0);
    expect((await eveOnA.request('sync', { timetags: {} })).code).toBe(200);
    await eveOnA.waitForPush('syncDone');
    const cursorPush = eveOnA.pushesNamed('syncDeleteSuperTeamMsgs').at(-1);
    const cursor = cursorPush ? Number((cursorPush.body as { timetag?: number }).timetag) : 0;
    eveOnA.close();
    await eveOnA.closed;

    const sent = await ownerOnA.request('sendSuperTeamMsg', { msg: { idClient: 'stnr-1', scene: 5, to: team.teamId, type: 0, text: 'recall me' } });
    expect(sent.code).toBe(200);
    await amyOnB.waitForPush('superTeamMsg', (m) => m.msg?.idClient === 'stnr-1');
    const answer = await ownerOnA.request('deleteMsg', { msg: { scene: 5, from: owner, to: team.teamId, idClient: 'stnr-1', idServer: sent.body.msg?.idServer } });
    expect(answer.code).toBe(200);
    for (const port of [ownerPcOnB, amyOnB, bobOnA]) {
      expect((await port.waitForPush('msgDeleted')).deleted).toMatchObject({ scene: 5, to: team.teamId, idClient: 'stnr-1', from: owner, opeAccount: owner });
    }
    // A later message follows any duplicate on the same route: then each port holds exactly one.
    expect((await ownerOnA.request('sendSuperTeamMsg', { msg: { idClient: 'stnr-2', scene: 5, to: team.teamId, type: 0, text: 'after' } })).code).toBe(200);
    await amyOnB.waitForPush('superTeamMsg', (m) => m.msg?.idClient === 'stnr-2');
    await bobOnA.waitForPush('superTeamMsg', (m) => m.msg?.idClient === 'stnr-2');
    await ownerPcOnB.waitForPush('syncSendMsg', (m) => m.msg?.idClient === 'stnr-2');
    for (const port of [ownerPcOnB, amyOnB, bobOnA]) expect(port.pushesNamed('msgDeleted')).toHaveLength(1);
    expect(ownerOnA.pushesNamed('msgDeleted')).toHaveLength(0);

    const back = await on(nodeB, eve);
    back.pushes.splice(0);
    expect((await back.request('sync', { timetags: { deleteSuperTeamMsg: cursor } })).code).toBe(200);
    await back.waitForPush('syncDone');
    const recalled = back.pushesNamed('syncDeleteSuperTeamMsgs').flatMap((f) => (f.body as { deleted?: { idClient: string; to: string }[] }).deleted ?? []).filter((d) => d.to === team.teamId);
    expect(recalled.map((d) => d.idClient)).toEqual(['stnr-1']);
    const roaming = back.pushesNamed('roamingMsgs').flatMap((f) => (f.body as { msgs?: { idClient: string; to: string; type: number }[] }).msgs ?? []).filter((m) => m.to === team.teamId && m.type !== 5);
    expect(roaming.map((m) => m.idClient)).toEqual(['stnr-2']);
  });
});
