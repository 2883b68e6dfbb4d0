import { ImError, ResponseCode, errorFromResponseCode, isPartialAdd } from '../errors';
import { MessageTypeCode, SceneCode } from '../protocol/constants';
import { decodeFrame, encodeRequest, type CommandTable, type RequestBodyOf } from '../protocol';
import type { TeamRecordValue } from '../protocol/records';
import { MemoryStore } from '../store/memory-store';
import { FakeConnection } from '../testing/fake-connection';
import { ImClient } from './im-client';
import { createContactsServices } from './contacts-services';

const ME = 's_1001';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const team = (teamId: string, over: Partial<TeamRecordValue> = {}): TeamRecordValue => ({
  teamId, owner: ME, type: 1, name: `team ${teamId}`, valid: true, validToCurrentUser: true, memberNum: 3, createTime: 10, updateTime: 10, ...over,
});

function makeClient(options: { syncTeamMembers?: boolean; syncPushes?: (fake: FakeConnection) => void } = {}) {
  const fake = new FakeConnection();
  fake.answer('sync', (_body, f) => {
    setTimeout(() => {
      options.syncPushes?.(f);
      f.push('syncDone', { timetag: 50 });
    }, 0);
    return {};
  });
  let clock = 1000;
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const client = new ImClient({ account: ME, connection: fake, store: new MemoryStore(), logger, now: () => ++clock, syncTeamMembers: options.syncTeamMembers });
  const sent = (name: string) => fake.requests.filter((r) => r.name === name).map((r) => r.body);
  return { fake, client, logger, sent };
}

/** A client with team t1 stored: me owner, a manager m, normal members n1 and n2. */
async function withTeam() {
  const made = makeClient({
    syncPushes: (f) => f.push('syncTeams', { teams: [team('t1')], timetag: 40 }),
  });
  made.fake.answer('getTeamMembers', () => ({
    members: [
      { teamId: 't1', account: ME, type: 1, joinTime: 1 },
      { teamId: 't1', account: 'm', type: 2, joinTime: 2 },
      { teamId: 't1', account: 'n1', type: 0, joinTime: 3 },
      { teamId: 't1', account: 'n2', type: 0, joinTime: 4 },
    ],
    timetag: 9,
  }));
  await made.client.connect();
  await made.client.teams.getTeamMembers('t1');
  return made;
}

const roles = async (client: ImClient) => (await client.teams.localMembers('t1')).map((m) => `${m.account}:${m.type}`);

describe('ImClient teams (im-client-spec §4 Team, §5 Teams)', () => {
  it('createTeam sends the §5 defaults, stores the team and makes me owner; a refused input sends nothing', async () => {
    const { fake, client, sent } = makeClient();
    fake.answer('createTeam', (body) => ({ team: { ...body.team, teamId: '101', owner: ME, valid: true, validToCurrentUser: true, memberNum: 1, createTime: 20, updateTime: 20 }, abortedAccidList: ['c_x'] }));
    await client.connect();
    const teamsEvents: string[][] = [];
    client.on('teams', (teams) => teamsEvents.push(teams.map((t) => t.teamId)));
    await expect(client.teams.createTeam({ type: 'super', name: 'x' } as never)).rejects.toMatchObject({ code: 414, message: 'type must be normal or advanced' });
    await expect(client.teams.createTeam({ type: 'normal' } as never)).rejects.toMatchObject({ message: 'name is required' });
    expect(sent('createTeam')).toEqual([]);
    const created = await client.teams.createTeam({ type: 'advanced', name: 'shop', accounts: ['c_a', 'c_x'], ps: 'join us' });
    expect(sent('createTeam')).toEqual([{ team: { type: 1, name: 'shop', beInviteMode: 0, inviteMode: 0, updateTeamMode: 0, updateCustomMode: 0 }, accounts: ['c_a', 'c_x'], ps: 'join us' }]);
    expect(created.abortedAccidList).toEqual(['c_x']);
    expect(created.team).toMatchObject({ teamId: '101', type: 'advanced', beInviteMode: 'needVerify', inviteMode: 'manager' });
    expect((await client.teams.list()).map((t) => t.teamId)).toEqual(['101']);
    expect((await client.teams.localMembers('101')).map((m) => [m.account, m.type])).toEqual([[ME, 'owner']]);
    expect(teamsEvents).toEqual([['101']]);
  });

  it('createTeam answered 813 (partial add at the member limit): the team is stored, announced and its members read, then the error carries abortedAccidList', async () => {
    const { fake, client, sent } = makeClient();
    fake.answer('createTeam', (body) => {
      const created = { ...body.team, teamId: '102', owner: ME, valid: true, validToCurrentUser: true, memberNum: 2, createTime: 20, updateTime: 20 };
      throw errorFromResponseCode(ResponseCode.PARTIAL_ADD_TEAM_LIMIT, 'createTeam', 'team member limit 2 reached: 1 account not added', { team: created, abortedAccidList: ['c_b'] });
    });
    fake.answer('getTeamMembers', () => ({ members: [{ teamId: '102', account: ME, type: 1, joinTime: 1 }, { teamId: '102', account: 'c_a', type: 0, joinTime: 1 }], timetag: 3 }));
    await client.connect();
    const teamsEvents: string[][] = [];
    client.on('teams', (teams) => teamsEvents.push(teams.map((t) => t.teamId)));
    const failure = await client.teams.createTeam({ type: 'normal', name: 'two places', accounts: ['c_a', 'c_b'] }).catch((error: unknown) => error);
    expect(isPartialAdd(failure)).toBe(true);
    expect(failure).toMatchObject({ code: 813, abortedAccidList: ['c_b'] });
    expect((await client.teams.list()).map((t) => t.teamId)).toEqual(['102']);
    expect(teamsEvents).toEqual([['102']]);
    expect(sent('getTeamMembers')).toHaveLength(1);
    expect((await client.teams.localMembers('102')).map((m) => m.account)).toEqual([ME, 'c_a']);
  });

  it('addTeamMembers answered 813: the members are read back before the error (abortedAccidList) reaches the caller; another refusal reads nothing', async () => {
    const { fake, client, sent } = await withTeam();
    fake.answer('addTeamMembers', () => {
      throw errorFromResponseCode(ResponseCode.PARTIAL_ADD_TEAM_LIMIT, 'addTeamMembers', 'limit', { abortedAccidList: ['c_z'], time: 30 });
    });
    const before = sent('getTeamMembers').length;
    await expect(client.teams.addTeamMembers({ teamId: 't1', accounts: ['c_y', 'c_z'] })).rejects.toMatchObject({ code: 813, abortedAccidList: ['c_z'] });
    expect(sent('getTeamMembers')).toHaveLength(before + 1);
    fake.answer('addTeamMembers', () => {
      throw errorFromResponseCode(ResponseCode.TEAM_NO_PERMISSION, 'addTeamMembers', 'no');
    });
    const refused = await client.teams.addTeamMembers({ teamId: 't1', accounts: ['c_y'] }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 802, abortedAccidList: [] });
    expect(isPartialAdd(refused)).toBe(false);
    expect(sent('getTeamMembers')).toHaveLength(before + 1);
  });

  it('updateTeam needs teamId and no type; the stored team takes the change', async () => {
    const { fake, client, sent } = await withTeam();
    fake.answer('updateTeam', () => ({ time: 77 }));
    await expect(client.teams.updateTeam({ teamId: 't1', type: 'normal', name: 'x' } as never)).rejects.toMatchObject({ message: 'type cannot be updated' });
    await expect(client.teams.updateTeam({ name: 'x' } as never)).rejects.toMatchObject({ message: 'teamId is required' });
    const updated = await client.teams.updateTeam({ teamId: 't1', name: 'renamed', joinMode: 'rejectAll' });
    expect(sent('updateTeam')).toEqual([{ team: { teamId: 't1', name: 'renamed', joinMode: 2 } }]);
    expect(updated).toMatchObject({ name: 'renamed', joinMode: 'rejectAll', updateTime: 77 });
  });

  it('managers: normal → manager and back; transfer makes the old owner normal and the new owner owner', async () => {
    const { client, sent } = await withTeam();
    await client.teams.addTeamManagers({ teamId: 't1', accounts: ['n1'] });
    expect(await roles(client)).toEqual([`${ME}:owner`, 'm:manager', 'n1:manager', 'n2:normal']);
    await client.teams.removeTeamManagers({ teamId: 't1', accounts: ['m'] });
    expect(await roles(client)).toEqual([`${ME}:owner`, 'n1:manager', 'm:normal', 'n2:normal']);
    await client.teams.transferTeam({ teamId: 't1', account: 'n2' });
    expect(sent('transferTeam')).toEqual([{ teamId: 't1', account: 'n2', leave: false }]);
    expect(await roles(client)).toEqual(['n2:owner', 'n1:manager', `${ME}:normal`, 'm:normal']);
    expect((await client.teams.localTeam('t1'))?.owner).toBe('n2');
  });

  it('kick, mute a member, mute the team (muteType codes 0, 1, 3), my member info and another member\'s nick', async () => {
    const { client, sent } = await withTeam();
    await client.teams.removeTeamMembers({ teamId: 't1', accounts: ['n2'] });
    expect(await roles(client)).toEqual([`${ME}:owner`, 'm:manager', 'n1:normal']);
    expect((await client.teams.localTeam('t1'))?.memberNum).toBe(2);
    await client.teams.updateMuteStateInTeam({ teamId: 't1', account: 'n1', mute: true });
    expect((await client.teams.localMembers('t1')).find((m) => m.account === 'n1')?.mute).toBe(true);
    await expect(client.teams.muteTeamAll({ teamId: 't1', muteType: 'some' as never })).rejects.toMatchObject({ message: 'muteType must be one of none, normal, all' });
    await client.teams.muteTeamAll({ teamId: 't1', muteType: 'all' });
    await client.teams.muteTeamAll({ teamId: 't1', muteType: 'normal' });
    expect(await client.teams.localTeam('t1')).toMatchObject({ mute: true, muteType: 'normal' });
    await client.teams.muteTeamAll({ teamId: 't1', muteType: 'none' });
    expect(sent('muteTeamAll')).toEqual([{ teamId: 't1', muteType: 3 }, { teamId: 't1', muteType: 1 }, { teamId: 't1', muteType: 0 }]);
    expect(await client.teams.localTeam('t1')).toMatchObject({ mute: false, muteType: 'none' });
    await expect(client.teams.updateInfoInTeam({ teamId: 't1' })).rejects.toMatchObject({ message: 'member update needs at least one of nickInTeam, muteTeam, muteNotiType, custom' });
    await client.teams.updateInfoInTeam({ teamId: 't1', muteTeam: true, nickInTeam: 'boss' });
    expect(sent('updateInfoInTeam')).toEqual([{ member: { id: `t1-${ME}`, teamId: 't1', account: ME, nickInTeam: 'boss', bits: 1 } }]);
    expect((await client.teams.localMembers('t1'))[0]).toMatchObject({ account: ME, muteTeam: true, nickInTeam: 'boss' });
    await client.teams.updateNickInTeam({ teamId: 't1', account: 'm', nickInTeam: 'deputy' });
    expect((await client.teams.localMembers('t1')).find((m) => m.account === 'm')?.nickInTeam).toBe('deputy');
  });

  it('leaving marks the team and its members invalid; a valid team cannot be deleted (Still_In_Team), an invalid one can', async () => {
    const { client } = await withTeam();
    await expect(client.teams.deleteLocalTeam('t1')).rejects.toMatchObject({ errorName: 'Still_In_Team' });
    expect(await client.teams.localTeam('t1')).toBeDefined();
    expect((await client.localStore!.getTimetags())['teamMembers-t1']).toBe(9);
    await client.teams.leaveTeam('t1');
    expect(await client.teams.localTeam('t1')).toMatchObject({ valid: true, validToCurrentUser: false });
    // Every member row is invalid here now: a rejoin reads them all again, from 0.
    expect((await client.localStore!.getTimetags())['teamMembers-t1']).toBe(0);
    expect(await client.teams.localMembers('t1')).toEqual([]);
    expect(await client.teams.list()).toEqual([]);
    await client.teams.deleteLocalTeam('t1');
    expect(await client.teams.localTeam('t1')).toBeUndefined();
    expect(await client.localStore?.getTeamMembers('t1')).toEqual([]);
  });

  it('dismissing marks the team and its members invalid', async () => {
    const { client } = await withTeam();
    await client.teams.dismissTeam('t1');
    expect(await client.teams.localTeam('t1')).toMatchObject({ valid: false, validToCurrentUser: false });
    expect((await client.localStore!.getTeamMembers('t1')).every((m) => !m.valid)).toBe(true);
  });

  it('getTeamMembers reads from the per-team member timetag; 406 is cleared and changes nothing (§8)', async () => {
    const { fake, client, sent } = await withTeam();
    expect(sent('getTeamMembers')).toEqual([{ teamId: 't1', timetag: 0 }]);
    expect((await client.localStore!.getTimetags())['teamMembers-t1']).toBe(9);
    // A 406 answer resolves (a no-error code) with no rows and the same timetag, as im-server sends it.
    fake.answer('getTeamMembers', () => ({ members: [], timetag: 9 }));
    expect((await client.teams.getTeamMembers('t1')).map((m) => m.account)).toEqual([ME, 'm', 'n1', 'n2']);
    expect(sent('getTeamMembers')[1]).toEqual({ teamId: 't1', timetag: 9 });
    expect((await client.localStore!.getTimetags())['teamMembers-t1']).toBe(9);
    fake.answer('getTeamMembers', () => {
      throw new ImError('Server_Error', 'not in team', { code: 804 });
    });
    await expect(client.teams.getTeamMembers('t1')).rejects.toMatchObject({ code: 804 });
  });

  it('getTeams: 803 is cleared and the stored list stands; getTeamsById: 816 is logged and cleared (§8)', async () => {
    const { fake, client, logger, sent } = await withTeam();
    await client.localStore!.putTimetags({ teams: 42 });
    fake.answer('getTeams', () => {
      throw new ImError('Server_Error', 'unchanged', { code: 803 });
    });
    expect((await client.teams.getTeams()).map((t) => t.teamId)).toEqual(['t1']);
    // Asked from the sync's teams cursor, which stays the sync's.
    expect(sent('getTeams').at(-1)).toEqual({ timetag: 42 });
    fake.answer('getTeams', () => ({ teams: [team('t1'), team('t2', { createTime: 30 })], timetag: 60 }));
    expect((await client.teams.getTeams()).map((t) => t.teamId)).toEqual(['t1', 't2']);
    expect((await client.localStore!.getTimetags()).teams).toBe(42);
    // 816 carries the teams that could be read beside the ids that could not; those are kept.
    fake.answer('getTeamsById', () => {
      throw new ImError('Server_Error', 'partial', { code: 816, details: { teams: [team('t1', { name: 'partly read' })], tids: ['t9'] } });
    });
    expect((await client.teams.getTeamsById(['t1', 't9'])).map((t) => t.name)).toEqual(['partly read']);
    expect((await client.teams.localTeam('t1'))?.name).toBe('partly read');
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('816'), ['t9']);
    fake.answer('getTeamsById', () => ({ teams: [team('t1', { name: 'fresh' })], tids: ['t9'] }));
    expect((await client.teams.getTeamsById(['t1', 't9'])).map((t) => t.name)).toEqual(['fresh']);
    expect(logger.warn).toHaveBeenLastCalledWith(expect.stringContaining('not returned'), ['t9']);
    fake.answer('getTeams', () => {
      throw new ImError('Server_Error', 'busy', { code: 503 });
    });
    await expect(client.teams.getTeams()).rejects.toMatchObject({ code: 503 });
  });

  it('muted members and my member rows come from the server and are stored', async () => {
    const { fake, client, sent } = await withTeam();
    fake.answer('getMutedTeamMembers', () => ({ members: [{ teamId: 't1', account: 'n1', type: 0, mute: true, joinTime: 3 }], timetag: 0 }));
    fake.answer('getMyTeamMembers', (body) => ({ members: body.teamIds!.map((teamId) => ({ teamId, account: ME, type: 1, bits: 1, nickInTeam: 'me here' })), timetag: 0 }));
    expect((await client.teams.getMutedTeamMembers('t1')).map((m) => [m.account, m.mute])).toEqual([['n1', true]]);
    expect((await client.teams.localMembers('t1')).find((m) => m.account === 'n1')?.mute).toBe(true);
    await expect(client.teams.getMyTeamMembers([])).rejects.toMatchObject({ code: 414, message: 'teamIds must be a non-empty array' });
    expect((await client.teams.getMyTeamMembers(['t1', 't1'])).map((m) => [m.teamId, m.muteTeam, m.nickInTeam])).toEqual([['t1', true, 'me here']]);
    expect(sent('getMyTeamMembers')).toEqual([{ teamIds: ['t1'] }]);
    expect((await client.teams.localMembers('t1'))[0]).toMatchObject({ account: ME, muteTeam: true, nickInTeam: 'me here' });
  });

  it('invitor lookup takes at most 200 accounts (§5) and maps account → invitor', async () => {
    const { fake, client, sent } = await withTeam();
    fake.answer('getTeamMemberInvitorAccid', () => ({ invitors: [{ teamId: 't1', account: 'n1', invitorAccid: ME }, { teamId: 't1', account: 'n2' }] }));
    const many = Array.from({ length: 201 }, (_, i) => `c_${i}`);
    await expect(client.teams.getTeamMemberInvitorAccid({ teamId: 't1', accounts: many })).rejects.toMatchObject({ message: 'accounts must hold at most 200 accounts' });
    expect(sent('getTeamMemberInvitorAccid')).toEqual([]);
    expect(await client.teams.getTeamMemberInvitorAccid({ teamId: 't1', accounts: ['n1', 'n2'] })).toEqual({ n1: ME });
  });

  it('applications and invitations move their system message to passed, rejected or error (§4 System message)', async () => {
    const { fake, client } = await withTeam();
    const sysMsg = (idServer: string, type: string) => ({ sysMsg: { idServer, category: 'team', type, from: 'c_a', to: 't1', time: 5, state: 'init' } });
    fake.push('sysMsg', sysMsg('a1', 'applyTeam'));
    fake.push('sysMsg', sysMsg('a2', 'applyTeam'));
    fake.push('sysMsg', sysMsg('i1', 'teamInvite'));
    await flush();
    await flush();
    await client.teams.passTeamApply({ teamId: 't1', from: 'c_a', idServer: 'a1' });
    await client.teams.rejectTeamApply({ teamId: 't1', from: 'c_a', idServer: 'a2', ps: 'full' });
    fake.answer('acceptTeamInvite', () => {
      throw new ImError('Server_Error', 'team member limit reached', { code: 801 });
    });
    await expect(client.teams.acceptTeamInvite({ teamId: 't1', from: 'c_a', idServer: 'i1' })).rejects.toMatchObject({ code: 801 });
    const state = async (id: string) => {
      const s = await client.localStore!.getSysMsg(id);
      return [s?.state, s?.error?.code];
    };
    expect([await state('a1'), await state('a2'), await state('i1')]).toEqual([['passed', undefined], ['rejected', undefined], ['error', 801]]);
    expect(fake.requests.find((r) => r.name === 'rejectTeamApply')?.body).toEqual({ teamId: 't1', from: 'c_a', ps: 'full' });
  });

  it('accepting an invitation stores the team I joined; applying to a noVerify team does too', async () => {
    const { fake, client } = makeClient();
    fake.answer('acceptTeamInvite', () => ({ team: team('t5', { owner: 'c_o' }) }));
    fake.answer('applyTeam', () => ({ team: team('t6', { owner: 'c_o', createTime: 40 }) }));
    fake.answer('getTeamMembers', (body) => ({ members: [{ teamId: body.teamId, account: ME, type: 0 }], timetag: 3 }));
    await client.connect();
    await client.teams.acceptTeamInvite({ teamId: 't5', from: 'c_o' });
    await client.teams.applyTeam({ teamId: 't6', ps: 'hi' });
    expect((await client.teams.list()).map((t) => t.teamId)).toEqual(['t5', 't6']);
    expect((await client.teams.localMembers('t5')).map((m) => m.account)).toEqual([ME]);
  });

  it('sendText goes as a team message through the outbox (sendTeamMsg, scene team)', async () => {
    const { fake, client, sent } = await withTeam();
    fake.answer('sendTeamMsg', (body) => ({ msg: { ...body.msg, idServer: 's1', time: 500 } }));
    const message = await client.teams.sendText({ teamId: 't1', text: 'hello team' });
    expect(sent('sendTeamMsg')).toEqual([{ msg: expect.objectContaining({ scene: SceneCode.team, to: 't1', text: 'hello team' }) }]);
    expect(message).toMatchObject({ sessionId: 'team-t1', status: 'success' });
  });

  it('needMsgReceipt (§3) goes on the wire with a team text and with the other sends; a non-boolean is refused before anything is sent', async () => {
    const { fake, client, sent } = await withTeam();
    fake.answer('sendTeamMsg', (body) => ({ msg: { ...body.msg, idServer: `s-${body.msg?.idClient}`, time: 500 } }));
    const text = await client.teams.sendText({ teamId: 't1', text: 'read me', needMsgReceipt: true });
    const custom = await client.messages.sendCustom({ scene: 'team', to: 't1', content: '{"k":1}', needMsgReceipt: true });
    const [textBody, customBody] = sent('sendTeamMsg') as RequestBodyOf<CommandTable['sendTeamMsg']>[];
    // The encoded frame carries it (tag 21), not only the request object.
    expect(decodeFrame(encodeRequest('sendTeamMsg', 1, textBody)).body).toMatchObject({ msg: { idClient: text.idClient, needMsgReceipt: true } });
    expect(decodeFrame(encodeRequest('sendTeamMsg', 2, customBody)).body).toMatchObject({ msg: { idClient: custom.idClient, needMsgReceipt: true } });
    expect(text).toMatchObject({ status: 'success', needMsgReceipt: true });
    expect((await client.messages.list({ sessionId: 'team-t1' })).find((m) => m.idClient === text.idClient)).toMatchObject({ needMsgReceipt: true });
    // Without the field the message asks for nothing.
    await client.teams.sendText({ teamId: 't1', text: 'plain' });
    expect(sent('sendTeamMsg')[2]).toEqual({ msg: expect.not.objectContaining({ needMsgReceipt: expect.anything() }) });
    await expect(client.teams.sendText({ teamId: 't1', text: 'x', needMsgReceipt: 'yes' as never })).rejects.toMatchObject({ errorName: 'Param_Error', code: 414, message: 'needMsgReceipt must be a boolean' });
    await expect(client.messages.sendCustom({ scene: 'team', to: 't1', content: '{}', needMsgReceipt: 1 as never })).rejects.toMatchObject({ errorName: 'Param_Error', code: 414, message: 'needMsgReceipt must be a boolean' });
    expect(sent('sendTeamMsg')).toHaveLength(3);
  });

  it('live: teamMembersUpdated rows are stored; the member timetag moves only when the push follows it (a gap is read later)', async () => {
    const { fake, client, sent } = await withTeam();
    const memberEvents: string[] = [];
    client.on('teamMembers', (change) => memberEvents.push(...change.members.map((m) => `${m.account}:${m.valid}`)));
    fake.push('teamMembersUpdated', { members: [{ teamId: 't1', account: 'n3', type: 0, joinTime: 9 }, { teamId: 't1', account: 'n2', valid: false }], timetag: 10 });
    await flush();
    await flush();
    expect(memberEvents).toEqual(['n3:true', 'n2:false']);
    expect((await client.localStore!.getTimetags())['teamMembers-t1']).toBe(10);
    expect((await client.teams.localMembers('t1')).map((m) => m.account)).toEqual([ME, 'm', 'n1', 'n3']);
    // 11 never arrived: the rows of 12 are stored, the timetag stays at 10 so the next read gets 11.
    fake.push('teamMembersUpdated', { members: [{ teamId: 't1', account: 'n4', type: 0, joinTime: 12 }], timetag: 12 });
    await flush();
    await flush();
    expect((await client.localStore!.getTimetags())['teamMembers-t1']).toBe(10);
    await client.teams.getTeamMembers('t1');
    expect(sent('getTeamMembers').at(-1)).toEqual({ teamId: 't1', timetag: 10 });
  });

  it('live: my own row turning invalid (removed) ends the team for me (§4)', async () => {
    const { fake, client } = await withTeam();
    fake.push('teamMembersUpdated', { members: [{ teamId: 't1', account: ME, valid: false }], timetag: 10 });
    for (let i = 0; i < 4; i++) await flush();
    expect(await client.teams.localTeam('t1')).toMatchObject({ valid: true, validToCurrentUser: false });
    expect(await client.teams.list()).toEqual([]);
  });

  it('live team notifications: a team I do not hold is read with its members; a team change reads the team; member-only events read nothing', async () => {
    const { fake, client, sent } = await withTeam();
    const notification = (teamId: string, type: string, idServer: string) => ({
      msg: { idClient: idServer, idServer, scene: SceneCode.team, from: 'm', to: teamId, time: 600, type: MessageTypeCode.notification, attach: JSON.stringify({ type, teamId, from: 'm' }) },
    });
    const settle = async () => {
      for (let i = 0; i < 8; i++) await flush();
    };
    fake.answer('getTeam', (body) => ({ team: team(body.teamId!, { name: `fresh ${body.teamId}`, owner: 'm' }) }));
    fake.answer('getTeamMembers', (body) => ({ members: [{ teamId: body.teamId, account: ME, type: 0 }, { teamId: body.teamId, account: 'm', type: 1 }], timetag: 3 }));
    const reads = () => [sent('getTeam').length, sent('getTeamMembers').length];
    const before = reads();
    fake.push('teamMsg', notification('t1', 'addTeamManagers', 'e1'));
    await settle();
    expect(reads()).toEqual(before);
    fake.push('teamMsg', notification('t1', 'updateTeam', 'e2'));
    await settle();
    expect(reads()).toEqual([before[0] + 1, before[1]]);
    expect((await client.teams.localTeam('t1'))?.name).toBe('fresh t1');
    fake.push('teamMsg', notification('t7', 'addTeamMembers', 'e3'));
    await settle();
    expect(reads()).toEqual([before[0] + 2, before[1] + 1]);
    expect((await client.teams.list()).map((t) => t.teamId)).toEqual(['t1', 't7']);
    expect((await client.teams.localMembers('t7')).map((m) => m.account)).toEqual(['m', ME]);
    fake.answer('getTeam', (body) => ({ team: team(body.teamId!, { valid: false }) }));
    fake.push('teamMsg', notification('t7', 'dismissTeam', 'e4'));
    await settle();
    expect(await client.teams.localMembers('t7')).toEqual([]);
  });

  it("§5: enabling syncTeamMembers while teams exist throws 'sync team members api deprecated!' and changes nothing", async () => {
    const { client, sent } = await withTeam();
    await expect(client.setSyncOptions({ syncTeamMembers: true })).rejects.toMatchObject({ errorName: 'Param_Error', message: 'sync team members api deprecated!' });
    await client.setSyncOptions({ syncTeamMembers: false });
    const before = sent('getTeamMembers').length;
    await client.connect();
    expect(sent('getTeamMembers').length).toBe(before);
  });

  it('with syncTeamMembers on from the start, a sync reads the members of changed teams', async () => {
    const { fake, client, sent } = makeClient({ syncTeamMembers: true, syncPushes: (f) => f.push('syncTeams', { teams: [team('t1', { memberUpdateTime: 4 })], timetag: 40 }) });
    fake.answer('syncTeamMembers', () => ({ members: [{ teamId: 't1', account: ME, type: 1 }], timetag: 4 }));
    const synced: string[] = [];
    client.on('syncData', (n) => synced.push(n.kind));
    await client.connect();
    expect(sent('syncTeamMembers')).toEqual([{ teamIds: ['t1'], timetags: { teamMembers: [{ teamId: 't1', timetag: 0 }] } }]);
    expect((await client.localStore!.getTimetags())['teamMembers-t1']).toBe(4);
    expect(synced).toEqual(expect.arrayContaining(['teams', 'teamMembers']));
    await client.setSyncOptions({ syncTeamMembers: true });
  });

  it('team read receipts: counts, details and the teamMsgReceipt push; 814 reaches the app; more than 50 sends nothing', async () => {
    const { fake, client, sent } = await withTeam();
    const message = { idClient: 'c1', idServer: '77', sessionId: 'team-t1', scene: 'team' as const, from: 'm', to: 't1', time: 5, type: 'text' as const, flow: 'in' as const, status: 'success' as const };
    fake.answer('sendTeamMsgReceipt', (body) => ({ receipts: body.receipts!.map((r) => ({ ...r, read: 1, unread: 2 })) }));
    fake.answer('getTeamMsgReads', (body) => ({ receipts: body.receipts!.map((r) => ({ ...r, read: 2, unread: 1 })) }));
    fake.answer('getTeamMsgReadAccounts', () => ({ detail: { idClient: 'c1', readAccounts: ['n1', 'n2'], unreadAccounts: ['m'] } }));
    expect(await client.teams.receipts.sendTeamMsgReceipt([message])).toEqual([{ teamId: 't1', idServer: '77', idClient: 'c1', read: 1, unread: 2 }]);
    expect(sent('sendTeamMsgReceipt')).toEqual([{ receipts: [{ teamId: 't1', idServer: '77', idClient: 'c1' }] }]);
    expect(await client.teams.receipts.getTeamMsgReads([message])).toEqual([{ teamId: 't1', idServer: '77', idClient: 'c1', read: 2, unread: 1 }]);
    expect(await client.teams.receipts.getTeamMsgReadAccounts(message)).toEqual({ idClient: 'c1', readAccounts: ['n1', 'n2'], unreadAccounts: ['m'] });
    await expect(client.teams.receipts.getTeamMsgReads(Array.from({ length: 51 }, () => message))).rejects.toMatchObject({ code: 414 });
    expect(sent('getTeamMsgReads')).toHaveLength(1);
    fake.answer('getTeamMsgReads', () => {
      throw new ImError('Server_Error', 'team read-receipt service forbidden', { code: 814 });
    });
    await expect(client.teams.receipts.getTeamMsgReads([message])).rejects.toMatchObject({ code: 814 });
    const pushed: number[] = [];
    client.on('teamMsgReceipts', (receipts) => pushed.push(...receipts.map((r) => r.read)));
    fake.push('teamMsgReceipt', { receipts: [{ teamId: 't1', idServer: '77', idClient: 'c1', read: 3, unread: 0 }, { teamId: 't1' }] });
    await flush();
    await flush();
    expect(pushed).toEqual([3]);
  });

  it('createContactsServices (a multi-tab follower): teams over the shared store, calls through the given request, team messages through the given sendText', async () => {
    const store = new MemoryStore();
    await store.putTeams([{ teamId: 't1', type: 'advanced', name: 'shared', owner: ME, valid: true, validToCurrentUser: true, memberNum: 1, createTime: 1, updateTime: 1 }]);
    const requests: string[] = [];
    const sendText = jest.fn(async (input: { scene: string; to: string; text: string }) => ({ idClient: 'x', sessionId: `team-${input.to}`, scene: 'team', from: ME, to: input.to, time: 1, type: 'text', flow: 'out', status: 'success' }) as never);
    const services = createContactsServices({
      account: ME,
      store,
      request: (async (name: string) => {
        requests.push(name);
        return {};
      }) as never,
      sendText,
    });
    expect((await services.teams.list()).map((t) => t.name)).toEqual(['shared']);
    await services.teams.muteTeamAll({ teamId: 't1', muteType: 'all' });
    expect(requests).toEqual(['muteTeamAll']);
    expect((await store.getTeam('t1'))?.muteType).toBe('all');
    await services.teams.sendText({ teamId: 't1', text: 'from a follower tab' });
    expect(sendText).toHaveBeenCalledWith({ scene: 'team', to: 't1', text: 'from a follower tab' });
    const withoutSend = createContactsServices({ account: ME, store, request: (async () => ({})) as never });
    await expect(withoutSend.teams.sendText({ teamId: 't1', text: 'x' })).rejects.toMatchObject({ errorName: 'Not_Support' });
  });
});
