import { ResponseCode } from '@merchant/im-core';
import { account, startServer, type StartedServer } from './support/test-server';
import { errMsg, teamWorld } from './support/team-helpers';

// Team messages and the team part of sync against the real im-server (issue 12; im-client-spec §4
// Sync, §8 804/812; docs/protocol.md "Teams", docs/im-sync.md "Teams").
describe('im-server team messages and team sync', () => {
  let started: StartedServer;
  const world = teamWorld(() => started);
  const text = (idClient: string, teamId: string, body = idClient) => ({ msg: { idClient, scene: 1, to: teamId, type: 0, text: body } });

  beforeAll(async () => {
    started = await startServer();
  });
  afterEach(() => world.closeAll());
  afterAll(() => started.server.close());

  it('sendTeamMsg reaches every port of every member, the sender’s other ports as syncSendMsg, and no one outside the team', async () => {
    const owner = account('tm_owner');
    const [amy, bob, out] = [account('tm_amy'), account('tm_bob'), account('tm_out')];
    const o = await world.open(owner);
    const oPc = await world.open(owner, 1);
    const a = await world.open(amy);
    const aPhone = await world.open(amy, 2);
    const b = await world.open(bob);
    const x = await world.open(out);
    const teamId = await world.createTeam(o, [amy, bob]);

    const sent = await o.request('sendTeamMsg', text('tm-1', teamId, 'hello team'));
    expect(sent.code).toBe(200);
    expect(sent.body.msg).toMatchObject({ idClient: 'tm-1', scene: 1, from: owner, to: teamId, sessionId: `team-${teamId}`, flow: 'out', text: 'hello team' });
    const idServer = sent.body.msg?.idServer;
    for (const port of [a, aPhone, b]) {
      const pushed = await port.waitForPush('teamMsg', (m) => m.msg?.idClient === 'tm-1');
      expect(pushed.msg).toMatchObject({ idServer, from: owner, sessionId: `team-${teamId}`, flow: 'in', fromNick: `Nick ${owner}` });
    }
    expect((await oPc.waitForPush('syncSendMsg', (m) => m.msg?.idClient === 'tm-1')).msg).toMatchObject({ idServer, flow: 'out' });
    // The answer went to the sending port, not a push; an outsider got nothing.
    expect(o.pushesNamed('syncSendMsg')).toHaveLength(0);
    expect((await x.request('heartbeat', {})).code).toBe(200);
    expect(x.pushesNamed('teamMsg')).toHaveLength(0);

    // Sending the same idClient again returns the stored message and delivers nothing again.
    const again = await o.request('sendTeamMsg', text('tm-1', teamId, 'hello team'));
    expect(again.body.msg?.idServer).toBe(idServer);
    await b.request('heartbeat', {});
    expect(b.pushesNamed('teamMsg').filter((f) => (f.body as { msg?: { idClient?: string } }).msg?.idClient === 'tm-1')).toHaveLength(1);

    // Each member has a team-<id> session; the receivers' unread counts the message, the sender's does not.
    const bSession = await b.request('getServerSession', { sessionId: `team-${teamId}` });
    expect(bSession.body.session).toMatchObject({ id: `team-${teamId}`, scene: 1, to: teamId, unread: 1 });
    expect(bSession.body.session?.lastMsg).toMatchObject({ idClient: 'tm-1', sessionId: `team-${teamId}` });
    expect((await o.request('getServerSession', { sessionId: `team-${teamId}` })).body.session?.unread).toBe(0);
    expect((await x.request('getServerSession', { sessionId: `team-${teamId}` })).code).toBe(ResponseCode.NOT_FOUND);
  });

  it('refuses non-members (804), unknown teams (803), muted members and muted teams (812), and malformed messages (414)', async () => {
    const owner = account('tm_r_owner');
    const [cat, mgr, out] = [account('tm_r_cat'), account('tm_r_mgr'), account('tm_r_out')];
    const o = await world.open(owner);
    const c = await world.open(cat);
    const m = await world.open(mgr);
    const x = await world.open(out);
    const teamId = await world.createTeam(o, [cat, mgr]);
    expect((await o.request('addTeamManagers', { teamId, accounts: [mgr] })).code).toBe(200);

    expect((await x.request('sendTeamMsg', text('r-out', teamId))).code).toBe(ResponseCode.NOT_IN_TEAM);
    expect((await o.request('sendTeamMsg', text('r-missing', '999999999'))).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);
    const malformed: Record<string, unknown>[] = [
      { idClient: 'r-bad-1', scene: 1, to: 'not-a-team', type: 0, text: 'x' },
      { idClient: 'r-bad-2', scene: 0, to: teamId, type: 0, text: 'x' },
      { idClient: 'r-bad-3', scene: 1, to: teamId, type: 5, attach: '{}' },
      { scene: 1, to: teamId, type: 0, text: 'no idClient' },
      { idClient: 'r-bad-4', scene: 1, to: teamId, type: 0 },
    ];
    for (const msg of malformed) {
      const answer = await o.request('sendTeamMsg', { msg } as never);
      expect({ msg, code: answer.code }).toEqual({ msg, code: ResponseCode.PARAMETER_ERROR });
    }

    // muteType normal: normal members are muted, the owner and managers are not.
    expect((await c.request('muteTeamAll', { teamId, muteType: 1 })).code).toBe(ResponseCode.TEAM_NO_PERMISSION);
    expect((await o.request('muteTeamAll', { teamId, muteType: 1 })).code).toBe(200);
    expect((await o.request('getTeam', { teamId })).body.team).toMatchObject({ mute: true, muteType: 1 });
    const muted = await c.request('sendTeamMsg', text('r-muted', teamId));
    expect(muted.code).toBe(ResponseCode.TEAM_MUTED);
    expect(errMsg(muted)).toMatch(/team is muted/);
    expect((await m.request('sendTeamMsg', text('r-mgr', teamId))).code).toBe(200);
    expect((await o.request('sendTeamMsg', text('r-owner', teamId))).code).toBe(200);
    // muteType all: everyone, the owner too.
    expect((await m.request('muteTeamAll', { teamId, muteType: 3 })).code).toBe(200);
    expect((await o.request('sendTeamMsg', text('r-owner-2', teamId))).code).toBe(ResponseCode.TEAM_MUTED);
    expect((await o.request('muteTeamAll', { teamId, muteType: 0 })).code).toBe(200);
    expect((await c.request('sendTeamMsg', text('r-cat', teamId))).code).toBe(200);

    // One member muted: that member only, until unmuted.
    expect((await o.request('updateMuteStateInTeam', { teamId, account: cat, mute: true })).code).toBe(200);
    expect((await c.request('sendTeamMsg', text('r-cat-2', teamId))).code).toBe(ResponseCode.TEAM_MUTED);
    expect((await m.request('sendTeamMsg', text('r-mgr-2', teamId))).code).toBe(200);
    expect((await o.request('getMutedTeamMembers', { teamId })).body.members?.map((mm) => mm.account)).toEqual([cat]);
    expect((await o.request('updateMuteStateInTeam', { teamId, account: cat, mute: false })).code).toBe(200);
    expect((await c.request('sendTeamMsg', text('r-cat-3', teamId))).code).toBe(200);

    // A member who left, and everyone after a dismissal, can no longer send.
    expect((await c.request('leaveTeam', { teamId })).code).toBe(200);
    expect((await c.request('sendTeamMsg', text('r-cat-4', teamId))).code).toBe(ResponseCode.NOT_IN_TEAM);
    expect((await o.request('dismissTeam', { teamId })).code).toBe(200);
    expect((await m.request('sendTeamMsg', text('r-mgr-3', teamId))).code).toBe(ResponseCode.TEAM_MISSING_OR_UNCHANGED);
  });

  it('login sync carries team messages (roamingMsgs), syncTeams and syncMyTeamMembers, from 0 and from a timetag; a removed member stops getting messages', async () => {
    const owner = account('ts_owner');
    const dee = account('ts_dee');
    const o = await world.open(owner);
    const d = await world.open(dee);
    const teamId = await world.createTeam(o, [dee], { name: 'Synced' });
    expect((await o.request('sendTeamMsg', text('ts-1', teamId))).code).toBe(200);
    expect((await o.request('sendTeamMsg', text('ts-2', teamId))).code).toBe(200);

    const full = await world.syncFrom(d, {});
    const roaming = full.named('roamingMsgs').flatMap((p) => (p.msgs as { idClient: string; sessionId: string; type: number }[]) ?? []);
    expect(roaming.filter((m) => m.sessionId === `team-${teamId}` && m.type === 0).map((m) => m.idClient)).toEqual(['ts-1', 'ts-2']);
    expect(roaming.some((m) => m.sessionId === `team-${teamId}` && m.type === 5)).toBe(true);
    const teams = full.named('syncTeams').flatMap((p) => p.teams as { teamId: string; name: string; validToCurrentUser: boolean }[]);
    expect(teams).toEqual([expect.objectContaining({ teamId, name: 'Synced', validToCurrentUser: true })]);
    const mine = full.named('syncMyTeamMembers').flatMap((p) => p.members as { teamId: string; account: string; type: number }[]);
    expect(mine).toEqual([expect.objectContaining({ teamId, account: dee, type: 0 })]);
    const sessions = full.named('syncSessions').flatMap((p) => p.sessions as { id: string; unread: number }[]);
    expect(sessions.find((s) => s.id === `team-${teamId}`)).toMatchObject({ unread: 2 });
    // §4 order: teams before sessions, sessions before roaming messages.
    const order = d.pushes.map((f) => f.name);
    expect(order.indexOf('syncTeams')).toBeLessThan(order.indexOf('syncSessions'));
    const timetag = full.done.timetag as number;

    // From the timetag: only what changed since.
    expect((await o.request('sendTeamMsg', text('ts-3', teamId))).code).toBe(200);
    const next = await world.syncFrom(d, { roamingMsgs: timetag, teams: timetag, myTeamMembers: timetag });
    expect(next.named('roamingMsgs').flatMap((p) => (p.msgs as { idClient: string }[]) ?? []).map((m) => m.idClient)).toEqual(['ts-3']);
    expect(next.named('syncTeams')).toHaveLength(0);
    const timetag2 = next.done.timetag as number;

    // Removed: the next sync carries the team invalid for dee and her member row invalid, and no later messages.
    expect((await o.request('removeTeamMembers', { teamId, accounts: [dee] })).code).toBe(200);
    expect((await o.request('sendTeamMsg', text('ts-after', teamId))).code).toBe(200);
    const after = await world.syncFrom(d, { roamingMsgs: timetag2, teams: timetag2, myTeamMembers: timetag2 });
    expect(after.named('syncTeams').flatMap((p) => p.teams as unknown[])).toEqual([expect.objectContaining({ teamId, validToCurrentUser: false })]);
    expect(after.named('syncMyTeamMembers').flatMap((p) => p.members as unknown[])).toEqual([expect.objectContaining({ account: dee, valid: false })]);
    const afterMsgs = after.named('roamingMsgs').flatMap((p) => (p.msgs as { idClient: string; type: number }[]) ?? []);
    expect(afterMsgs.map((m) => m.type)).toEqual([5]);
    expect(afterMsgs.map((m) => m.idClient)).not.toContain('ts-after');
    // A fresh device (sync from 0) no longer lists the team.
    expect((await world.syncFrom(d, {})).named('syncTeams')).toHaveLength(0);
  });

  it('markSessionAck on a team session clears its unread on the server and tells the member’s other ports; a later message counts again', async () => {
    const owner = account('tk_owner');
    const gil = account('tk_gil');
    const o = await world.open(owner);
    const g = await world.open(gil);
    const gPc = await world.open(gil, 1);
    const teamId = await world.createTeam(o, [gil]);
    for (const id of ['tk-1', 'tk-2']) expect((await o.request('sendTeamMsg', text(id, teamId))).code).toBe(200);
    const sessionId = `team-${teamId}`;
    expect((await g.request('getServerSession', { sessionId })).body.session?.unread).toBe(2);

    expect((await g.request('markSessionAck', { scene: 1, to: '999999999' })).code).toBe(ResponseCode.NOT_FOUND);
    expect((await g.request('markSessionAck', { scene: 1, to: 'nope' })).code).toBe(ResponseCode.PARAMETER_ERROR);
    expect((await g.request('markSessionAck', { scene: 1, to: teamId })).code).toBe(200);
    const acked = (await g.request('getServerSession', { sessionId })).body.session;
    expect(acked?.unread).toBe(0);
    expect(acked?.ack).toBe(acked?.lastMsg?.time);
    expect(await gPc.waitForPush('sessionAck', (b) => b.scene === 1 && b.to === teamId)).toMatchObject({ timetag: acked?.ack });

    expect((await o.request('sendTeamMsg', text('tk-3', teamId))).code).toBe(200);
    expect((await g.request('getServerSession', { sessionId })).body.session?.unread).toBe(1);
  });

  it('syncTeamMembers and getTeamMembers page members by the team’s member timetag', async () => {
    const owner = account('tsm_owner');
    const [eli, flo] = [account('tsm_eli'), account('tsm_flo')];
    const o = await world.open(owner);
    await world.open(eli);
    await world.open(flo);
    const teamId = await world.createTeam(o, [eli]);
    const first = await o.request('syncTeamMembers', { teamIds: [teamId], timetags: { teamMembers: [{ teamId, timetag: 0 }] } });
    expect(first.body.members?.map((m) => m.account).sort()).toEqual([eli, owner].sort());
    const tag = first.body.timetag as number;
    expect((await o.request('addTeamMembers', { teamId, accounts: [flo] })).code).toBe(200);
    const second = await o.request('syncTeamMembers', { teamIds: [teamId], timetags: { teamMembers: [{ teamId, timetag: tag }] } });
    expect(second.body.members?.map((m) => m.account)).toEqual([flo]);
    expect(second.body.timetag).toBeGreaterThan(tag);
    expect((await o.request('getTeam', { teamId })).body.team?.memberUpdateTime).toBe(second.body.timetag);
  });
});
