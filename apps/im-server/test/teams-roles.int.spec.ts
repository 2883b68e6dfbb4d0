import { ResponseCode } from '@merchant/im-core';
import { account, startServer, type StartedServer } from './support/test-server';
import { teamWorld } from './support/team-helpers';

// Team roles enforced by the real im-server (issue 12; im-client-spec §4 Team, §6, §8 802/804/805/807/815;
// docs/protocol.md "Teams"): managers, transfer, mute, member info and nick.
describe('im-server team roles: managers, transfer, mute, member info', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);
  const typeOf = async (client: Awaited<ReturnType<typeof world.open>>, teamId: string, who: string) =>
    (await client.request('getTeamMembers', { teamId, timetag: 0 })).body.members?.find((m) => m.account === who)?.type;

  beforeAll(async () => {
    started = await startServer();
  });
  afterEach(() => world.closeAll());
  afterAll(() => started.server.close());

  it('add/removeTeamManagers: owner only (802), advanced teams only (805), members only (804), state checked (807); a manager removes normal members only', async () => {
    const owner = account('tr_owner');
    const [amy, bob, cy] = [account('tr_amy'), account('tr_bob'), account('tr_cy')];
    const o = await world.open(owner);
    const a = await world.open(amy);
    const b = await world.open(bob);
    await world.open(cy);
    const teamId = await world.createTeam(o, [amy, bob, cy]);
    const normalTeam = await world.createTeam(o, [amy], { type: 0, name: 'Normal' });

    expect((await o.request('addTeamManagers', { teamId: normalTeam, accounts: [amy] })).code).toBe(ResponseCode.TEAM_TYPE_MISMATCH);
    expect((await a.request('addTeamManagers', { teamId, accounts: [bob] })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('addTeamManagers', { teamId, accounts: [account('tr_out')] })).code).toBe(ResponseCode.NOT_IN_TEAM);
    expect((await o.request('removeTeamManagers', { teamId, accounts: [amy] })).code).toBe(ResponseCode.WRONG_MEMBER_STATE);

    a.pushes.splice(0);
    expect((await o.request('addTeamManagers', { teamId, accounts: [amy] })).code).toBe(200);
    const updated = await a.waitForPush('teamMembersUpdated');
    expect(updated.members).toEqual([expect.objectContaining({ account: amy, type: 2 })]);
    expect(JSON.parse((await a.waitForPush('teamMsg')).msg?.attach as string)).toMatchObject({ type: 'addTeamManagers', accounts: [amy] });
    expect(await typeOf(o, teamId, amy)).toBe(2);
    expect((await o.request('addTeamManagers', { teamId, accounts: [amy] })).code).toBe(ResponseCode.WRONG_MEMBER_STATE);

    // A manager: adds members (inviteMode manager), removes normal members, not the owner nor managers.
    expect((await o.request('addTeamManagers', { teamId, accounts: [bob] })).code).toBe(200);
    expect((await a.request('removeTeamMembers', { teamId, accounts: [bob] })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await a.request('removeTeamMembers', { teamId, accounts: [owner] })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await a.request('removeTeamMembers', { teamId, accounts: [cy] })).code).toBe(200);
    expect((await a.request('addTeamMembers', { teamId, accounts: [cy] })).code).toBe(200);

    // Back to normal.
    expect((await b.request('removeTeamManagers', { teamId, accounts: [amy] })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('removeTeamManagers', { teamId, accounts: [amy] })).code).toBe(200);
    expect(await typeOf(o, teamId, amy)).toBe(0);
    expect((await a.request('removeTeamMembers', { teamId, accounts: [cy] })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
  });

  it('at most 10 managers (815), nothing changed when refused', async () => {
    const owner = account('tr_lim_owner');
    const names = Array.from({ length: 11 }, (_, i) => account(`tr_lim_${i}`));
    const o = await world.open(owner);
    for (const name of names) await world.open(name);
    const teamId = await world.createTeam(o, names);
    expect((await o.request('addTeamManagers', { teamId, accounts: names })).code).toBe(ResponseCode.MANAGER_LIMIT);
    expect(await typeOf(o, teamId, names[0])).toBe(0);
    expect((await o.request('addTeamManagers', { teamId, accounts: names.slice(0, 10) })).code).toBe(200);
    expect((await o.request('addTeamManagers', { teamId, accounts: [names[10]] })).code).toBe(ResponseCode.MANAGER_LIMIT);
  });

  it('transferTeam: owner only; the new owner is owner, the old one normal, or out with leave', async () => {
    const owner = account('tr_t_owner');
    const [dee, eli] = [account('tr_t_dee'), account('tr_t_eli')];
    const o = await world.open(owner);
    const d = await world.open(dee);
    const e = await world.open(eli);
    const teamId = await world.createTeam(o, [dee, eli]);

    expect((await d.request('transferTeam', { teamId, account: eli })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('transferTeam', { teamId, account: owner })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await o.request('transferTeam', { teamId, account: account('tr_t_out') })).code).toBe(ResponseCode.NOT_IN_TEAM);

    expect((await o.request('transferTeam', { teamId, account: dee })).code).toBe(200);
    expect((await e.request('getTeam', { teamId })).body.team?.owner).toBe(dee);
    expect(await typeOf(e, teamId, dee)).toBe(1);
    expect(await typeOf(e, teamId, owner)).toBe(0);
    // The old owner lost the owner's rights; the new one has them.
    expect((await o.request('dismissTeam', { teamId })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('leaveTeam', { teamId })).code).toBe(200);

    expect((await d.request('transferTeam', { teamId, account: eli, leave: true })).code).toBe(200);
    expect((await e.request('getTeam', { teamId })).body.team).toMatchObject({ owner: eli, memberNum: 1 });
    expect((await d.request('getTeam', { teamId })).body.team?.validToCurrentUser).toBe(false);
  });

  it('updateMuteStateInTeam: owner and managers only; a manager mutes normal members only; nobody mutes the owner', async () => {
    const owner = account('tr_mu_owner');
    const [mgr, fay, gus] = [account('tr_mu_mgr'), account('tr_mu_fay'), account('tr_mu_gus')];
    const o = await world.open(owner);
    const m = await world.open(mgr);
    const f = await world.open(fay);
    await world.open(gus);
    const teamId = await world.createTeam(o, [mgr, fay, gus]);
    expect((await o.request('addTeamManagers', { teamId, accounts: [mgr] })).code).toBe(200);

    expect((await f.request('updateMuteStateInTeam', { teamId, account: gus, mute: true })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await m.request('updateMuteStateInTeam', { teamId, account: owner, mute: true })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('updateMuteStateInTeam', { teamId, account: owner, mute: true })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await m.request('updateMuteStateInTeam', { teamId, account: account('tr_mu_out'), mute: true })).code).toBe(ResponseCode.NOT_IN_TEAM);
    f.pushes.splice(0);
    expect((await m.request('updateMuteStateInTeam', { teamId, account: fay, mute: true })).code).toBe(200);
    expect((await f.waitForPush('teamMembersUpdated')).members).toEqual([expect.objectContaining({ account: fay, mute: true })]);
    expect((await o.request('updateMuteStateInTeam', { teamId, account: mgr, mute: true })).code).toBe(200);
    expect((await o.request('getMutedTeamMembers', { teamId })).body.members?.map((x) => x.account).sort()).toEqual([fay, mgr].sort());
  });

  it('updateInfoInTeam: teamId and at least one of nickInTeam, muteTeam (bits), muteNotiType, custom; own row only; settings reach only the member’s own ports', async () => {
    const owner = account('tr_i_owner');
    const hal = account('tr_i_hal');
    const o = await world.open(owner);
    const h = await world.open(hal);
    const hPc = await world.open(hal, 1);
    const teamId = await world.createTeam(o, [hal]);

    expect((await h.request('updateInfoInTeam', { member: { teamId } })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await h.request('updateInfoInTeam', { member: { nickInTeam: 'x' } })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await h.request('updateInfoInTeam', { member: { teamId, muteNotiType: 9 } })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await h.request('updateInfoInTeam', { member: { teamId: '999999999', custom: 'x' } })).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);

    await hPc.waitForPush('teamMembersUpdated');
    for (const port of [o, hPc]) port.pushes.splice(0);
    expect((await h.request('updateInfoInTeam', { member: { teamId, bits: 1, muteNotiType: 1, custom: '{"pin":true}' } })).code).toBe(200);
    expect((await hPc.waitForPush('teamMembersUpdated')).members).toEqual([expect.objectContaining({ account: hal, bits: 1, muteNotiType: 1, custom: '{"pin":true}' })]);
    const mine = await h.request('getMyTeamMembers', { teamIds: [teamId] });
    expect(mine.body.members).toEqual([expect.objectContaining({ account: hal, bits: 1, muteNotiType: 1 })]);
    // Own settings are not pushed to the other members.
    await o.request('heartbeat', {});
    expect(o.pushesNamed('teamMembersUpdated')).toHaveLength(0);

    // A nick is everyone's business.
    expect((await h.request('updateInfoInTeam', { member: { teamId, nickInTeam: 'Hal in shop' } })).code).toBe(200);
    expect((await o.waitForPush('teamMembersUpdated')).members).toEqual([expect.objectContaining({ account: hal, nickInTeam: 'Hal in shop' })]);
  });

  it('updateNickInTeam: one’s own nick, or the owner’s / a manager’s for normal members (802 otherwise)', async () => {
    const owner = account('tr_n_owner');
    const [ivy, jon] = [account('tr_n_ivy'), account('tr_n_jon')];
    const o = await world.open(owner);
    const i = await world.open(ivy);
    await world.open(jon);
    const teamId = await world.createTeam(o, [ivy, jon]);
    expect((await i.request('updateNickInTeam', { teamId, account: jon, nickInTeam: 'J' })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await i.request('updateNickInTeam', { teamId, account: ivy, nickInTeam: 'Ivy' })).code).toBe(200);
    expect((await o.request('updateNickInTeam', { teamId, account: jon, nickInTeam: 'Jonny' })).code).toBe(200);
    expect((await o.request('updateNickInTeam', { teamId, account: jon, nickInTeam: 'x'.repeat(65) })).code).toBe(ResponseCode.PARAMETER_TOO_LONG);
    const members = (await i.request('getTeamMembers', { teamId, timetag: 0 })).body.members ?? [];
    expect(Object.fromEntries(members.map((m) => [m.account, m.nickInTeam]))).toMatchObject({ [ivy]: 'Ivy', [jon]: 'Jonny' });
  });
});
