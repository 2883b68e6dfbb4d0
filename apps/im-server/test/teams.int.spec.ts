import { ResponseCode } from '@merchant/im-core';
import { account, startServer, type StartedServer } from './support/test-server';
import { errMsg, teamWorld } from './support/team-helpers';

// Teams against the real im-server and its database (issue 12; im-client-spec §3 Team, §4 Team,
// §5 Teams, §8 801–815; docs/protocol.md "Teams"): create, get, update, members, leave, dismiss.
describe('im-server teams: create, get, update, members, leave, dismiss', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);

  beforeAll(async () => {
    started = await startServer();
  });
  afterEach(() => world.closeAll());
  afterAll(() => started.server.close());

  it('createTeam needs type (normal or advanced) and a name, refuses unknown accounts, and changes nothing then', async () => {
    const owner = account('t_c_owner');
    const o = await world.open(owner);
    const before = (await o.request('getTeams', { timetag: 0 })).body.teams ?? [];
    const refused: [Record<string, unknown>, number, RegExp][] = [
      [{ team: { name: 'No type' } }, ResponseCode.PARAMETER_ERROR, /type is required/],
      [{ team: { type: 2, name: 'Bad type' } }, ResponseCode.PARAMETER_ERROR, /type/],
      [{ team: { type: 0 } }, ResponseCode.PARAMETER_ERROR, /name is required/],
      [{ team: { type: 0, name: '   ' } }, ResponseCode.PARAMETER_ERROR, /name is required/],
      [{ team: { type: 1, name: 'Modes', joinMode: 5 } }, ResponseCode.PARAMETER_ERROR, /joinMode/],
      [{ team: { type: 1, name: 'x'.repeat(65) } }, ResponseCode.PARAMETER_TOO_LONG, /name too long/],
      [{ team: { type: 1, name: 'Ghost' }, accounts: [account('t_c_nobody')] }, ResponseCode.NOT_FOUND, /unknown accounts/],
      [{ team: { type: 1, name: 'Bad account' }, accounts: ['has space'] }, ResponseCode.PARAMETER_ERROR, /account id/],
    ];
    for (const [body, code, message] of refused) {
      const answer = await o.request('createTeam', body);
      expect({ body, code: answer.code }).toEqual({ body, code });
      expect(errMsg(answer)).toMatch(message);
    }
    expect((await o.request('getTeams', { timetag: 0 })).body.teams ?? []).toEqual(before);
  });

  it('createTeam makes the creator owner with the §5 defaults; members are told and see it in getTeams / getTeamMembers', async () => {
    const owner = account('t_d_owner');
    const amy = account('t_d_amy');
    const o = await world.open(owner);
    const a = await world.open(amy);
    // A normal team adds the accounts at once (an advanced one invites them: teams-joins.int.spec.ts).
    const answer = await o.request('createTeam', { team: { type: 0, name: 'Shop staff', intro: 'hi' }, accounts: [amy, owner] });
    expect(answer.code).toBe(200);
    const team = answer.body.team;
    expect(team).toMatchObject({
      type: 0, name: 'Shop staff', intro: 'hi', owner, valid: true, validToCurrentUser: true, memberNum: 2,
      beInviteMode: 0, inviteMode: 0, updateTeamMode: 0, updateCustomMode: 0, joinMode: 1, muteType: 0, mute: false,
    });
    expect(team?.teamId).toMatch(/^\d+$/);
    expect(answer.body.abortedAccidList ?? []).toEqual([]);
    const teamId = team?.teamId as string;

    // Amy is told: the event notification in the team session and her member row.
    const note = await a.waitForPush('teamMsg', (b) => b.msg?.to === teamId);
    expect(note.msg).toMatchObject({ scene: 1, type: 5, from: owner, sessionId: `team-${teamId}`, flow: 'in' });
    expect(JSON.parse(note.msg?.attach as string)).toMatchObject({ type: 'createTeam', teamId, accounts: [amy] });
    const updated = await a.waitForPush('teamMembersUpdated');
    expect(updated.members?.map((m) => [m.account, m.type]).sort()).toEqual([[amy, 0], [owner, 1]].sort());

    const got = await a.request('getTeam', { teamId });
    expect(got.body.team).toMatchObject({ teamId, owner, validToCurrentUser: true, memberNum: 2 });
    expect((await a.request('getTeams', { timetag: 0 })).body.teams?.map((t) => t.teamId)).toContain(teamId);
    const members = await a.request('getTeamMembers', { teamId, timetag: 0 });
    expect(members.body.members?.map((m) => m.account).sort()).toEqual([amy, owner].sort());
    expect(members.body.members?.find((m) => m.account === owner)).toMatchObject({ id: `${teamId}-${owner}`, teamId, type: 1, valid: true });
    expect(members.body.timetag).toBe(got.body.team?.memberUpdateTime);

    // Unknown or malformed team ids.
    expect((await a.request('getTeam', { teamId: '999999999' })).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);
    expect((await a.request('getTeam', { teamId: 'abc' })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await a.request('getTeamMembers', { teamId: '999999999', timetag: 0 })).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);
    const byId = await a.request('getTeamsById', { teamIds: [teamId, '999999999'] });
    expect(byId.code).toBe(ResponseCode.PARTIAL_BATCH_FAILURE_816);
    expect(byId.body.teams?.map((t) => t.teamId)).toEqual([teamId]);
    expect(byId.body.tids).toEqual(['999999999']);
  });

  it('updateTeam needs teamId, refuses type, and follows the update-team / update-custom modes (802); a non-member gets 804', async () => {
    const owner = account('t_u_owner');
    const ben = account('t_u_ben');
    const stranger = account('t_u_stranger');
    const o = await world.open(owner);
    const b = await world.open(ben);
    const s = await world.open(stranger);
    const teamId = await world.createTeam(o, [ben]);

    expect((await o.request('updateTeam', { team: { name: 'No id' } })).code).toBe(ResponseCode.PARAMETER_ERROR);
    const withType = await o.request('updateTeam', { team: { teamId, type: 0, name: 'Typed' } });
    expect(withType.code).toBe(ResponseCode.PARAMETER_ERROR);
    expect(errMsg(withType)).toMatch(/type cannot be updated/);
    expect((await o.request('updateTeam', { team: { teamId } })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await o.request('updateTeam', { team: { teamId, inviteMode: 7 } })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await o.request('updateTeam', { team: { teamId: '999999999', name: 'x' } })).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);
    expect((await s.request('updateTeam', { team: { teamId, name: 'Hijack' } })).code).toBe(ResponseCode.NOT_IN_TEAM);

    // Defaults: only the owner and managers may update the team, its custom field and the modes.
    expect((await b.request('updateTeam', { team: { teamId, name: 'By Ben' } })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await b.request('updateTeam', { team: { teamId, custom: '{"k":1}' } })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await b.request('updateTeam', { team: { teamId, joinMode: 0 } })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('getTeam', { teamId })).body.team?.name).toBe('Team');

    b.pushes.splice(0);
    const opened = await o.request('updateTeam', { team: { teamId, updateTeamMode: 1, announcement: 'Open day' } });
    expect(opened.code).toBe(200);
    expect(opened.body.time).toBeGreaterThan(0);
    const note = await b.waitForPush('teamMsg', (m) => JSON.parse(m.msg?.attach ?? '{}').type === 'updateTeam');
    expect(JSON.parse(note.msg?.attach as string).team).toEqual({ updateTeamMode: 1, announcement: 'Open day' });

    // Now every member may update the team, but custom still follows updateCustomMode.
    expect((await b.request('updateTeam', { team: { teamId, name: 'By Ben' } })).code).toBe(200);
    expect((await b.request('updateTeam', { team: { teamId, custom: 'x' } })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('updateTeam', { team: { teamId, updateCustomMode: 1 } })).code).toBe(200);
    expect((await b.request('updateTeam', { team: { teamId, custom: 'by ben' } })).code).toBe(200);
    expect((await b.request('getTeam', { teamId })).body.team).toMatchObject({ name: 'By Ben', announcement: 'Open day', custom: 'by ben', updateTeamMode: 1, updateCustomMode: 1 });
  });

  it('add and remove members: inviteMode (802), already in (809), not in (804); the removed see the team invalid', async () => {
    const owner = account('t_m_owner');
    const [cat, dan, eve] = [account('t_m_cat'), account('t_m_dan'), account('t_m_eve')];
    const o = await world.open(owner);
    const c = await world.open(cat);
    const d = await world.open(dan);
    await world.open(eve);
    const teamId = await world.createTeam(o, [cat]);

    expect((await c.request('addTeamMembers', { teamId, accounts: [dan] })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('addTeamMembers', { teamId, accounts: [cat] })).code).toBe(ResponseCode.ALREADY_IN_TEAM);
    expect((await o.request('addTeamMembers', { teamId, accounts: [] })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await o.request('addTeamMembers', { teamId, accounts: [owner] })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await o.request('addTeamMembers', { teamId, accounts: [account('t_m_nobody')] })).code).toBe(ResponseCode.NOT_FOUND);
    expect((await o.request('addTeamMembers', { teamId, accounts: Array.from({ length: 201 }, (_, i) => `x${i}`) })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await d.request('getTeamMembers', { teamId, timetag: 0 })).code).toBe(ResponseCode.NOT_IN_TEAM);

    const before = (await o.request('getTeamMembers', { teamId, timetag: 0 })).body.timetag as number;
    const added = await o.request('addTeamMembers', { teamId, accounts: [dan, eve] });
    expect(added.code).toBe(200);
    expect(added.body.abortedAccidList ?? []).toEqual([]);
    expect(JSON.parse((await d.waitForPush('teamMsg')).msg?.attach as string)).toMatchObject({ type: 'addTeamMembers', accounts: [dan, eve] });
    // Members changed since `before`: exactly the two new rows, with a newer member timetag.
    const since = await o.request('getTeamMembers', { teamId, timetag: before });
    expect(since.body.members?.map((m) => m.account).sort()).toEqual([dan, eve].sort());
    expect(since.body.timetag).toBeGreaterThan(before);
    expect((await o.request('getTeam', { teamId })).body.team?.memberNum).toBe(4);

    // Removing: a normal member may not; nobody removes himself this way; unknown members → 804.
    expect((await c.request('removeTeamMembers', { teamId, accounts: [dan] })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('removeTeamMembers', { teamId, accounts: [owner] })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await o.request('removeTeamMembers', { teamId, accounts: [account('t_m_nobody')] })).code).toBe(ResponseCode.NOT_IN_TEAM);

    const danTeams = (await d.request('getTeams', { timetag: 0 })).body.timetag as number;
    d.pushes.splice(0);
    expect((await o.request('removeTeamMembers', { teamId, accounts: [dan] })).code).toBe(200);
    const kicked = await d.waitForPush('teamMsg');
    expect(JSON.parse(kicked.msg?.attach as string)).toMatchObject({ type: 'removeTeamMembers', accounts: [dan] });
    expect((await d.request('getTeam', { teamId })).body.team).toMatchObject({ valid: true, validToCurrentUser: false });
    expect((await d.request('getTeams', { timetag: 0 })).body.teams?.map((t) => t.teamId) ?? []).not.toContain(teamId);
    expect((await d.request('getTeams', { timetag: danTeams })).body.teams).toEqual([expect.objectContaining({ teamId, validToCurrentUser: false })]);
    expect((await d.request('getTeamMembers', { teamId, timetag: 0 })).code).toBe(ResponseCode.NOT_IN_TEAM);
    const removedRow = (await o.request('getTeamMembers', { teamId, timetag: since.body.timetag })).body.members;
    expect(removedRow).toEqual([expect.objectContaining({ account: dan, valid: false })]);
    // Added again: a fresh membership.
    expect((await o.request('addTeamMembers', { teamId, accounts: [dan] })).code).toBe(200);
    expect((await d.request('getTeam', { teamId })).body.team?.validToCurrentUser).toBe(true);
  });

  it('leaveTeam: the owner cannot (802); a member leaves and is out (804); dismissTeam by the owner only marks team and members invalid', async () => {
    const owner = account('t_l_owner');
    const [fay, gus] = [account('t_l_fay'), account('t_l_gus')];
    const o = await world.open(owner);
    const f = await world.open(fay);
    const g = await world.open(gus);
    const teamId = await world.createTeam(o, [fay, gus]);

    expect((await o.request('leaveTeam', { teamId })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await f.request('leaveTeam', { teamId })).code).toBe(200);
    expect((await f.request('leaveTeam', { teamId })).code).toBe(ResponseCode.NOT_IN_TEAM);
    expect(JSON.parse((await g.waitForPush('teamMsg', (m) => JSON.parse(m.msg?.attach ?? '{}').type === 'leaveTeam')).msg?.attach as string)).toMatchObject({ from: fay });
    expect((await o.request('getTeam', { teamId })).body.team?.memberNum).toBe(2);

    expect((await g.request('dismissTeam', { teamId })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await f.request('dismissTeam', { teamId })).code).toBe(ResponseCode.NOT_IN_TEAM);
    const gusTeams = (await g.request('getTeams', { timetag: 0 })).body.timetag as number;
    expect((await o.request('dismissTeam', { teamId })).code).toBe(200);
    await g.waitForPush('teamMsg', (m) => JSON.parse(m.msg?.attach ?? '{}').type === 'dismissTeam');
    expect((await g.request('getTeam', { teamId })).body.team).toMatchObject({ valid: false, validToCurrentUser: false });
    expect((await g.request('getTeams', { timetag: gusTeams })).body.teams).toEqual([expect.objectContaining({ teamId, valid: false, validToCurrentUser: false })]);
    expect((await g.request('getTeams', { timetag: 0 })).body.teams?.map((t) => t.teamId) ?? []).not.toContain(teamId);
    // A dismissed team takes no more changes.
    expect((await o.request('updateTeam', { team: { teamId, name: 'Again' } })).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);
    expect((await o.request('dismissTeam', { teamId })).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);
  });

  it('an account owns at most 100 valid teams (806); dismissing one frees a place', async () => {
    const owner = account('t_lim_owner');
    const o = await world.open(owner);
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push(await world.createTeam(o, [], { name: `Team ${i}` }));
    const refused = await o.request('createTeam', { team: { type: 0, name: 'One too many' } });
    expect(refused.code).toBe(ResponseCode.TEAM_CREATION_LIMIT);
    expect((await o.request('getTeams', { timetag: 0 })).body.teams).toHaveLength(100);
    expect((await o.request('dismissTeam', { teamId: ids[0] })).code).toBe(200);
    expect((await o.request('createTeam', { team: { type: 0, name: 'Room again' } })).code).toBe(200);
  });

  it('malformed team bodies are refused with 414 and the server keeps serving', async () => {
    const me = account('t_bad');
    const c = await world.open(me);
    const teamId = await world.createTeam(c, []);
    const bad: [string, Record<string, unknown>][] = [
      ['getTeam', {}],
      ['getTeam', { teamId: '0' }],
      ['getTeam', { teamId: '1e5' }],
      ['getTeam', { teamId: '-1' }],
      ['getTeamMembers', { teamId: '' }],
      ['addTeamMembers', { teamId }],
      ['leaveTeam', {}],
      ['dismissTeam', { teamId: '9'.repeat(30) }],
      ['createTeam', {}],
      ['updateTeam', {}],
      ['getTeamsById', { teamIds: [] }],
      ['transferTeam', { teamId }],
      ['updateMuteStateInTeam', { teamId, account: me }],
      ['muteTeamAll', { teamId, muteType: 2 }],
      ['updateInfoInTeam', { member: { teamId } }],
      ['updateInfoInTeam', {}],
      ['updateNickInTeam', { teamId, account: me }],
    ];
    // (Fields of the wrong wire type never reach a handler: the codec refuses them, malformed-frames.int.spec.ts.)
    for (const [name, body] of bad) {
      const answer = await c.request(name as 'getTeam', body as never);
      expect({ name, body, code: answer.code }).toEqual({ name, body, code: ResponseCode.PARAMETER_ERROR });
    }
    expect((await c.request('getTeam', { teamId })).code).toBe(200);
  });
});
