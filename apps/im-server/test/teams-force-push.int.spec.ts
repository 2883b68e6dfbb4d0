import { MemoryStore, ResponseCode, TEAM_FORCE_PUSH_MAX, type ImClient, type ImMessage } from '@merchant/im-core';
import { imCoreClient, waitFor } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';
import { errMsg, teamWorld } from './support/team-helpers';

// A team message's forced-push list (§8 811 "forced-push list too long"; docs/im-teams.md "Forced push"):
// at most TEAM_FORCE_PUSH_MAX members, named ones get their copy with isForcePush, and a refused list
// stores and delivers nothing. Real im-server and database; im-core runs the same rule before sending.
describe('team messages with a forced-push list', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);
  const clients: ImClient[] = [];
  const send = (idClient: string, teamId: string, forcePushAccounts: unknown) => ({ msg: { idClient, scene: 1, to: teamId, type: 0, text: idClient, forcePushAccounts: forcePushAccounts as string[] } });

  beforeAll(async () => {
    started = await startServer();
  });
  afterEach(async () => {
    world.closeAll();
    for (const c of clients.splice(0)) await c.destroy();
  });
  afterAll(() => started.server.close());

  it('past the limit is 811 and a non-member in the list 414: nothing is stored or delivered; a good list marks only its members\' copies', async () => {
    const [owner, amy, bob] = [account('fp_owner'), account('fp_amy'), account('fp_bob')];
    const o = await world.open(owner);
    const a = await world.open(amy);
    const b = await world.open(bob);
    const teamId = await world.createTeam(o, [amy, bob]);

    const tooMany = await o.request('sendTeamMsg', send('fp-many', teamId, Array.from({ length: TEAM_FORCE_PUSH_MAX + 1 }, (_, i) => `c_${i}`)));
    expect([tooMany.code, errMsg(tooMany)]).toEqual([ResponseCode.FORCED_PUSH_LIST_TOO_LONG, 'forced-push list too long']);
    const stranger = await o.request('sendTeamMsg', send('fp-stranger', teamId, [amy, account('fp_nobody')]));
    expect(stranger.code).toBe(ResponseCode.PARAMETER_ERROR);
    expect(errMsg(stranger)).toMatch(/^forcePushAccounts: not in the team: fp_nobody_/);
    const p2p = await o.request('sendMsg', { msg: { idClient: 'fp-p2p', scene: 0, to: amy, type: 0, text: 'x', forcePushAccounts: [amy] } });
    expect([p2p.code, errMsg(p2p)]).toEqual([ResponseCode.PARAMETER_ERROR, 'forcePushAccounts is for team messages only']);

    const sent = await o.request('sendTeamMsg', send('fp-ok', teamId, [amy]));
    expect(sent.code).toBe(200);
    const amyCopy = await a.waitForPush('teamMsg', (m) => m.msg?.idClient === 'fp-ok');
    const bobCopy = await b.waitForPush('teamMsg', (m) => m.msg?.idClient === 'fp-ok');
    expect(amyCopy.msg?.isForcePush).toBe(true);
    expect(bobCopy.msg?.isForcePush).toBeUndefined();
    expect(sent.body.msg?.isForcePush).toBeUndefined();
    // Refused sends left nothing: the history holds the one good message.
    const history = await b.request('getTeamHistoryMsgs', { to: teamId, limit: 10 } as never);
    expect((history.body as { msgs?: { idClient?: string }[] }).msgs?.map((m) => m.idClient).filter((id) => id?.startsWith('fp-'))).toEqual(['fp-ok']);
    expect(b.pushesNamed('teamMsg').map((f) => (f.body as { msg?: { idClient?: string } }).msg?.idClient).filter((id) => id?.startsWith('fp-'))).toEqual(['fp-ok']);
  });

  it('im-core refuses a list past the limit before sending (811), and a member named in it receives isForcePush', async () => {
    const [owner, amy] = [account('fpc_owner'), account('fpc_amy')];
    const ownerClient = imCoreClient(started.url, owner, { store: new MemoryStore() });
    const amyClient = imCoreClient(started.url, amy, { store: new MemoryStore() });
    clients.push(ownerClient, amyClient);
    await amyClient.connect();
    await ownerClient.connect();
    const received: ImMessage[] = [];
    amyClient.on('msg', (m) => received.push(m));
    const { team } = await ownerClient.teams.createTeam({ type: 'normal', name: 'Front desk', accounts: [amy] });

    const tooMany = Array.from({ length: TEAM_FORCE_PUSH_MAX + 1 }, (_, i) => `c_${i}`);
    await expect(ownerClient.teams.sendText({ teamId: team.teamId, text: 'to everyone', forcePushAccounts: tooMany })).rejects.toMatchObject({ code: 811, message: 'forced-push list too long' });
    expect((await ownerClient.messages.list({ sessionId: `team-${team.teamId}` })).filter((m) => m.type === 'text')).toEqual([]);

    const sent = await ownerClient.teams.sendText({ teamId: team.teamId, text: 'the shop opens late today', forcePushAccounts: [amy] });
    expect(sent.status).toBe('success');
    await waitFor(() => received.some((m) => m.idClient === sent.idClient), 5000, 'amy receives the message');
    expect(received.find((m) => m.idClient === sent.idClient)).toMatchObject({ text: 'the shop opens late today', isForcePush: true });
  });
});
