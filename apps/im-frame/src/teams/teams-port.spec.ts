import { ImError, type ContactsServices, type ImTeam, type ImTeamMember, type ImUser } from '@merchant/im-core';
import { ImTeamsPort, notifyModeOf, teamMessageNotifies } from './teams-port';

// Only the im-core methods ImTeamsPort calls, with im-core's own signatures.
type TeamsUsed = Pick<
  ContactsServices['teams'],
  'getTeam' | 'localTeam' | 'getTeamMembers' | 'localMembers' | 'leaveTeam' | 'addTeamMembers' | 'removeTeamMembers' | 'updateMuteStateInTeam' | 'updateInfoInTeam'
>;
type UsersUsed = Pick<ContactsServices['users'], 'getUsers'>;

const offline = () => new ImError('Error_Timeout', 'no answer', { code: 408 });

const teamRow = (patch: Partial<ImTeam> = {}): ImTeam => ({
  teamId: 't1', type: 'advanced', name: 'VIP buyers', owner: 's_1001', valid: true, validToCurrentUser: true, memberNum: 3, createTime: 1, updateTime: 1, muteType: 'none', ...patch,
});
const memberRow = (account: string, patch: Partial<ImTeamMember> = {}): ImTeamMember => ({
  id: `t1-${account}`, teamId: 't1', account, type: 'normal', joinTime: 1, updateTime: 1, valid: true, ...patch,
});

/** The parts of im-core's contacts services the port uses: the server answers or fails, the store answers. */
class FakeContactsServices {
  serverTeam: ImTeam | ImError = teamRow({ name: 'VIP buyers (server)' });
  storedTeam: ImTeam | undefined = teamRow({ name: 'VIP buyers (stored)' });
  membersRefresh: ImError | undefined;
  storedMembers: ImTeamMember[] = [];
  profiles: ImUser[] | ImError = [];
  readonly calls: string[] = [];

  readonly teams: TeamsUsed = {
    getTeam: async (teamId) => {
      this.calls.push(`getTeam ${teamId}`);
      if (this.serverTeam instanceof ImError) throw this.serverTeam;
      return this.serverTeam;
    },
    localTeam: async (teamId) => {
      this.calls.push(`localTeam ${teamId}`);
      return this.storedTeam;
    },
    getTeamMembers: async (teamId) => {
      this.calls.push(`getTeamMembers ${teamId}`);
      if (this.membersRefresh) throw this.membersRefresh;
      return this.storedMembers;
    },
    localMembers: async (teamId) => {
      this.calls.push(`localMembers ${teamId}`);
      return this.storedMembers;
    },
    leaveTeam: async (teamId) => void this.calls.push(`leaveTeam ${teamId}`),
    addTeamMembers: async ({ teamId, accounts }) => {
      this.calls.push(`addTeamMembers ${teamId} ${accounts.join(',')}`);
      return { abortedAccidList: [] };
    },
    removeTeamMembers: async ({ teamId, accounts }) => void this.calls.push(`removeTeamMembers ${teamId} ${accounts.join(',')}`),
    updateMuteStateInTeam: async ({ teamId, account, mute }) => void this.calls.push(`updateMuteStateInTeam ${teamId} ${account} ${mute}`),
    updateInfoInTeam: async (input) => {
      this.calls.push(`updateInfoInTeam ${JSON.stringify(input)}`);
      return undefined;
    },
  };

  readonly users: UsersUsed = {
    getUsers: async (accounts) => {
      this.calls.push(`getUsers ${accounts.join(',')}`);
      if (this.profiles instanceof ImError) throw this.profiles;
      return this.profiles.filter((u) => accounts.includes(u.account));
    },
  };
}

function portOver(fake: FakeContactsServices): ImTeamsPort {
  // The fake has only the methods the port calls; the rest of ContactsServices is never touched.
  return new ImTeamsPort('s_1001', fake as unknown as Pick<ContactsServices, 'teams' | 'users'>);
}

describe('ImTeamsPort.getTeamPanel', () => {
  it('names a member by nickInTeam first, even when the user profile has a nick', async () => {
    const fake = new FakeContactsServices();
    fake.storedMembers = [memberRow('c_demo1', { nickInTeam: 'Alice in VIP' })];
    fake.profiles = [{ account: 'c_demo1', nick: 'Alice', avatar: 'https://cdn.example/alice.png' }];
    const panel = await portOver(fake).getTeamPanel('t1');
    expect(panel.members).toEqual([{ account: 'c_demo1', nick: 'Alice in VIP', avatar: 'https://cdn.example/alice.png', type: 'normal', mute: false }]);
  });

  it("names a member without nickInTeam (absent or empty) by the user's nick", async () => {
    const fake = new FakeContactsServices();
    fake.storedMembers = [memberRow('c_demo1'), memberRow('c_demo2', { nickInTeam: '' })];
    fake.profiles = [{ account: 'c_demo1', nick: 'Alice' }, { account: 'c_demo2', nick: 'Bob' }];
    const panel = await portOver(fake).getTeamPanel('t1');
    expect(panel.members.map((m) => [m.account, m.nick])).toEqual([['c_demo1', 'Alice'], ['c_demo2', 'Bob']]);
  });

  it('leaves the nick out when neither nickInTeam nor a user nick exists, so the account is the name', async () => {
    const fake = new FakeContactsServices();
    fake.storedMembers = [memberRow('c_demo1'), memberRow('c_demo2'), memberRow('c_demo3')];
    // c_demo1 has no profile at all, c_demo2 one without a nick, c_demo3 an empty nick.
    fake.profiles = [{ account: 'c_demo2', avatar: 'https://cdn.example/2.png' }, { account: 'c_demo3', nick: '' }];
    const panel = await portOver(fake).getTeamPanel('t1');
    for (const member of panel.members) expect(member.nick).toBeUndefined();
    expect(panel.members.map((m) => m.account)).toEqual(['c_demo1', 'c_demo2', 'c_demo3']);
  });

  it('takes avatars from the user profile only, and leaves them out when the profile has none', async () => {
    const fake = new FakeContactsServices();
    fake.storedMembers = [memberRow('s_1001', { type: 'owner', nickInTeam: 'Demo Store' }), memberRow('c_demo1'), memberRow('c_demo2')];
    fake.profiles = [{ account: 's_1001', avatar: 'https://cdn.example/store.png' }, { account: 'c_demo1', nick: 'Alice', avatar: '' }];
    const panel = await portOver(fake).getTeamPanel('t1');
    expect(panel.members.map((m) => [m.account, m.avatar])).toEqual([
      ['s_1001', 'https://cdn.example/store.png'],
      ['c_demo1', undefined],
      ['c_demo2', undefined],
    ]);
    expect(fake.calls).toContain('getUsers s_1001,c_demo1,c_demo2');
  });

  it('still lists the members by nickInTeam, without avatars, when the user profiles cannot be read', async () => {
    const fake = new FakeContactsServices();
    fake.storedMembers = [memberRow('c_demo1', { nickInTeam: 'Alice in VIP', mute: true }), memberRow('c_demo2')];
    fake.profiles = offline();
    const panel = await portOver(fake).getTeamPanel('t1');
    expect(panel.members).toEqual([
      { account: 'c_demo1', nick: 'Alice in VIP', avatar: undefined, type: 'normal', mute: true },
      { account: 'c_demo2', nick: undefined, avatar: undefined, type: 'normal', mute: false },
    ]);
  });

  it('shows the team from im-server when reachable, with its own mute type, and the caller as myAccount', async () => {
    const fake = new FakeContactsServices();
    fake.serverTeam = teamRow({ name: 'VIP buyers (server)', avatar: 'https://cdn.example/team.png', memberNum: 7, muteType: 'normal' });
    const panel = await portOver(fake).getTeamPanel('t1');
    expect(panel.myAccount).toBe('s_1001');
    expect(panel.team).toEqual({ teamId: 't1', type: 'advanced', name: 'VIP buyers (server)', avatar: 'https://cdn.example/team.png', owner: 's_1001', memberNum: 7, muteType: 'normal', intro: '', announcement: '' });
    expect(fake.calls).not.toContain('localTeam t1');
  });

  it('falls back to the stored team when im-server cannot be reached, deriving the mute type from `mute` when it has none', async () => {
    const fake = new FakeContactsServices();
    fake.serverTeam = offline();
    fake.storedTeam = teamRow({ name: 'VIP buyers (stored)', avatar: '', muteType: undefined, mute: true });
    const panel = await portOver(fake).getTeamPanel('t1');
    expect(panel.team).toEqual({ teamId: 't1', type: 'advanced', name: 'VIP buyers (stored)', avatar: undefined, owner: 's_1001', memberNum: 3, muteType: 'all', intro: '', announcement: '' });
    fake.storedTeam = teamRow({ muteType: undefined, mute: undefined });
    expect((await portOver(fake).getTeamPanel('t1')).team?.muteType).toBe('none');
  });

  it('has no team when im-server cannot be reached and nothing is stored', async () => {
    const fake = new FakeContactsServices();
    fake.serverTeam = offline();
    fake.storedTeam = undefined;
    fake.storedMembers = [memberRow('c_demo1')];
    const panel = await portOver(fake).getTeamPanel('t1');
    expect(panel).not.toHaveProperty('team');
    expect(panel.members.map((m) => m.account)).toEqual(['c_demo1']);
  });

  it('lists the stored members when refreshing them from im-server fails', async () => {
    const fake = new FakeContactsServices();
    fake.membersRefresh = offline();
    fake.storedMembers = [memberRow('s_1001', { type: 'owner' }), memberRow('c_mgr', { type: 'manager' })];
    const panel = await portOver(fake).getTeamPanel('t1');
    expect(panel.members.map((m) => [m.account, m.type])).toEqual([['s_1001', 'owner'], ['c_mgr', 'manager']]);
    expect(fake.calls).toEqual(['getTeam t1', 'getTeamMembers t1', 'localMembers t1', 'getUsers s_1001,c_mgr']);
  });
});

describe('ImTeamsPort actions', () => {
  it("passes leave, invite, kick and mute to im-core's teams service for that team and account", async () => {
    const fake = new FakeContactsServices();
    const port = portOver(fake);
    await port.leave('t1');
    await port.invite('t1', 'c_new');
    await port.kick('t1', 'c_demo1');
    await port.setMemberMute('t1', 'c_demo2', true);
    expect(fake.calls).toEqual(['leaveTeam t1', 'addTeamMembers t1 c_new', 'removeTeamMembers t1 c_demo1', 'updateMuteStateInTeam t1 c_demo2 true']);
  });

  it('passes a refusal from im-core on unchanged, with its §8 code', async () => {
    const fake = new FakeContactsServices();
    fake.teams.removeTeamMembers = () => Promise.reject(new ImError('Param_Error', 'no permission', { code: 802 }));
    await expect(portOver(fake).kick('t1', 'c_mgr')).rejects.toMatchObject({ code: 802 });
  });
});

describe('which team messages notify the merchant', () => {
  it('reads my mode from muteNotiType (0 all, 1 none, 2 managers), else from the older muteTeam flag', () => {
    expect(notifyModeOf({ muteNotiType: 0 })).toBe('all');
    expect(notifyModeOf({ muteNotiType: 1 })).toBe('none');
    expect(notifyModeOf({ muteNotiType: 2 })).toBe('managers');
    expect(notifyModeOf({ muteTeam: true })).toBe('none');
    expect(notifyModeOf({ muteTeam: false })).toBe('all');
    // An unknown value is no reason to go quiet.
    expect(notifyModeOf({ muteNotiType: 9 })).toBe('all');
    expect(notifyModeOf(undefined)).toBe('all');
  });

  it('notifies by mode and sender role, and always for a forced push', () => {
    const cases: [Parameters<typeof teamMessageNotifies>, boolean][] = [
      [['all', 'normal', false], true],
      [['managers', 'owner', false], true],
      [['managers', 'manager', false], true],
      [['managers', 'normal', false], false],
      [['managers', undefined, false], false],
      [['none', 'owner', false], false],
      [['none', 'normal', true], true],
      [['managers', 'normal', true], true],
    ];
    for (const [args, expected] of cases) expect([args, teamMessageNotifies(...args)]).toEqual([args, expected]);
  });

  it('stores my choice as muteNotiType with muteTeam set for "none" only', async () => {
    const fake = new FakeContactsServices();
    const port = portOver(fake);
    await port.setMyNotify('t1', 'none');
    await port.setMyNotify('t1', 'managers');
    await port.setMyNotify('t1', 'all');
    expect(fake.calls).toEqual([
      'updateInfoInTeam {"teamId":"t1","muteNotiType":1,"muteTeam":true}',
      'updateInfoInTeam {"teamId":"t1","muteNotiType":2,"muteTeam":false}',
      'updateInfoInTeam {"teamId":"t1","muteNotiType":0,"muteTeam":false}',
    ]);
  });

  it('decides from the stored members, with no request, and shows my mode in the panel', async () => {
    const fake = new FakeContactsServices();
    fake.storedMembers = [memberRow('s_1001', { type: 'normal', muteNotiType: 2 }), memberRow('c_owner', { type: 'owner' }), memberRow('c_demo1')];
    const port = portOver(fake);
    expect(await port.notifies('t1', 'c_owner', false)).toBe(true);
    expect(await port.notifies('t1', 'c_demo1', false)).toBe(false);
    expect(await port.notifies('t1', 'c_demo1', true)).toBe(true);
    expect(fake.calls).toEqual(['localMembers t1', 'localMembers t1', 'localMembers t1']);
    expect((await port.getTeamPanel('t1')).myNotify).toBe('managers');
  });
});

describe('ImTeamsPort.memberNames', () => {
  it('names by nickInTeam first, then the user nick; accounts with neither are left out; users read 150 at a time', async () => {
    const fake = new FakeContactsServices();
    fake.storedMembers = [memberRow('c_demo1', { nickInTeam: 'Alice in VIP' }), memberRow('c_demo2')];
    const many = Array.from({ length: 160 }, (_, index) => `c_x${index}`);
    fake.profiles = [{ account: 'c_demo1', nick: 'Alice' }, { account: 'c_demo2', nick: 'Bob' }, { account: 'c_x159', nick: 'Last' }, { account: 'c_x0', nick: '' }];
    const names = await portOver(fake).memberNames('t1', ['c_demo1', 'c_demo2', 'c_demo2', ...many]);
    expect([...names]).toEqual([
      ['c_demo1', 'Alice in VIP'],
      ['c_demo2', 'Bob'],
      ['c_x159', 'Last'],
    ]);
    const lookups = fake.calls.filter((call) => call.startsWith('getUsers ')).map((call) => call.slice('getUsers '.length).split(',').length);
    expect(lookups).toEqual([150, 11]);
  });

  it('offline: the stored nicks only, no failure', async () => {
    const fake = new FakeContactsServices();
    fake.storedMembers = [memberRow('c_demo1', { nickInTeam: 'Alice in VIP' })];
    fake.profiles = offline();
    expect([...(await portOver(fake).memberNames('t1', ['c_demo1', 'c_demo2']))]).toEqual([['c_demo1', 'Alice in VIP']]);
    expect((await portOver(fake).memberNames('t1', [])).size).toBe(0);
  });

  it('a team system message without a team in attach is refused before anything is sent', async () => {
    const fake = new FakeContactsServices();
    const sysMsg = { idServer: '1', category: 'team' as const, type: 'teamInvite', from: 'c_demo1', to: 's_1001', time: 1, read: false, state: 'init' as const, attach: 'not json' };
    await expect(portOver(fake).answerTeamSysMsg(sysMsg, true)).rejects.toMatchObject({ code: 414 });
    expect(fake.calls).toEqual([]);
  });
});
