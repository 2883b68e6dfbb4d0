import { MemoryStore, ResponseCode, type ImClient } from '@merchant/im-core';
import { imCoreClient } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';
import { teamWorld } from './support/team-helpers';

// §8 "803 on get teams and 406 on team members are cleared and treated as nothing to merge; 816 on get
// teams by id is logged and cleared": im-server answers each where it applies, and im-core clears it.
describe('the team answers §8 clears: 406, 803, 816', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);
  const clients: ImClient[] = [];

  beforeAll(async () => {
    started = await startServer();
  });
  afterEach(async () => {
    world.closeAll();
    for (const c of clients.splice(0)) await c.destroy();
  });
  afterAll(() => started.server.close());

  it('im-server answers 406 with no rows and the same timetag when nothing changed since it, and 200 with the changes once something did', async () => {
    const [owner, amy, bob] = [account('nm_owner'), account('nm_amy'), account('nm_bob')];
    const o = await world.open(owner);
    await world.open(bob);
    await world.open(amy);
    const teamId = await world.createTeam(o, [amy]);

    const all = await o.request('getTeamMembers', { teamId, timetag: 0 });
    expect(all.code).toBe(200);
    expect((all.body.members ?? []).map((m) => m.account).sort()).toEqual([amy, owner].sort());
    const head = all.body.timetag as number;
    expect(head).toBeGreaterThan(0);

    const unchanged = await o.request('getTeamMembers', { teamId, timetag: head });
    expect(unchanged.code).toBe(ResponseCode.NOT_MODIFIED);
    expect(unchanged.body.members ?? []).toEqual([]);
    expect(unchanged.body.timetag).toBe(head);

    expect((await o.request('addTeamMembers', { teamId, accounts: [bob] })).code).toBe(200);
    const changed = await o.request('getTeamMembers', { teamId, timetag: head });
    expect(changed.code).toBe(200);
    expect((changed.body.members ?? []).map((m) => m.account)).toEqual([bob]);
    expect(changed.body.timetag).toBeGreaterThan(head);
  });

  it('im-core: a getTeamMembers answered 406 resolves, keeps the stored members and their timetag, and raises no error', async () => {
    const [owner, amy] = [account('nm_c_owner'), account('nm_c_amy')];
    const a = await world.open(amy);
    const client = imCoreClient(started.url, owner, { store: new MemoryStore() });
    clients.push(client);
    const errors: unknown[] = [];
    client.on('error', (error) => errors.push(error));
    await client.connect();
    const { team } = await client.teams.createTeam({ type: 'normal', name: 'Counter', accounts: [amy] });
    const first = await client.teams.getTeamMembers(team.teamId);
    expect(first.map((m) => m.account).sort()).toEqual([amy, owner].sort());
    const timetag = (await client.localStore!.getTimetags())[`teamMembers-${team.teamId}`];
    expect(timetag).toBeGreaterThan(0);

    // The stored timetag is the head: asked from it, the server answers 406.
    expect((await a.request('getTeamMembers', { teamId: team.teamId, timetag })).code).toBe(ResponseCode.NOT_MODIFIED);
    // The client asks from it again and keeps what it has.
    const again = await client.teams.getTeamMembers(team.teamId);
    expect(again.map((m) => m.account).sort()).toEqual([amy, owner].sort());
    expect((await client.localStore!.getTimetags())[`teamMembers-${team.teamId}`]).toBe(timetag);
    expect(errors).toEqual([]);
  });

  it('getTeams from a timetag with nothing changed since is 803; im-core asks from its sync cursor, clears it and keeps its list', async () => {
    const [owner, amy] = [account('nm_t_owner'), account('nm_t_amy')];
    const a = await world.open(amy);
    const store = new MemoryStore();
    const first = imCoreClient(started.url, owner, { store });
    await first.connect();
    const { team } = await first.teams.createTeam({ type: 'normal', name: 'Stock room', accounts: [amy] });
    await first.destroy();

    const all = await a.request('getTeams', { timetag: 0 });
    expect(all.code).toBe(200);
    const head = all.body.timetag as number;
    const unchanged = await a.request('getTeams', { timetag: head });
    expect(unchanged.code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);
    expect(unchanged.body.errMsg).toBe('no team changed since timetag');

    // The next session's sync stores the teams cursor past the team's creation; nothing changed since:
    // getTeams from it is 803, cleared, and the stored list stands.
    const client = imCoreClient(started.url, owner, { store });
    clients.push(client);
    await client.connect();
    expect((await store.getTimetags()).teams).toBeGreaterThan(0);
    expect((await client.teams.getTeams()).map((t) => t.teamId)).toEqual([team.teamId]);
  });

  it('getTeamsById with an id that cannot be read is 816 with the readable teams beside tids; im-core keeps those and logs the rest', async () => {
    const owner = account('nm_i_owner');
    const warnings: unknown[][] = [];
    const client = imCoreClient(started.url, owner, { store: new MemoryStore(), logger: { info() {}, warn: (...args: unknown[]) => warnings.push(args), error() {} } });
    clients.push(client);
    await client.connect();
    const { team } = await client.teams.createTeam({ type: 'normal', name: 'Front desk' });
    const teams = await client.teams.getTeamsById([team.teamId, '999999999']);
    expect(teams.map((t) => [t.teamId, t.name])).toEqual([[team.teamId, 'Front desk']]);
    expect(warnings).toContainEqual(['getTeamsById: 816 partial batch failure, cleared', ['999999999']]);
  });
});
