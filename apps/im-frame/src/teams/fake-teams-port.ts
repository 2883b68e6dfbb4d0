// A TeamsPort in memory for the frame's component tests: each action changes the team like im-server
// would (roles, mute, settings), or fails with `refuse` and changes nothing. Every call is recorded.
import { ImError, type ImSysMsg, type ImTeamJoinMode, type ImTeamMuteType } from '@merchant/im-core';
import type { CreatedTeam, CreateTeamRequest, TeamApplication, TeamNotifyMode, TeamPanelData, TeamSettingsValues, TeamsPort } from './teams-port';

export class FakeTeamsPort implements TeamsPort {
  refuse: Error | undefined;
  readonly calls: string[] = [];
  /** Names memberNames answers with (account → nick). */
  names = new Map<string, string>();
  /** Names teamName answers with (teamId → name). */
  teamNames = new Map<string, string>();
  nextTeamId = 't_new';
  /** The join mode of each team applyToTeam can meet; another team id is refused with 803 like im-server. */
  joinModes = new Map<string, ImTeamJoinMode>();
  /** Teams I am a member of (isMyTeam); a noVerify application adds its team. */
  readonly myTeams = new Set<string>();

  constructor(public data: TeamPanelData) {}

  async getTeamPanel(): Promise<TeamPanelData> {
    return structuredClone(this.data);
  }

  private run(call: string, change: () => void): Promise<void> {
    this.calls.push(call);
    if (this.refuse) return Promise.reject(this.refuse);
    change();
    return Promise.resolve();
  }

  private member(account: string) {
    return this.data.members.find((m) => m.account === account);
  }

  leave(teamId: string) {
    return this.run(`leave ${teamId}`, () => (this.data.members = this.data.members.filter((m) => m.account !== this.data.myAccount)));
  }
  invite(teamId: string, account: string) {
    return this.run(`invite ${teamId} ${account}`, () => this.data.members.push({ account, type: 'normal', mute: false }));
  }
  kick(teamId: string, account: string) {
    return this.run(`kick ${teamId} ${account}`, () => (this.data.members = this.data.members.filter((m) => m.account !== account)));
  }
  setMemberMute(teamId: string, account: string, mute: boolean) {
    return this.run(`mute ${teamId} ${account} ${mute}`, () => this.data.members.forEach((m) => m.account === account && (m.mute = mute)));
  }
  setMyNotify(teamId: string, mode: TeamNotifyMode) {
    return this.run(`notify ${teamId} ${mode}`, () => (this.data.myNotify = mode));
  }
  async notifies(): Promise<boolean> {
    throw new Error('not asked in these tests');
  }
  async createTeam(request: CreateTeamRequest): Promise<CreatedTeam> {
    await this.run(`create ${request.type} ${request.name} [${request.accounts.join(',')}]${request.intro ? ` intro=${request.intro}` : ''}`, () => undefined);
    return { teamId: this.nextTeamId, abortedAccidList: [] };
  }
  updateTeam(teamId: string, settings: Partial<TeamSettingsValues>) {
    return this.run(`update ${teamId} ${JSON.stringify(settings)}`, () => {
      if (this.data.team) this.data.team = { ...this.data.team, ...settings };
    });
  }
  setTeamMute(teamId: string, muteType: ImTeamMuteType) {
    return this.run(`muteTeam ${teamId} ${muteType}`, () => {
      if (this.data.team) this.data.team.muteType = muteType;
    });
  }
  setManager(teamId: string, account: string, manager: boolean) {
    return this.run(`manager ${teamId} ${account} ${manager}`, () => {
      const member = this.member(account);
      if (member) member.type = manager ? 'manager' : 'normal';
    });
  }
  transfer(teamId: string, account: string, leave: boolean) {
    return this.run(`transfer ${teamId} ${account} ${leave}`, () => {
      const me = this.member(this.data.myAccount);
      const next = this.member(account);
      if (next) next.type = 'owner';
      if (me) me.type = 'normal';
      if (this.data.team) this.data.team.owner = account;
      if (leave) this.data.members = this.data.members.filter((m) => m.account !== this.data.myAccount);
    });
  }
  dismiss(teamId: string) {
    return this.run(`dismiss ${teamId}`, () => (this.data.members = []));
  }
  async memberNames(teamId: string, accounts: readonly string[]): Promise<Map<string, string>> {
    this.calls.push(`names ${teamId} ${[...accounts].sort().join(',')}`);
    return new Map([...this.names].filter(([account]) => accounts.includes(account)));
  }
  async teamName(teamId: string): Promise<string | undefined> {
    return this.teamNames.get(teamId);
  }
  async applyToTeam(teamId: string, ps?: string): Promise<TeamApplication> {
    await this.run(`apply ${teamId}${ps ? ` ps=${ps}` : ''}`, () => undefined);
    const mode = this.joinModes.get(teamId);
    if (!mode) throw new ImError('Server_Error', `team ${teamId} does not exist`, { code: 803 });
    if (mode === 'rejectAll') throw new ImError('Server_Error', 'this team takes no applications', { code: 802 });
    if (mode === 'noVerify') this.myTeams.add(teamId);
    const name = this.teamNames.get(teamId);
    return { teamId, ...(name ? { name } : {}), joined: mode === 'noVerify' };
  }
  async isMyTeam(teamId: string): Promise<boolean> {
    return this.myTeams.has(teamId);
  }
  answerTeamSysMsg(sysMsg: ImSysMsg, accept: boolean) {
    return this.run(`answer ${sysMsg.type} ${sysMsg.from} ${accept}`, () => undefined);
  }
}
