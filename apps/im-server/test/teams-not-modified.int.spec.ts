import { MemoryStore, ResponseCode, type ImClient } from '@merchant/im-core';
import { imCoreClient } from './support/im-core-clients';
import { account, startServer, type StartedServer } from './support/test-server';
import { teamWorld } from './support/team-helpers';

// §8 406 on team members: asked from the members' head, im-server answers 406 (not modified) with no
// rows, and im-core clears it as nothing to merge (a no-error code: the connection resolves it).
describe('getTeamMembers from the head: 406, nothing to merge', () => {
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
});
