// The frame's view of im-core's teams service (issue 12): what the team info panel shows and
// the actions it offers. Screens use this interface only; tests use FakeTeamsPort.
import {
  ImError,
  type ContactsServices,
  type ImSysMsg,
  type ImTeam,
  type ImTeamBeInviteMode,
  type ImTeamJoinMode,
  type ImTeamMember,
  type ImTeamMemberType,
  type ImTeamMuteType,
  type ImTeamPermissionMode,
  type ImTeamType,
} from '@merchant/im-core';
import { teamIdOfSysMsg } from './team-sys-msg';

/**
 * Which of a team's messages notify me (the console's new-message notification): every one, only
 * the owner's and managers', or none. Stored as my member row's muteNotiType (§3; the spec gives no
 * values, ours are NOTIFY_TYPE_OF_MODE, as NIM's) and, for clients that read only the older flag,
 * muteTeam = 'none'. A message sent with forcePushAccounts naming me notifies whatever the mode
 * (docs/im-teams.md "Forced push"). Unread counts are not affected.
 */
export type TeamNotifyMode = 'all' | 'managers' | 'none';

export const TEAM_NOTIFY_MODES: readonly TeamNotifyMode[] = ['all', 'managers', 'none'];

const NOTIFY_TYPE_OF_MODE: Readonly<Record<TeamNotifyMode, number>> = { all: 0, none: 1, managers: 2 };

/** My notify mode from my member row: muteNotiType when set, else the muteTeam flag. */
export function notifyModeOf(member: Pick<ImTeamMember, 'muteNotiType' | 'muteTeam'> | undefined): TeamNotifyMode {
  const byType = TEAM_NOTIFY_MODES.find((mode) => NOTIFY_TYPE_OF_MODE[mode] === member?.muteNotiType);
  return byType ?? (member?.muteTeam ? 'none' : 'all');
}

/** Whether a team message notifies me: my mode, the sender's role, and a forced push. */
export function teamMessageNotifies(mode: TeamNotifyMode, senderType: ImTeamMemberType | undefined, forcePush: boolean): boolean {
  if (forcePush || mode === 'all') return true;
  return mode === 'managers' && canManage(senderType);
}

/** The team's settings the merchant can read and (by role and the team's modes) change (§3, §5). */
export interface TeamSettingsValues {
  name: string;
  avatar: string;
  intro: string;
  announcement: string;
  joinMode: ImTeamJoinMode;
  beInviteMode: ImTeamBeInviteMode;
  inviteMode: ImTeamPermissionMode;
  updateTeamMode: ImTeamPermissionMode;
  updateCustomMode: ImTeamPermissionMode;
}

export interface TeamInfo extends Partial<TeamSettingsValues> {
  teamId: string;
  name: string;
  avatar?: string;
  /** normal or advanced (§3); only advanced teams have managers and take applications. */
  type?: ImTeamType;
  owner: string;
  memberNum: number;
  /** The whole team muted (none = anyone may speak). */
  muteType: ImTeamMuteType;
}

export interface CreateTeamRequest {
  type: ImTeamType;
  name: string;
  intro?: string;
  /** Invited (an advanced team, beInviteMode needVerify) or added (otherwise) at creation. */
  accounts: string[];
}

export interface CreatedTeam {
  teamId: string;
  /** Accounts left out past the member limit (813). */
  abortedAccidList: string[];
}

export interface TeamMemberEntry {
  account: string;
  /** nickInTeam, else the user's nick. */
  nick?: string;
  avatar?: string;
  type: ImTeamMemberType;
  /** Muted in this team by an owner or manager. */
  mute: boolean;
}

export interface TeamPanelData {
  /** The merchant's own account (their role decides the actions). */
  myAccount: string;
  team?: TeamInfo;
  /** Owner, managers, then the rest by join time. */
  members: TeamMemberEntry[];
  /** Which of the team's messages notify me. */
  myNotify: TeamNotifyMode;
}

/** What applying to join a team gave: joined at once (joinMode noVerify), or waiting for the owner or a manager. */
export interface TeamApplication {
  teamId: string;
  /** The team's name when the server told it. */
  name?: string;
  joined: boolean;
}

/** A note to the team's owner and managers is bounded like a friend request's (§5 "ps at most 5000"). */
export const TEAM_APPLY_PS_MAX_LENGTH = 5000;

/** Team ids as im-server gives them: a positive number of at most 15 digits. */
export const TEAM_ID_PATTERN = /^[1-9][0-9]{0,14}$/;

export interface TeamsPort {
  /** Fresh from im-server when reachable (stored on the way), else the stored copy. */
  getTeamPanel(teamId: string): Promise<TeamPanelData>;
  leave(teamId: string): Promise<void>;
  invite(teamId: string, account: string): Promise<void>;
  kick(teamId: string, account: string): Promise<void>;
  setMemberMute(teamId: string, account: string, mute: boolean): Promise<void>;
  /** My own notify mode in the team (updateInfoInTeam). */
  setMyNotify(teamId: string, mode: TeamNotifyMode): Promise<void>;
  /** Whether a message `from` a member notifies me, from the stored members (no request). */
  notifies(teamId: string, from: string, forcePush: boolean): Promise<boolean>;
  /** §5 create: I become the owner. */
  createTeam(request: CreateTeamRequest): Promise<CreatedTeam>;
  /** §5 update: only the fields given (the server checks updateTeamMode and, for the modes, the role). */
  updateTeam(teamId: string, settings: Partial<TeamSettingsValues>): Promise<void>;
  /** Team-wide mute: none, normal members, everyone (owner and managers). */
  setTeamMute(teamId: string, muteType: ImTeamMuteType): Promise<void>;
  /** Adds or removes a manager (owner, advanced teams). */
  setManager(teamId: string, account: string, manager: boolean): Promise<void>;
  /** Hands the team to `account` (owner); with `leave` the old owner leaves too. */
  transfer(teamId: string, account: string, leave: boolean): Promise<void>;
  /** Ends the team for everyone (owner). */
  dismiss(teamId: string): Promise<void>;
  /** Names for accounts a team's notifications mention: nickInTeam, else the user's nick (accounts with neither are left out). */
  memberNames(teamId: string, accounts: readonly string[]): Promise<Map<string, string>>;
  /** The team's name for a system message about it (stored, else read from the server); undefined when unknown. */
  teamName(teamId: string): Promise<string | undefined>;
  /** Answers a team invitation (I join) or a team application (the applicant joins): accept or reject. */
  answerTeamSysMsg(sysMsg: ImSysMsg, accept: boolean): Promise<void>;
  /**
   * Asks to join a team (applyTeam, advanced teams only): a noVerify team takes me at once, a
   * needVerify one asks its owner and managers, a rejectAll one refuses (802). Absent in ports without it.
   */
  applyToTeam?(teamId: string, ps?: string): Promise<TeamApplication>;
  /** Whether I am a member of the team now (the stored team, kept current by notifications and sync). */
  isMyTeam?(teamId: string): Promise<boolean>;
}

/** im-server's user lookup takes at most 150 accounts (§5 "User lookup at most 150 accounts"). */
const USER_LOOKUP_MAX = 150;

/** The settings fields of a stored team, as the panel shows them. */
function teamInfoOf(team: ImTeam): TeamInfo {
  return {
    teamId: team.teamId,
    name: team.name,
    avatar: team.avatar || undefined,
    type: team.type,
    owner: team.owner,
    memberNum: team.memberNum,
    muteType: team.muteType ?? (team.mute ? 'all' : 'none'),
    intro: team.intro ?? '',
    announcement: team.announcement ?? '',
    ...(team.joinMode ? { joinMode: team.joinMode } : {}),
    ...(team.beInviteMode ? { beInviteMode: team.beInviteMode } : {}),
    ...(team.inviteMode ? { inviteMode: team.inviteMode } : {}),
    ...(team.updateTeamMode ? { updateTeamMode: team.updateTeamMode } : {}),
    ...(team.updateCustomMode ? { updateCustomMode: team.updateCustomMode } : {}),
  };
}

const isMine = (team: ImTeam | undefined): boolean => Boolean(team?.valid && team.validToCurrentUser);

/** §8 team codes the panel can meet; each has its own text (i18n `teamPanel.error.<code>`). */
export const TEAM_ERROR_CODES = [801, 802, 803, 804, 805, 806, 807, 809, 811, 812, 813, 814, 815] as const;

/** The i18n key for a refused team action: its §8 code when known, else the generic text. */
export function teamErrorKey(error: unknown): string {
  const code = error instanceof ImError ? error.code : undefined;
  return code !== undefined && (TEAM_ERROR_CODES as readonly number[]).includes(code) ? `teamPanel.error.${code}` : 'teamPanel.error.generic';
}

/** The i18n key for a refused application: 802 and 809 as the applicant meets them, else teamErrorKey's. */
export function teamApplyErrorKey(error: unknown): string {
  const code = error instanceof ImError ? error.code : undefined;
  return code === 802 || code === 809 ? `teamAdmin.join.error.${code}` : teamErrorKey(error);
}

export const canManage = (type: ImTeamMemberType | undefined): boolean => type === 'owner' || type === 'manager';

/** The TeamsPort over im-core's teams service (createContactsServices' `teams`, on the frame's store). */
export class ImTeamsPort implements TeamsPort {
  constructor(
    private readonly account: string,
    private readonly services: Pick<ContactsServices, 'teams' | 'users'>,
  ) {}

  private storedMember = (members: readonly ImTeamMember[], account: string) => members.find((member) => member.account === account);

  async getTeamPanel(teamId: string): Promise<TeamPanelData> {
    const teams = this.services.teams;
    const team = await teams.getTeam(teamId).catch(() => teams.localTeam(teamId));
    // getTeamMembers merges the rows changed since the stored timetag; the panel shows the stored valid ones.
    await teams.getTeamMembers(teamId).catch(() => undefined);
    const members = await teams.localMembers(teamId);
    const users = new Map((await this.services.users.getUsers(members.map((m) => m.account)).catch(() => [])).map((u) => [u.account, u]));
    return {
      myAccount: this.account,
      myNotify: notifyModeOf(this.storedMember(members, this.account)),
      ...(team ? { team: teamInfoOf(team) } : {}),
      members: members.map((member: ImTeamMember) => {
        const user = users.get(member.account);
        return { account: member.account, nick: member.nickInTeam || user?.nick || undefined, avatar: user?.avatar || undefined, type: member.type, mute: member.mute === true };
      }),
    };
  }

  leave(teamId: string): Promise<void> {
    return this.services.teams.leaveTeam(teamId);
  }

  async invite(teamId: string, account: string): Promise<void> {
    await this.services.teams.addTeamMembers({ teamId, accounts: [account] });
  }

  kick(teamId: string, account: string): Promise<void> {
    return this.services.teams.removeTeamMembers({ teamId, accounts: [account] });
  }

  setMemberMute(teamId: string, account: string, mute: boolean): Promise<void> {
    return this.services.teams.updateMuteStateInTeam({ teamId, account, mute });
  }

  async setMyNotify(teamId: string, mode: TeamNotifyMode): Promise<void> {
    await this.services.teams.updateInfoInTeam({ teamId, muteNotiType: NOTIFY_TYPE_OF_MODE[mode], muteTeam: mode === 'none' });
  }

  async notifies(teamId: string, from: string, forcePush: boolean): Promise<boolean> {
    // The stored members (sync and team events keep them): a team of staff is small, and only
    // incoming team messages ask.
    const members = await this.services.teams.localMembers(teamId);
    return teamMessageNotifies(notifyModeOf(this.storedMember(members, this.account)), this.storedMember(members, from)?.type, forcePush);
  }

  async createTeam(request: CreateTeamRequest): Promise<CreatedTeam> {
    const { team, abortedAccidList } = await this.services.teams.createTeam({
      type: request.type,
      name: request.name,
      ...(request.intro ? { intro: request.intro } : {}),
      accounts: request.accounts,
    });
    return { teamId: team.teamId, abortedAccidList };
  }

  async updateTeam(teamId: string, settings: Partial<TeamSettingsValues>): Promise<void> {
    await this.services.teams.updateTeam({ teamId, ...settings });
  }

  async setTeamMute(teamId: string, muteType: ImTeamMuteType): Promise<void> {
    await this.services.teams.muteTeamAll({ teamId, muteType });
  }

  setManager(teamId: string, account: string, manager: boolean): Promise<void> {
    return manager ? this.services.teams.addTeamManagers({ teamId, accounts: [account] }) : this.services.teams.removeTeamManagers({ teamId, accounts: [account] });
  }

  transfer(teamId: string, account: string, leave: boolean): Promise<void> {
    return this.services.teams.transferTeam({ teamId, account, leave });
  }

  dismiss(teamId: string): Promise<void> {
    return this.services.teams.dismissTeam(teamId);
  }

  async memberNames(teamId: string, accounts: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const wanted = [...new Set(accounts)];
    if (wanted.length === 0) return names;
    const members = await this.services.teams.localMembers(teamId).catch(() => [] as ImTeamMember[]);
    for (const member of members) if (member.nickInTeam && wanted.includes(member.account)) names.set(member.account, member.nickInTeam);
    const rest = wanted.filter((account) => !names.has(account));
    for (let start = 0; start < rest.length; start += USER_LOOKUP_MAX) {
      // Stored users first; the missing ones are read from im-server (and stored). Offline: the accounts stay.
      const users = await this.services.users.getUsers(rest.slice(start, start + USER_LOOKUP_MAX)).catch(() => []);
      for (const user of users) if (user.nick) names.set(user.account, user.nick);
    }
    return names;
  }

  async teamName(teamId: string): Promise<string | undefined> {
    const teams = this.services.teams;
    const stored = await teams.localTeam(teamId).catch(() => undefined);
    if (stored?.name) return stored.name;
    return (await teams.getTeam(teamId).catch(() => undefined))?.name || undefined;
  }

  async applyToTeam(teamId: string, ps?: string): Promise<TeamApplication> {
    const team = await this.services.teams.applyTeam({ teamId, ...(ps ? { ps } : {}) });
    return { teamId, ...(team?.name ? { name: team.name } : {}), joined: isMine(team) };
  }

  async isMyTeam(teamId: string): Promise<boolean> {
    return isMine(await this.services.teams.localTeam(teamId).catch(() => undefined));
  }

  async answerTeamSysMsg(sysMsg: ImSysMsg, accept: boolean): Promise<void> {
    const teamId = teamIdOfSysMsg(sysMsg);
    if (!teamId) throw new ImError('Param_Error', 'the system message names no team', { code: 414 });
    const input = { teamId, from: sysMsg.from, idServer: sysMsg.idServer };
    const teams = this.services.teams;
    if (sysMsg.type === 'teamInvite') {
      if (accept) await teams.acceptTeamInvite(input);
      else await teams.rejectTeamInvite(input);
    } else if (accept) await teams.passTeamApply(input);
    else await teams.rejectTeamApply(input);
  }
}
