import { ResponseCode } from '@merchant/im-core';
import { COMMANDS, type CommandName } from '@merchant/im-core/testing';
import { account, startServer, type StartedServer } from './support/test-server';
import { errMsg, teamWorld } from './support/team-helpers';
import type { RawImClient } from './support/raw-client';

// Super teams (issue 12; docs/im-super-teams.md): every superTeam command with the §5 rules and the
// §8 codes 801–815, messages through the team's stream (no per-member rows), sync and acks.
describe('im-server super teams', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);
  /** A super team of `owner` with `members`, made the way an operator's back end makes one. */
  const create = async (owner: string, members: string[], extra: Record<string, unknown> = {}) =>
    (await started.server.createSuperTeam({ owner, name: 'Super', members, beInviteMode: 1, ...extra })).team.teamId;
  const send = (client: RawImClient, teamId: string, idClient: string, text = idClient) =>
    client.request('sendSuperTeamMsg', { msg: { idClient, scene: 5, to: teamId, type: 0, text } });

  beforeAll(async () => {
    started = await startServer({ rateRules: { '*': { limit: 1_000_000, windowMs: 1000 } } });
  });
  afterEach(() => world.closeAll());
  afterAll(async () => {
    await started.server.close();
  });

  it('a message is stored once with the team’s next number, pushed to every other member as superTeamMsg, and read back by history', async () => {
    const [owner, amy, bob] = [account('st_owner'), account('st_amy'), account('st_bob')];
    const o = await world.open(owner);
    const a = await world.open(amy);
    const b = await world.open(bob);
    const teamId = await create(owner, [amy, bob]);
    const before = (await o.request('getSuperTeamMembersByAccounts', { teamId, accounts: [amy, bob] })).body.members;

    const sent = await send(o, teamId, 'st-1', 'hello all');
    expect(sent.code).toBe(200);
    expect(sent.body.msg).toMatchObject({ scene: 5, to: teamId, sessionId: `superTeam-${teamId}`, flow: 'out' });
    for (const port of [a, b]) {
      expect((await port.waitForPush('superTeamMsg', (m) => m.msg?.idClient === 'st-1')).msg).toMatchObject({ idServer: sent.body.msg?.idServer, text: 'hello all', sessionId: `superTeam-${teamId}` });
    }
    expect(o.pushesNamed('superTeamMsg').filter((f) => (f.body as { msg?: { idClient?: string } }).msg?.idClient === 'st-1')).toHaveLength(0);
    await send(a, teamId, 'st-2', 'reply');
    const history = await b.request('getSuperTeamHistoryMsgs', { to: teamId, limit: 10 });
    expect(history.body.msgs?.filter((m) => m.type === 0).map((m) => m.idClient)).toEqual(['st-2', 'st-1']);
    // Nothing per member was written by the sends: the member rows are as they were.
    const after = (await o.request('getSuperTeamMembersByAccounts', { teamId, accounts: [amy, bob] })).body.members;
    expect(after?.map((m) => m.updateTime).sort()).toEqual(before?.map((m) => m.updateTime).sort());
    // The same idClient again is the same message, not a second one.
    expect((await send(o, teamId, 'st-1')).body.msg?.idServer).toBe(sent.body.msg?.idServer);
    // A non-member is refused (804); an unknown team is 803.
    const stranger = await world.open(account('st_stranger'));
    expect((await send(stranger, teamId, 'st-x')).code).toBe(ResponseCode.NOT_IN_TEAM);
    expect((await send(o, '999999999', 'st-y')).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);
  });

  it('sync carries the super teams, each one’s session with its unread, and the messages after the member’s read position; markSessionAck moves it', async () => {
    const [owner, amy] = [account('sts_owner'), account('sts_amy')];
    const o = await world.open(owner);
    const a = await world.open(amy);
    const teamId = await create(owner, [amy]);
    await send(o, teamId, 'sts-1');
    await send(o, teamId, 'sts-2');
    a.close();
    const a2 = await world.open(amy);
    const first = await world.syncFrom(a2);
    expect(first.named('syncSuperTeams')[0]?.teams).toEqual([expect.objectContaining({ teamId, validToCurrentUser: true, memberNum: 2 })]);
    const session = (first.named('syncSessions') as { sessions: { id: string; unread: number }[] }[]).flatMap((s) => s.sessions).find((s) => s.id === `superTeam-${teamId}`);
    expect(session?.unread).toBe(2);
    const roaming = (first.named('roamingMsgs') as { msgs: { idClient: string }[] }[]).flatMap((r) => r.msgs).map((m) => m.idClient);
    expect(roaming).toEqual(expect.arrayContaining(['sts-1', 'sts-2']));

    expect((await a2.request('markSessionAck', { scene: 5, to: teamId })).code).toBe(200);
    await send(o, teamId, 'sts-3');
    const second = await world.syncFrom(a2);
    const again = (second.named('roamingMsgs') as { msgs: { idClient: string }[] }[]).flatMap((r) => r.msgs).map((m) => m.idClient);
    expect(again).toContain('sts-3');
    expect(again).not.toContain('sts-1');
    const unread = (second.named('syncSessions') as { sessions: { id: string; unread: number }[] }[]).flatMap((s) => s.sessions).find((s) => s.id === `superTeam-${teamId}`)?.unread;
    expect(unread).toBe(1);
    expect((await a2.request('markSessionAck', { scene: 5, to: '999999999' })).code).toBe(ResponseCode.NOT_FOUND);
  });

  it('members page by join time (reverse too) and by accounts (non-empty, at most 20)', async () => {
    const owner = account('stm_owner');
    const names = ['stm_a', 'stm_b', 'stm_c'].map(account);
    const o = await world.open(owner);
    for (const n of names) (await world.open(n)).close();
    const teamId = await create(owner, []);
    for (const n of names) {
      expect((await o.request('addSuperTeamMembers', { teamId, accounts: [n] })).code).toBe(200);
      // fixed wait: join times must differ by at least 1 ms for the join-time paging under test
      await new Promise((r) => setTimeout(r, 5));
    }
    const page1 = await o.request('getSuperTeamMembers', { teamId, limit: 2 });
    expect(page1.body.members?.map((m) => m.account)).toEqual([owner, names[0]]);
    const page2 = await o.request('getSuperTeamMembers', { teamId, limit: 2, joinTime: page1.body.timetag });
    expect(page2.body.members?.map((m) => m.account)).toEqual([names[1], names[2]]);
    const newest = await o.request('getSuperTeamMembers', { teamId, limit: 2, reverse: true, joinTime: 2 ** 50 });
    expect(newest.body.members?.map((m) => m.account)).toEqual([names[2], names[1]]);
    expect((await o.request('getSuperTeamMembers', { teamId, limit: 101 })).code).toBe(ResponseCode.PARAMETER_ERROR);

    expect((await o.request('getSuperTeamMembersByAccounts', { teamId, accounts: [names[1]] })).body.members?.map((m) => m.account)).toEqual([names[1]]);
    const empty = await o.request('getSuperTeamMembersByAccounts', { teamId, accounts: [] });
    expect([empty.code, errMsg(empty)]).toEqual([ResponseCode.PARAMETER_ERROR, 'accounts must be a non-empty array']);
    const many = await o.request('getSuperTeamMembersByAccounts', { teamId, accounts: Array.from({ length: 21 }, (_, i) => `acc${i}`) });
    expect([many.code, errMsg(many)]).toEqual([ResponseCode.PARAMETER_ERROR, 'accounts must hold at most 20 accounts']);
  });

  it('mute: at most 10 accounts, owner and managers only, never the owner; a muted member and a muted team cannot send (812)', async () => {
    const [owner, amy, bob] = [account('stu_owner'), account('stu_amy'), account('stu_bob')];
    const o = await world.open(owner);
    const a = await world.open(amy);
    const b = await world.open(bob);
    const teamId = await create(owner, [amy, bob]);
    const eleven = await o.request('updateSuperTeamMembersMute', { teamId, accounts: Array.from({ length: 11 }, (_, i) => `acc${i}`), mute: true });
    expect([eleven.code, errMsg(eleven)]).toEqual([ResponseCode.PARAMETER_ERROR, 'accounts must hold at most 10 accounts']);
    expect((await a.request('updateSuperTeamMembersMute', { teamId, accounts: [bob], mute: true })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('addSuperTeamManagers', { teamId, accounts: [amy] })).code).toBe(200);
    expect((await a.request('updateSuperTeamMembersMute', { teamId, accounts: [owner], mute: true })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await a.request('updateSuperTeamMembersMute', { teamId, accounts: [bob], mute: true })).code).toBe(200);
    expect((await send(b, teamId, 'stu-1')).code).toBe(ResponseCode.TEAM_MUTED);
    expect((await a.request('updateSuperTeamMembersMute', { teamId, accounts: [bob], mute: false })).code).toBe(200);
    expect((await send(b, teamId, 'stu-2')).code).toBe(200);
    expect((await b.request('muteSuperTeamAll', { teamId, muteType: 1 })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('muteSuperTeamAll', { teamId, muteType: 2 })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await o.request('muteSuperTeamAll', { teamId, muteType: 1 })).code).toBe(200);
    expect((await send(b, teamId, 'stu-3')).code).toBe(ResponseCode.TEAM_MUTED);
    expect((await send(a, teamId, 'stu-4')).code).toBe(200);
    expect((await o.request('getSuperTeam', { teamId })).body.team).toMatchObject({ mute: true, muteType: 1 });
  });

  it('apply, pass and reject with super team system messages (superTeamSysMsg), read by the 21/19 ack', async () => {
    const [owner, amy, bob] = [account('stj_owner'), account('stj_amy'), account('stj_bob')];
    const o = await world.open(owner);
    const a = await world.open(amy);
    const b = await world.open(bob);
    const teamId = await create(owner, [], { joinMode: 1 });
    const applied = await a.request('applySuperTeam', { teamId, ps: 'let me in' });
    expect(applied.body.team).toMatchObject({ teamId, validToCurrentUser: false });
    const apply = await o.waitForPush('superTeamSysMsg', (m) => m.sysMsg?.from === amy);
    expect(apply.sysMsg).toMatchObject({ category: 'superTeam', type: 'applySuperTeam', to: owner, state: 'init', ps: 'let me in' });
    expect((await b.request('passSuperTeamApply', { teamId, from: amy })).code).toBe(ResponseCode.NOT_IN_TEAM);
    expect((await o.request('passSuperTeamApply', { teamId, from: bob })).code).toBe(ResponseCode.NOT_FOUND);
    expect((await o.request('passSuperTeamApply', { teamId, from: amy })).code).toBe(200);
    expect((await a.request('getSuperTeam', { teamId })).body.team?.validToCurrentUser).toBe(true);
    expect((await a.request('applySuperTeam', { teamId })).code).toBe(ResponseCode.ALREADY_IN_TEAM);

    await b.request('applySuperTeam', { teamId });
    const bobsApply = await o.waitForPush('superTeamSysMsg', (m) => m.sysMsg?.from === bob);
    expect((await o.request('rejectSuperTeamApply', { teamId, from: bob, ps: 'no' })).code).toBe(200);
    expect((await b.waitForPush('superTeamSysMsg', (m) => m.sysMsg?.type === 'rejectSuperTeamApply')).sysMsg).toMatchObject({ from: owner, ps: 'no' });
    expect((await b.request('getSuperTeam', { teamId })).body.team?.validToCurrentUser).toBe(false);

    // The read-ack pair of super team system messages marks them read (the owner's other ports hear of it).
    const ownerPc = await world.open(owner, 1);
    const fresh = await o.request('applySuperTeam', { teamId }).then(() => b.request('applySuperTeam', { teamId }));
    expect(fresh.code).toBe(200);
    const third = await o.waitForPush('superTeamSysMsg', (m) => m.sysMsg?.from === bob && m.sysMsg?.idServer !== bobsApply.sysMsg?.idServer);
    expect((await o.request('markRead', { serviceId: 21, commandId: 19, idServer: third.sysMsg?.idServer })).code).toBe(200);
    expect((await ownerPc.waitForPush('superTeamSysMsg', (m) => m.sysMsg?.idServer === third.sysMsg?.idServer && m.sysMsg?.read === true)).sysMsg?.read).toBe(true);

    const closed = await create(owner, [], { joinMode: 2 });
    expect((await a.request('applySuperTeam', { teamId: closed })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    const open = await create(owner, [], { joinMode: 0 });
    expect((await a.request('applySuperTeam', { teamId: open })).body.team).toMatchObject({ validToCurrentUser: true, memberNum: 2 });
  });

  it('invitations wait for the invitee with beInviteMode needVerify: accept joins, reject answers the inviter', async () => {
    const [owner, amy, bob] = [account('sti_owner'), account('sti_amy'), account('sti_bob')];
    const o = await world.open(owner);
    const a = await world.open(amy);
    const b = await world.open(bob);
    const teamId = await create(owner, [], { beInviteMode: 0 });
    expect((await o.request('addSuperTeamMembers', { teamId, accounts: [amy, bob], ps: 'join us' })).code).toBe(200);
    const invite = await a.waitForPush('superTeamSysMsg', (m) => m.sysMsg?.type === 'superTeamInvite');
    expect(invite.sysMsg).toMatchObject({ category: 'superTeam', from: owner, ps: 'join us' });
    expect((await o.request('getSuperTeam', { teamId })).body.team?.memberNum).toBe(1);
    expect((await a.request('acceptSuperTeamInvite', { teamId, from: owner })).body.team).toMatchObject({ validToCurrentUser: true, memberNum: 2 });
    expect((await a.request('acceptSuperTeamInvite', { teamId, from: owner })).code).toBe(ResponseCode.NOT_FOUND);
    expect((await b.request('rejectSuperTeamInvite', { teamId, from: owner, ps: 'later' })).code).toBe(200);
    expect((await o.waitForPush('superTeamSysMsg', (m) => m.sysMsg?.type === 'rejectSuperTeamInvite')).sysMsg).toMatchObject({ from: bob, ps: 'later' });
    expect((await o.request('addSuperTeamMembers', { teamId, accounts: [amy] })).code).toBe(ResponseCode.ALREADY_IN_TEAM);
    expect((await o.request('addSuperTeamMembers', { teamId, accounts: [account('sti_never_signed_in')] })).code).toBe(ResponseCode.NOT_FOUND);
    // inviteMode manager: a normal member may not add (802).
    expect((await a.request('addSuperTeamMembers', { teamId, accounts: [bob] })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
  });

  it('managers (owner only, 807, 815), transfer, remove, leave and dismiss; the member limit (801)', async () => {
    const owner = account('str_owner');
    const names = Array.from({ length: 11 }, (_, i) => account(`str_m${i}`));
    const o = await world.open(owner);
    const m0 = await world.open(names[0]);
    for (const n of names.slice(1)) (await world.open(n)).close();
    const teamId = await create(owner, names);
    expect((await m0.request('addSuperTeamManagers', { teamId, accounts: [names[1]] })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    const tooMany = await o.request('addSuperTeamManagers', { teamId, accounts: names });
    expect(tooMany.code).toBe(ResponseCode.MANAGER_LIMIT);
    expect((await o.request('addSuperTeamManagers', { teamId, accounts: [names[0]] })).code).toBe(200);
    expect((await o.request('addSuperTeamManagers', { teamId, accounts: [names[0]] })).code).toBe(ResponseCode.WRONG_MEMBER_STATE);
    expect((await o.request('removeSuperTeamManagers', { teamId, accounts: [names[1]] })).code).toBe(ResponseCode.WRONG_MEMBER_STATE);
    // A manager removes normal members only.
    expect((await m0.request('removeSuperTeamMembers', { teamId, accounts: [names[1]] })).code).toBe(200);
    expect((await m0.request('removeSuperTeamMembers', { teamId, accounts: [owner] })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await m0.request('removeSuperTeamMembers', { teamId, accounts: [names[1]] })).code).toBe(ResponseCode.NOT_IN_TEAM);
    const removedNote = await m0.waitForPush('superTeamMsg', (m) => m.msg?.type === 5 && (m.msg?.attach ?? '').includes('removeSuperTeamMembers'));
    expect(JSON.parse(removedNote.msg?.attach ?? '{}')).toMatchObject({ type: 'removeSuperTeamMembers', accounts: [names[1]] });

    expect((await o.request('leaveSuperTeam', { teamId })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('transferSuperTeam', { teamId, account: names[1] })).code).toBe(ResponseCode.NOT_IN_TEAM);
    expect((await o.request('transferSuperTeam', { teamId, account: names[0], leave: false })).code).toBe(200);
    const roles = await m0.request('getSuperTeamMembersByAccounts', { teamId, accounts: [owner, names[0]] });
    expect(Object.fromEntries((roles.body.members ?? []).map((m) => [m.account, m.type]))).toEqual({ [owner]: 0, [names[0]]: 1 });
    expect((await o.request('dismissSuperTeam', { teamId })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('leaveSuperTeam', { teamId })).code).toBe(200);
    expect((await o.request('getSuperTeam', { teamId })).body.team?.validToCurrentUser).toBe(false);
    expect((await m0.request('dismissSuperTeam', { teamId })).code).toBe(200);
    const dismissed = await m0.request('getSuperTeam', { teamId });
    expect(dismissed.body.team).toMatchObject({ valid: false, validToCurrentUser: false, memberNum: 0 });
    expect((await send(m0, teamId, 'str-1')).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);
    expect((await m0.request('getSuperTeams', {})).body.teams?.find((t) => t.teamId === teamId)).toMatchObject({ valid: false, validToCurrentUser: false });

    const small = await create(owner, [names[0]], { level: 2 });
    expect((await o.request('addSuperTeamMembers', { teamId: small, accounts: [names[2]] })).code).toBe(ResponseCode.TEAM_MEMBER_LIMIT);
    // A batch past the level: those that fit are added, the rest come back as abortedAccidList (813); the add stays.
    const three = await create(owner, [names[0]], { level: 3 });
    const partly = await o.request('addSuperTeamMembers', { teamId: three, accounts: [names[2], names[3], names[4]] });
    expect([partly.code, partly.body.abortedAccidList, partly.body.errMsg]).toEqual([ResponseCode.PARTIAL_ADD_TEAM_LIMIT, [names[3], names[4]], 'team member limit 3 reached: 2 accounts not added']);
    const after = await o.request('getSuperTeamMembersByAccounts', { teamId: three, accounts: [names[2], names[3]] });
    expect((after.body.members ?? []).filter((m) => m.valid !== false).map((m) => m.account)).toEqual([names[2]]);
    expect((await o.request('getSuperTeam', { teamId: three })).body.team?.memberNum).toBe(3);
    await expect(started.server.createSuperTeam({ owner, name: 'Too big', level: 10_001 })).rejects.toMatchObject({ code: ResponseCode.PARAMETER_ERROR });
  });

  it('updateSuperTeam by updateTeamMode, updateInfoInSuperTeam for oneself, superTeamAction needs action and teamId', async () => {
    const [owner, amy] = [account('stp_owner'), account('stp_amy')];
    const o = await world.open(owner);
    const a = await world.open(amy);
    const teamId = await create(owner, [amy]);
    expect((await a.request('updateSuperTeam', { team: { teamId, name: 'Mine' } })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    const typed = await o.request('updateSuperTeam', { team: { teamId, type: 0, name: 'X' } });
    expect([typed.code, errMsg(typed)]).toEqual([ResponseCode.PARAMETER_ERROR, 'type cannot be updated']);
    expect((await o.request('updateSuperTeam', { team: { teamId, name: 'Renamed', updateTeamMode: 1 } })).code).toBe(200);
    expect((await a.request('updateSuperTeam', { team: { teamId, announcement: 'by a member' } })).code).toBe(200);
    expect((await a.request('getSuperTeam', { teamId })).body.team).toMatchObject({ name: 'Renamed', announcement: 'by a member', updateTeamMode: 1 });

    const nothing = await a.request('updateInfoInSuperTeam', { member: { teamId } });
    expect([nothing.code, errMsg(nothing)]).toEqual([ResponseCode.PARAMETER_ERROR, 'at least one of nickInTeam, muteTeam, muteNotiType and custom is required']);
    expect((await a.request('updateInfoInSuperTeam', { member: { teamId, nickInTeam: 'Ames', bits: 1 } })).code).toBe(200);
    expect((await a.request('getMySuperTeamMembers', { teamIds: [teamId] })).body.members?.[0]).toMatchObject({ account: amy, nickInTeam: 'Ames', bits: 1 });

    const noAction = await o.request('superTeamAction', { teamId, accounts: [amy] });
    expect([noAction.code, errMsg(noAction)]).toEqual([ResponseCode.PARAMETER_ERROR, 'action is required']);
    const noTeam = await o.request('superTeamAction', { action: 'mute', accounts: [amy] });
    expect([noTeam.code, errMsg(noTeam)]).toEqual([ResponseCode.PARAMETER_ERROR, 'teamId is required']);
    expect((await o.request('superTeamAction', { action: 'explode', teamId })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await o.request('superTeamAction', { action: 'mute', teamId, accounts: [amy] })).code).toBe(200);
    expect((await send(a, teamId, 'stp-1')).code).toBe(ResponseCode.TEAM_MUTED);
  });

  it('invitor lookup names who brought each member in (none for the owner or an applicant), leaves non-members out, takes at most 200 accounts, and answers only members (804) of existing teams (803)', async () => {
    const [owner, amy, bob, cat, dan, eve] = ['stv_owner', 'stv_amy', 'stv_bob', 'stv_cat', 'stv_dan', 'stv_eve'].map(account);
    const o = await world.open(owner);
    const a = await world.open(amy);
    const b = await world.open(bob);
    const c = await world.open(cat);
    const d = await world.open(dan);
    const e = await world.open(eve);
    // Made by the operator with amy (the owner brought her in); inviteMode all, applications verified.
    const teamId = await create(owner, [amy], { inviteMode: 1, joinMode: 1 });
    // amy adds bob at once (beInviteMode noVerify).
    expect((await a.request('addSuperTeamMembers', { teamId, accounts: [bob] })).code).toBe(200);
    // From now on invitations wait: bob invites cat, who accepts.
    expect((await o.request('updateSuperTeam', { team: { teamId, beInviteMode: 0 } })).code).toBe(200);
    expect((await b.request('addSuperTeamMembers', { teamId, accounts: [cat] })).code).toBe(200);
    await c.waitForPush('superTeamSysMsg', (m) => m.sysMsg?.type === 'superTeamInvite' && m.sysMsg?.from === bob);
    expect((await c.request('acceptSuperTeamInvite', { teamId, from: bob })).code).toBe(200);
    // dan applies and the owner lets him in: nobody invited him.
    expect((await d.request('applySuperTeam', { teamId })).code).toBe(200);
    expect((await o.request('passSuperTeamApply', { teamId, from: dan })).code).toBe(200);

    const invitorsOf = async (client: RawImClient, accounts: string[]) => {
      const answer = await client.request('getSuperTeamMemberInvitorAccid', { teamId, accounts });
      expect(answer.code).toBe(200);
      return Object.fromEntries((answer.body.invitors ?? []).map((m) => [m.account, m.invitorAccid ?? null]));
    };
    const expected = { [owner]: null, [amy]: owner, [bob]: amy, [cat]: bob, [dan]: null };
    // Any member may look up; eve (never in the team) is left out.
    expect(await invitorsOf(d, [owner, amy, bob, cat, dan, eve])).toEqual(expected);
    expect(await invitorsOf(o, [cat])).toEqual({ [cat]: bob });

    // §5: at most 200 accounts; 200 are taken (unknown ones are left out), 201 are refused.
    const others = Array.from({ length: 199 }, (_, i) => `stv_other_${i}`);
    expect(await invitorsOf(a, [bob, ...others])).toEqual({ [bob]: amy });
    const tooMany = await a.request('getSuperTeamMemberInvitorAccid', { teamId, accounts: [bob, ...others, 'stv_one_more'] });
    expect([tooMany.code, errMsg(tooMany)]).toEqual([ResponseCode.PARAMETER_ERROR, 'at most 200 accounts']);
    const empty = await a.request('getSuperTeamMemberInvitorAccid', { teamId, accounts: [] });
    expect([empty.code, errMsg(empty)]).toEqual([ResponseCode.PARAMETER_ERROR, 'accounts must not be empty']);

    // A non-member may not look up (804), nor a member once removed; a removed member is left out of the answer.
    const stranger = await e.request('getSuperTeamMemberInvitorAccid', { teamId, accounts: [amy] });
    expect([stranger.code, errMsg(stranger), stranger.body.invitors]).toEqual([ResponseCode.NOT_IN_TEAM, 'you are not in this team', undefined]);
    expect((await o.request('removeSuperTeamMembers', { teamId, accounts: [bob] })).code).toBe(200);
    const removed = await b.request('getSuperTeamMemberInvitorAccid', { teamId, accounts: [cat] });
    expect([removed.code, errMsg(removed)]).toEqual([ResponseCode.NOT_IN_TEAM, 'you are not in this team']);
    expect(await invitorsOf(o, [bob, cat])).toEqual({ [cat]: bob });
    // An unknown team: 803.
    const unknown = await o.request('getSuperTeamMemberInvitorAccid', { teamId: '999999999', accounts: [amy] });
    expect([unknown.code, errMsg(unknown)]).toEqual([ResponseCode.TEAM_MISSING_OR_UNCHANGED, 'team 999999999 does not exist']);
  });

  it('802 and nothing changes: a normal member sets custom (updateCustomMode manager), changes a mode, removes a member or answers an application; a manager removes a manager or transfers', async () => {
    const [owner, m1, m2, amy, bob, joe] = ['stn_owner', 'stn_m1', 'stn_m2', 'stn_amy', 'stn_bob', 'stn_joe'].map(account);
    const o = await world.open(owner);
    const manager = await world.open(m1);
    await world.open(m2);
    const a = await world.open(amy);
    await world.open(bob);
    const j = await world.open(joe);
    // updateTeamMode all: info fields are open to every member, custom and the modes are not.
    const teamId = await create(owner, [m1, m2, amy, bob], { joinMode: 1, updateTeamMode: 1 });
    expect((await o.request('addSuperTeamManagers', { teamId, accounts: [m1, m2] })).code).toBe(200);
    expect((await j.request('applySuperTeam', { teamId, ps: 'me too' })).code).toBe(200);
    const snapshot = async () => ({
      team: (await o.request('getSuperTeam', { teamId })).body.team,
      members: (await o.request('getSuperTeamMembers', { teamId, limit: 100 })).body.members,
    });
    const before = await snapshot();
    expect(before.team).toMatchObject({ joinMode: 1, owner, memberNum: 5, updateCustomMode: 0 });
    expect(before.team?.custom).toBeUndefined();

    const refusals: [RawImClient, CommandName, Record<string, unknown>, string][] = [
      [a, 'updateSuperTeam', { team: { teamId, custom: 'mine' } }, 'only the owner and managers may update the super team custom field'],
      [a, 'updateSuperTeam', { team: { teamId, joinMode: 0 } }, 'only the owner and managers may change the super team modes'],
      [a, 'removeSuperTeamMembers', { teamId, accounts: [bob] }, 'only the owner and managers may remove members'],
      [manager, 'removeSuperTeamMembers', { teamId, accounts: [m2] }, 'a manager may remove normal members only'],
      [manager, 'transferSuperTeam', { teamId, account: amy }, 'only the owner may transfer the super team'],
      [a, 'passSuperTeamApply', { teamId, from: joe }, 'only the owner and managers may answer applications'],
      [a, 'rejectSuperTeamApply', { teamId, from: joe }, 'only the owner and managers may answer applications'],
    ];
    for (const [client, name, body, message] of refusals) {
      const answer = await client.request(name, body as never);
      expect([name, answer.code, errMsg(answer)]).toEqual([name, ResponseCode.TEAM_NO_PERMISSION, `no permission: ${message}`]);
    }
    expect(await snapshot()).toEqual(before);
    // A round trip on amy's socket runs after her last call's pushes, one on joe's after anything sent to him: no answer reached him.
    await a.request('getServerTime', {});
    await j.request('getServerTime', {});
    expect(j.pushesNamed('superTeamSysMsg')).toEqual([]);

    // The same calls by the roles allowed to make them go through: the refusals were about the role only.
    expect((await manager.request('updateSuperTeam', { team: { teamId, custom: 'by a manager' } })).code).toBe(200);
    expect((await manager.request('passSuperTeamApply', { teamId, from: joe })).code).toBe(200);
    expect((await o.request('getSuperTeam', { teamId })).body.team).toMatchObject({ custom: 'by a manager', memberNum: 6 });
  });

  it('every super team command with a missing or malformed body answers a clear code and changes nothing', async () => {
    const [owner, amy] = [account('stz_owner'), account('stz_amy')];
    const o = await world.open(owner);
    const a = await world.open(amy);
    const teamId = await create(owner, [amy]);
    const snapshot = async () => ({
      team: (await o.request('getSuperTeam', { teamId })).body.team,
      members: (await o.request('getSuperTeamMembers', { teamId })).body.members,
    });
    const before = await snapshot();
    const commands = (Object.keys(COMMANDS) as CommandName[]).filter((n) => COMMANDS[n].kind === 'request' && COMMANDS[n].serviceId === 21);
    // getSuperTeams has no field but its timetag (always the full list): 200. getMySuperTeamMembers
    // answers an empty body with the empty list.
    const noRequiredField = new Set<CommandName>(['getSuperTeams', 'getMySuperTeamMembers']);
    const malformed: Record<string, unknown>[] = [
      {},
      { teamId: 'abc', teamIds: ['abc'], accounts: ['has space'], team: { teamId: '0' }, member: {}, msg: { scene: 5, to: 'abc' }, action: '' },
      { teamId: '1'.repeat(20), teamIds: ['1'.repeat(20)], to: '1'.repeat(20), accounts: [], team: { teamId: '1'.repeat(20), name: '' }, member: { teamId: '-1' }, msg: { scene: 1, to: teamId, idClient: 'x', type: 0, text: 't' }, muteType: 7, account: '', from: '' },
    ];
    for (const name of commands) {
      for (const [i, body] of malformed.entries()) {
        const answer = await o.request(name, body as never);
        if ((i === 0 && noRequiredField.has(name)) || name === 'getSuperTeams') {
          expect([name, answer.code]).toEqual([name, 200]);
          continue;
        }
        expect([name, i, answer.code]).toEqual([name, i, ResponseCode.PARAMETER_ERROR]);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect((await send(a, teamId, 'stz-still-works')).code).toBe(200);
  });
});
