import { ResponseCode } from '@merchant/im-core';
import { account, startServer, type StartedServer } from './support/test-server';
import { teamWorld } from './support/team-helpers';

// Team applications and invitations with system messages and their states against the real
// im-server (issue 12; im-client-spec §3 System message, §4 System message and Team, §8; docs/protocol.md "Teams").
describe('im-server team applications and invitations', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);
  const teamOf = (attach: string | undefined) => (JSON.parse(attach ?? '{}') as { teamId?: string }).teamId;

  beforeAll(async () => {
    started = await startServer();
  });
  afterEach(() => world.closeAll());
  afterAll(() => started.server.close());

  it('an advanced team (beInviteMode needVerify) invites: teamInvite system message, reject, invite again, accept; answered invitations are gone (404)', async () => {
    const owner = account('tj_i_owner');
    const amy = account('tj_i_amy');
    const o = await world.open(owner);
    const a = await world.open(amy);
    const created = await o.request('createTeam', { team: { type: 1, name: 'Invites' }, accounts: [amy], ps: 'join us' });
    expect(created.code).toBe(200);
    const teamId = created.body.team?.teamId as string;
    expect(created.body.team).toMatchObject({ beInviteMode: 0, memberNum: 1 });

    const invite = (await a.waitForPush('sysMsg', (m) => m.sysMsg?.type === 'teamInvite')).sysMsg;
    expect(invite).toMatchObject({ category: 'team', from: owner, to: amy, state: 'init', read: false, ps: 'join us' });
    expect(teamOf(invite?.attach)).toBe(teamId);
    expect((await a.request('getTeam', { teamId })).body.team?.validToCurrentUser).toBe(false);
    expect((await a.request('getTeamMembers', { teamId, timetag: 0 })).code).toBe(ResponseCode.NOT_IN_TEAM);

    // Reject: the invitation becomes rejected, the inviter is told; it cannot be accepted afterwards.
    expect((await a.request('rejectTeamInvite', { teamId, from: owner, ps: 'not now' })).code).toBe(200);
    expect((await a.waitForPush('sysMsg', (m) => m.sysMsg?.idServer === invite?.idServer && m.sysMsg?.state === 'rejected')).sysMsg?.read).toBe(true);
    expect((await o.waitForPush('sysMsg', (m) => m.sysMsg?.type === 'rejectTeamInvite')).sysMsg).toMatchObject({ from: amy, to: owner, ps: 'not now', category: 'team' });
    expect((await a.request('acceptTeamInvite', { teamId, from: owner })).code).toBe(ResponseCode.NOT_FOUND);

    // Invited again with addTeamMembers; accepting an invitation from someone else finds nothing.
    a.pushes.splice(0);
    const added = await o.request('addTeamMembers', { teamId, accounts: [amy], ps: 'again' });
    expect(added.code).toBe(200);
    expect(added.body.abortedAccidList ?? []).toEqual([]);
    const second = (await a.waitForPush('sysMsg', (m) => m.sysMsg?.type === 'teamInvite')).sysMsg;
    expect((await o.request('getTeam', { teamId })).body.team?.memberNum).toBe(1);
    expect((await a.request('acceptTeamInvite', { teamId, from: account('tj_i_other') })).code).toBe(ResponseCode.NOT_FOUND);
    expect((await a.request('acceptTeamInvite', { teamId: '999999999', from: owner })).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);

    const accepted = await a.request('acceptTeamInvite', { teamId, from: owner });
    expect(accepted.code).toBe(200);
    expect(accepted.body.team).toMatchObject({ teamId, validToCurrentUser: true, memberNum: 2 });
    expect((await a.waitForPush('sysMsg', (m) => m.sysMsg?.idServer === second?.idServer && m.sysMsg?.state === 'passed')).sysMsg).toBeTruthy();
    const note = await o.waitForPush('teamMsg', (m) => teamOf(m.msg?.attach) === teamId && JSON.parse(m.msg?.attach ?? '{}').type === 'acceptTeamInvite');
    expect(JSON.parse(note.msg?.attach as string)).toMatchObject({ account: amy, from: owner });
    const members = (await o.request('getTeamMembers', { teamId, timetag: 0 })).body.members ?? [];
    expect(members.find((m) => m.account === amy)).toMatchObject({ type: 0, invitorAccid: owner, valid: true });
    expect((await a.request('acceptTeamInvite', { teamId, from: owner })).code).toBe(ResponseCode.NOT_FOUND);
    // Already in: a new invitation is refused.
    expect((await o.request('addTeamMembers', { teamId, accounts: [amy] })).code).toBe(ResponseCode.ALREADY_IN_TEAM);
  });

  it('an invitation made while the invitee is offline arrives by sync (offlineSysMsgs)', async () => {
    const owner = account('tj_s_owner');
    const ben = account('tj_s_ben');
    const o = await world.open(owner);
    const b = await world.open(ben);
    const first = await world.syncFrom(b, {});
    b.close();
    const teamId = await world.createTeam(o, [], { beInviteMode: 0 });
    expect((await o.request('addTeamMembers', { teamId, accounts: [ben] })).code).toBe(200);
    const again = await world.open(ben);
    const synced = await world.syncFrom(again, { roamingMsgs: first.done.timetag as number });
    const sysMsgs = synced.named('offlineSysMsgs').flatMap((p) => p.sysMsgs as { type: string; attach: string; state: string }[]);
    expect(sysMsgs).toEqual([expect.objectContaining({ type: 'teamInvite', state: 'init' })]);
    expect(teamOf(sysMsgs[0].attach)).toBe(teamId);
  });

  it('applyTeam: advanced teams only (805); needVerify asks the owner and managers; pass by a manager, reject with ps; 802 for normal members; 809 when in', async () => {
    const owner = account('tj_a_owner');
    const [mgr, cat, dan, eli] = [account('tj_a_mgr'), account('tj_a_cat'), account('tj_a_dan'), account('tj_a_eli')];
    const o = await world.open(owner);
    const m = await world.open(mgr);
    const c = await world.open(cat);
    const d = await world.open(dan);
    const e = await world.open(eli);
    const teamId = await world.createTeam(o, [mgr, cat]);
    expect((await o.request('addTeamManagers', { teamId, accounts: [mgr] })).code).toBe(200);
    const normalTeam = await world.createTeam(o, [], { type: 0, name: 'Normal' });

    expect((await d.request('applyTeam', { teamId: normalTeam })).code).toBe(ResponseCode.TEAM_TYPE_MISMATCH);
    expect((await c.request('applyTeam', { teamId })).code).toBe(ResponseCode.ALREADY_IN_TEAM);
    expect((await d.request('applyTeam', { teamId: '999999999' })).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);

    const applied = await d.request('applyTeam', { teamId, ps: 'let me in' });
    expect(applied.code).toBe(200);
    expect(applied.body.team).toMatchObject({ teamId, validToCurrentUser: false });
    for (const decider of [o, m]) {
      const sysMsg = (await decider.waitForPush('sysMsg', (x) => x.sysMsg?.type === 'applyTeam')).sysMsg;
      expect(sysMsg).toMatchObject({ category: 'team', from: dan, state: 'init', ps: 'let me in' });
      expect(teamOf(sysMsg?.attach)).toBe(teamId);
    }
    expect(c.pushesNamed('sysMsg')).toHaveLength(0);

    expect((await c.request('passTeamApply', { teamId, from: dan })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await m.request('passTeamApply', { teamId, from: eli })).code).toBe(ResponseCode.NOT_FOUND);
    o.pushes.splice(0);
    expect((await m.request('passTeamApply', { teamId, from: dan })).code).toBe(200);
    // The owner's copy is answered too.
    expect((await o.waitForPush('sysMsg', (x) => x.sysMsg?.type === 'applyTeam' && x.sysMsg?.state === 'passed')).sysMsg?.from).toBe(dan);
    expect(JSON.parse((await d.waitForPush('teamMsg', (x) => JSON.parse(x.msg?.attach ?? '{}').type === 'passTeamApply')).msg?.attach as string)).toMatchObject({ account: dan });
    expect((await d.request('getTeam', { teamId })).body.team?.validToCurrentUser).toBe(true);
    expect((await o.request('passTeamApply', { teamId, from: dan })).code).toBe(ResponseCode.NOT_FOUND);

    // Rejected with a reason: the applicant is told and stays out.
    expect((await e.request('applyTeam', { teamId })).code).toBe(200);
    expect((await o.request('rejectTeamApply', { teamId, from: eli, ps: 'full' })).code).toBe(200);
    expect((await e.waitForPush('sysMsg', (x) => x.sysMsg?.type === 'rejectTeamApply')).sysMsg).toMatchObject({ from: owner, ps: 'full', category: 'team' });
    expect((await e.request('getTeam', { teamId })).body.team?.validToCurrentUser).toBe(false);
    expect((await m.waitForPush('sysMsg', (x) => x.sysMsg?.type === 'applyTeam' && x.sysMsg?.from === eli && x.sysMsg?.state === 'rejected'))).toBeTruthy();
  });

  it('the member limit (level) holds for create, add, application and invitation (801), and nothing changes then', async () => {
    const owner = account('tj_l_owner');
    const [a1, a2, a3] = [account('tj_l_a1'), account('tj_l_a2'), account('tj_l_a3')];
    const o = await world.open(owner);
    const c1 = await world.open(a1);
    const c2 = await world.open(a2);
    const c3 = await world.open(a3);
    expect((await o.request('createTeam', { team: { type: 0, name: 'Bad level', level: 0 } })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await o.request('createTeam', { team: { type: 0, name: 'Bad level', level: 2001 } })).code).toBe(ResponseCode.PARAMETER_ERROR);
    // No place beside the owner: the whole create is refused.
    expect((await o.request('createTeam', { team: { type: 0, name: 'Too small', level: 1 }, accounts: [a1] })).code).toBe(ResponseCode.TEAM_MEMBER_LIMIT);

    // Two places: the owner and one more.
    const open = await world.createTeam(o, [], { name: 'Open', level: 2, joinMode: 0 });
    expect((await o.request('getTeam', { teamId: open })).body.team?.level).toBe(2);
    expect((await c1.request('applyTeam', { teamId: open })).code).toBe(200);
    expect((await c2.request('applyTeam', { teamId: open })).code).toBe(ResponseCode.TEAM_MEMBER_LIMIT);
    expect((await o.request('addTeamMembers', { teamId: open, accounts: [a2] })).code).toBe(ResponseCode.TEAM_MEMBER_LIMIT);
    expect((await o.request('getTeam', { teamId: open })).body.team?.memberNum).toBe(2);

    // Invitations and applications waiting for an answer: the answer that would pass the limit is refused.
    const verified = await world.createTeam(o, [], { name: 'Verified', level: 2, beInviteMode: 0 });
    expect((await o.request('addTeamMembers', { teamId: verified, accounts: [a1] })).code).toBe(200);
    expect((await c3.request('applyTeam', { teamId: verified })).code).toBe(200);
    expect((await o.request('passTeamApply', { teamId: verified, from: a3 })).code).toBe(200);
    expect((await c1.request('acceptTeamInvite', { teamId: verified, from: owner })).code).toBe(ResponseCode.TEAM_MEMBER_LIMIT);
    expect((await c1.request('getTeam', { teamId: verified })).body.team).toMatchObject({ validToCurrentUser: false, memberNum: 2 });
    expect((await c2.request('applyTeam', { teamId: verified })).code).toBe(200);
    expect((await o.request('passTeamApply', { teamId: verified, from: a2 })).code).toBe(ResponseCode.TEAM_MEMBER_LIMIT);
  });

  it('a batch past the level adds the accounts that fit and answers 813 with the rest as abortedAccidList (create, add, invite)', async () => {
    const owner = account('tj_p_owner');
    const names = [account('tj_p_a1'), account('tj_p_a2'), account('tj_p_a3'), account('tj_p_a4')];
    const o = await world.open(owner);
    const clients = await Promise.all(names.map((n) => world.open(n)));

    // createTeam with three places and four accounts: the team exists with the owner and the first two.
    const created = await o.request('createTeam', { team: { type: 0, name: 'Three places', level: 3 }, accounts: names });
    expect(created.code).toBe(ResponseCode.PARTIAL_ADD_TEAM_LIMIT);
    expect(created.body.abortedAccidList).toEqual([names[2], names[3]]);
    expect(created.body.errMsg).toBe('team member limit 3 reached: 2 accounts not added');
    const teamId = created.body.team?.teamId as string;
    expect(created.body.team).toMatchObject({ level: 3, memberNum: 3 });
    const members = await o.request('getTeamMembers', { teamId, timetag: 0 });
    expect((members.body.members ?? []).filter((m) => m.valid !== false).map((m) => m.account).sort()).toEqual([owner, names[0], names[1]].sort());
    // The added ones were told by the createTeam notification; the aborted ones are not in the team.
    const note = await clients[0].waitForPush('teamMsg', (m) => m.msg?.type === 5 && (m.msg?.attach ?? '').includes('createTeam'));
    expect(JSON.parse(note.msg?.attach ?? '{}')).toMatchObject({ type: 'createTeam', accounts: [names[0], names[1]] });
    expect((await clients[2].request('getTeam', { teamId })).body.team?.validToCurrentUser).toBe(false);

    // addTeamMembers with one place left after a kick: the first account joins, the rest are listed; the change stays.
    expect((await o.request('removeTeamMembers', { teamId, accounts: [names[1]] })).code).toBe(200);
    const added = await o.request('addTeamMembers', { teamId, accounts: [names[3], names[2], names[1]] });
    expect([added.code, added.body.abortedAccidList]).toEqual([ResponseCode.PARTIAL_ADD_TEAM_LIMIT, [names[2], names[1]]]);
    expect(added.body.time).toBeGreaterThan(0);
    expect((await clients[3].request('getTeam', { teamId })).body.team).toMatchObject({ validToCurrentUser: true, memberNum: 3 });
    const addNote = await clients[3].waitForPush('teamMsg', (m) => m.msg?.type === 5 && (m.msg?.attach ?? '').includes('addTeamMembers'));
    expect(JSON.parse(addNote.msg?.attach ?? '{}')).toMatchObject({ type: 'addTeamMembers', accounts: [names[3]] });
    // Full: nothing fits, the whole batch is refused (801) and nothing changes.
    expect((await o.request('addTeamMembers', { teamId, accounts: [names[1], names[2]] })).code).toBe(ResponseCode.TEAM_MEMBER_LIMIT);
    expect((await o.request('getTeam', { teamId })).body.team?.memberNum).toBe(3);

    // An advanced team that invites: the invitations that fit go out, the rest are listed.
    const invites = await world.createTeam(o, [], { name: 'Invites', level: 2, beInviteMode: 0 });
    const invited = await o.request('addTeamMembers', { teamId: invites, accounts: [names[0], names[1]] });
    expect([invited.code, invited.body.abortedAccidList]).toEqual([ResponseCode.PARTIAL_ADD_TEAM_LIMIT, [names[1]]]);
    const invitation = await clients[0].waitForPush('sysMsg', (m) => m.sysMsg?.type === 'teamInvite' && (m.sysMsg?.attach ?? '').includes(invites));
    expect(invitation.sysMsg?.state).toBe('init');
    expect((await clients[1].request('acceptTeamInvite', { teamId: invites, from: owner })).code).toBe(ResponseCode.NOT_FOUND);
    expect((await clients[0].request('acceptTeamInvite', { teamId: invites, from: owner })).code).toBe(200);
  });

  it('joinMode noVerify joins at once; rejectAll refuses (802)', async () => {
    const owner = account('tj_j_owner');
    const [fay, gus] = [account('tj_j_fay'), account('tj_j_gus')];
    const o = await world.open(owner);
    const f = await world.open(fay);
    const g = await world.open(gus);
    const open = await world.createTeam(o, [], { joinMode: 0, name: 'Open' });
    const closed = await world.createTeam(o, [], { joinMode: 2, name: 'Closed' });
    const joined = await f.request('applyTeam', { teamId: open });
    expect(joined.code).toBe(200);
    expect(joined.body.team).toMatchObject({ validToCurrentUser: true, memberNum: 2 });
    expect((await g.request('applyTeam', { teamId: closed })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('getTeam', { teamId: closed })).body.team?.memberNum).toBe(1);
  });
});
