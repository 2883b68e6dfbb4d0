import type { Selectable } from 'kysely';
import type { TeamMemberTable, TeamTable } from '../../db/schema';
import { ResponseCode } from '../../protocol';
import { ImServerError, parameterError } from '../errors';
import { ACCOUNT_PATTERN } from '../msg/limits';

/** Team enum codes on the wire (TeamRecord in libs/im-core/src/protocol/records.ts; im-client-spec §3). */
export const TeamType = { normal: 0, advanced: 1 } as const;
export const MemberType = { normal: 0, owner: 1, manager: 2 } as const;
/** §3 muteType none, normal, all: codes 0, 1, 3. */
export const MuteType = { none: 0, normal: 1, all: 3 } as const;
export const JoinMode = { noVerify: 0, needVerify: 1, rejectAll: 2 } as const;
export const BeInviteMode = { needVerify: 0, noVerify: 1 } as const;
/** invite, update-team and update-custom modes. */
export const TeamMode = { manager: 0, all: 1 } as const;

/** Member limit of a team (level); not shown in the spec: ours, sized for the 2,000-member benchmark of issue 12. */
export const TEAM_MEMBER_LIMIT = 2000;
/** Managers per team (815 beyond it); not shown: ours. */
export const TEAM_MANAGER_LIMIT = 10;
/** Valid teams one account may own (806 beyond it); not shown: ours. */
export const TEAMS_OWNED_LIMIT = 100;
/** Accounts per add/remove/manager call; §5 "invitor lookup at most 200 accounts", the same bound for the others. */
export const MAX_TEAM_ACCOUNTS = 200;
/** Field lengths (not shown in the spec: ours, as the user fields). */
export const TEAM_FIELD_MAX_LENGTH = { name: 64, avatar: 1024, intro: 512, announcement: 5000, custom: 5000, ps: 5000, nickInTeam: 64 } as const;
/** muteTeam is bit 0 of a member's bits (§3 "a flag inside a bits value"). */
export const MUTE_TEAM_BIT = 1;

/** Who makes a change: the logged-in port (the notification message carries it as its sender). */
export interface TeamActor {
  account: string;
  nick: string;
  clientType: number;
  deviceId: string;
}

export interface ServerTeam {
  teamId: string;
  type: number;
  name: string;
  avatar: string;
  intro: string;
  announcement: string;
  custom: string;
  serverCustom: string;
  level: number;
  owner: string;
  valid: boolean;
  memberNum: number;
  memberUpdateTime: number;
  createTime: number;
  updateTime: number;
  muteType: number;
  joinMode: number;
  beInviteMode: number;
  inviteMode: number;
  updateTeamMode: number;
  updateCustomMode: number;
}

export interface ServerTeamMember {
  teamId: string;
  account: string;
  type: number;
  nickInTeam: string;
  bits: number;
  mute: boolean;
  muteNotiType: number;
  custom: string;
  invitor: string;
  joinTime: number;
  updateTime: number;
  valid: boolean;
}

/** A team as one account sees it: validToCurrentUser is that account's membership. */
export interface TeamView {
  team: ServerTeam;
  validToCurrentUser: boolean;
}

/** The columns teamFromRow reads: a team row, or a super team row with its fixed type (super-team-model.ts). */
export type TeamRowFields = Pick<
  Selectable<TeamTable>,
  | 'team_id' | 'type' | 'name' | 'avatar' | 'intro' | 'announcement' | 'custom' | 'server_custom' | 'level' | 'owner' | 'valid'
  | 'member_num' | 'member_seq' | 'created_at' | 'updated_at' | 'mute_type' | 'join_mode' | 'be_invite_mode' | 'invite_mode'
  | 'update_team_mode' | 'update_custom_mode'
>;

export function teamFromRow(row: TeamRowFields): ServerTeam {
  return {
    teamId: String(row.team_id),
    type: row.type,
    name: row.name,
    avatar: row.avatar,
    intro: row.intro,
    announcement: row.announcement,
    custom: row.custom,
    serverCustom: row.server_custom,
    level: row.level,
    owner: row.owner,
    valid: row.valid,
    memberNum: row.member_num,
    memberUpdateTime: Number(row.member_seq),
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
    muteType: row.mute_type,
    joinMode: row.join_mode,
    beInviteMode: row.be_invite_mode,
    inviteMode: row.invite_mode,
    updateTeamMode: row.update_team_mode,
    updateCustomMode: row.update_custom_mode,
  };
}

/** The columns memberFromRow reads: a team member row, or a super team member row. */
export type TeamMemberRowFields = Pick<
  Selectable<TeamMemberTable>,
  'team_id' | 'accid' | 'type' | 'nick_in_team' | 'bits' | 'mute' | 'mute_noti_type' | 'custom' | 'invitor' | 'join_time' | 'updated_at' | 'valid'
>;

export function memberFromRow(row: TeamMemberRowFields): ServerTeamMember {
  return {
    teamId: String(row.team_id),
    account: row.accid,
    type: row.type,
    nickInTeam: row.nick_in_team,
    bits: row.bits,
    mute: row.mute,
    muteNotiType: row.mute_noti_type,
    custom: row.custom,
    invitor: row.invitor,
    joinTime: Number(row.join_time),
    updateTime: Number(row.updated_at),
    valid: row.valid,
  };
}

/** Team ids are the decimal numbers the server issued; anything else names no team (414). */
export function parseTeamId(value: unknown): number {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,14}$/.test(value)) throw parameterError('teamId must be a team id');
  return Number(value);
}

export function parseAccount(value: unknown, field: string): string {
  if (typeof value !== 'string' || !ACCOUNT_PATTERN.test(value)) throw parameterError(`${field} must be an account id`);
  return value;
}

/** A non-empty list of distinct accounts, at most `max` (§5 limits), none of them `self` when given. */
export function parseAccounts(value: unknown, options: { max?: number; allowEmpty?: boolean; self?: string } = {}): string[] {
  const max = options.max ?? MAX_TEAM_ACCOUNTS;
  if (value === undefined && options.allowEmpty) return [];
  if (!Array.isArray(value)) throw parameterError('accounts must be a list of account ids');
  if (value.length === 0 && !options.allowEmpty) throw parameterError('accounts must not be empty');
  if (value.length > max) throw parameterError(`at most ${max} accounts`);
  const accounts = [...new Set(value.map((a) => parseAccount(a, 'accounts')))];
  if (options.self !== undefined && accounts.includes(options.self)) throw parameterError('accounts must not include yourself');
  return accounts;
}

export function parseText(value: unknown, field: keyof typeof TEAM_FIELD_MAX_LENGTH): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw parameterError(`${field} must be a string`);
  if (value.length > TEAM_FIELD_MAX_LENGTH[field]) throw new ImServerError(ResponseCode.PARAMETER_TOO_LONG, `${field} too long (at most ${TEAM_FIELD_MAX_LENGTH[field]})`);
  return value;
}

function parseCode(value: unknown, field: string, allowed: readonly number[]): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !allowed.includes(value)) throw parameterError(`${field} must be one of ${allowed.join(', ')}`);
  return value;
}

/** The fields of a TeamRecord a client may set (create, update); the server's own fields are not among them. */
export interface TeamSettings {
  name?: string;
  avatar?: string;
  intro?: string;
  announcement?: string;
  custom?: string;
  joinMode?: number;
  beInviteMode?: number;
  inviteMode?: number;
  updateTeamMode?: number;
  updateCustomMode?: number;
}

export const MODE_FIELDS = ['joinMode', 'beInviteMode', 'inviteMode', 'updateTeamMode', 'updateCustomMode'] as const;
export const INFO_FIELDS = ['name', 'avatar', 'intro', 'announcement'] as const;

type TeamInput = Record<string, unknown>;

export function parseTeamSettings(team: TeamInput): TeamSettings {
  const settings: TeamSettings = {
    name: parseText(team.name, 'name'),
    avatar: parseText(team.avatar, 'avatar'),
    intro: parseText(team.intro, 'intro'),
    announcement: parseText(team.announcement, 'announcement'),
    custom: parseText(team.custom, 'custom'),
    joinMode: parseCode(team.joinMode, 'joinMode', Object.values(JoinMode)),
    beInviteMode: parseCode(team.beInviteMode, 'beInviteMode', Object.values(BeInviteMode)),
    inviteMode: parseCode(team.inviteMode, 'inviteMode', Object.values(TeamMode)),
    updateTeamMode: parseCode(team.updateTeamMode, 'updateTeamMode', Object.values(TeamMode)),
    updateCustomMode: parseCode(team.updateCustomMode, 'updateCustomMode', Object.values(TeamMode)),
  };
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as TeamSettings;
}

/**
 * §5: creation requires type (normal or advanced) and a name. `level`, the member limit, may be set
 * lower than TEAM_MEMBER_LIMIT at creation (ours: the spec lists the field only); it defaults to it.
 */
export function parseCreateTeam(team: unknown): { type: number; level: number } & TeamSettings & { name: string } {
  if (typeof team !== 'object' || team === null) throw parameterError('team is required');
  const input = team as TeamInput;
  if (input.type === undefined) throw parameterError('type is required');
  const type = parseCode(input.type, 'type', Object.values(TeamType)) as number;
  const settings = parseTeamSettings(input);
  if (!settings.name || settings.name.trim() === '') throw parameterError('name is required');
  const level = input.level ?? TEAM_MEMBER_LIMIT;
  if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > TEAM_MEMBER_LIMIT) throw parameterError(`level must be 1 to ${TEAM_MEMBER_LIMIT}`);
  return { ...settings, type, level, name: settings.name };
}

/** §5: update requires teamId, must not carry type, and needs at least one field to change. */
export function parseUpdateTeam(team: unknown): { teamId: number; settings: TeamSettings } {
  if (typeof team !== 'object' || team === null) throw parameterError('team is required');
  const input = team as TeamInput;
  if (input.teamId === undefined) throw parameterError('teamId is required');
  const teamId = parseTeamId(input.teamId);
  if (input.type !== undefined) throw parameterError('type cannot be updated');
  const settings = parseTeamSettings(input);
  if (settings.name !== undefined && settings.name.trim() === '') throw parameterError('name must not be empty');
  if (Object.keys(settings).length === 0) throw parameterError('nothing to update');
  return { teamId, settings };
}

/** The settings columns of a new team or super team row: what create gave, else the defaults (verification needed, the three modes manager). */
export function newTeamSettingColumns(settings: TeamSettings) {
  return {
    avatar: settings.avatar ?? '',
    intro: settings.intro ?? '',
    announcement: settings.announcement ?? '',
    custom: settings.custom ?? '',
    join_mode: settings.joinMode ?? JoinMode.needVerify,
    be_invite_mode: settings.beInviteMode ?? BeInviteMode.needVerify,
    invite_mode: settings.inviteMode ?? TeamMode.manager,
    update_team_mode: settings.updateTeamMode ?? TeamMode.manager,
    update_custom_mode: settings.updateCustomMode ?? TeamMode.manager,
  };
}

/**
 * Who may update what, the same for teams and super teams (802 otherwise): the info fields by
 * updateTeamMode, custom by updateCustomMode, the modes by the owner and managers only. `noun`
 * names the kind of team in the refusal.
 */
export function checkTeamUpdate(team: Pick<ServerTeam, 'updateTeamMode' | 'updateCustomMode'>, settings: TeamSettings, manager: boolean, noun: 'team' | 'super team'): void {
  if (INFO_FIELDS.some((f) => settings[f] !== undefined) && team.updateTeamMode === TeamMode.manager && !manager) {
    throw teamError.noPermission(`only the owner and managers may update this ${noun}`);
  }
  if (settings.custom !== undefined && team.updateCustomMode === TeamMode.manager && !manager) {
    throw teamError.noPermission(`only the owner and managers may update the ${noun} custom field`);
  }
  if (MODE_FIELDS.some((f) => settings[f] !== undefined) && !manager) throw teamError.noPermission(`only the owner and managers may change the ${noun} modes`);
}

/** The columns an update of a team or super team row sets: only the settings it carries. */
export function teamSettingsPatch(settings: TeamSettings) {
  return {
    ...(settings.name !== undefined ? { name: settings.name } : {}),
    ...(settings.avatar !== undefined ? { avatar: settings.avatar } : {}),
    ...(settings.intro !== undefined ? { intro: settings.intro } : {}),
    ...(settings.announcement !== undefined ? { announcement: settings.announcement } : {}),
    ...(settings.custom !== undefined ? { custom: settings.custom } : {}),
    ...(settings.joinMode !== undefined ? { join_mode: settings.joinMode } : {}),
    ...(settings.beInviteMode !== undefined ? { be_invite_mode: settings.beInviteMode } : {}),
    ...(settings.inviteMode !== undefined ? { invite_mode: settings.inviteMode } : {}),
    ...(settings.updateTeamMode !== undefined ? { update_team_mode: settings.updateTeamMode } : {}),
    ...(settings.updateCustomMode !== undefined ? { update_custom_mode: settings.updateCustomMode } : {}),
  };
}

/** Accounts a batch add admitted within the member limit, and the rest (im-client-spec §8 813). */
export interface AdmittedAccounts {
  admitted: string[];
  /** Accounts past the limit, in the order given: the answer's abortedAccidList. */
  aborted: string[];
}

/**
 * The accounts that fit in `room` places, in the order given; the rest are aborted (813, a partial
 * add). When none fits the whole batch is refused with 801 and nothing changes.
 */
export function admitWithinLimit(accounts: readonly string[], room: number, level: number): AdmittedAccounts {
  if (accounts.length > 0 && room <= 0) throw teamError.memberLimit(level);
  return { admitted: accounts.slice(0, Math.max(room, 0)), aborted: accounts.slice(Math.max(room, 0)) };
}

/** The 813 answer's errMsg: how many accounts the limit left out. */
export const partialAddMessage = (aborted: readonly string[], level: number) =>
  `team member limit ${level} reached: ${aborted.length} account${aborted.length === 1 ? '' : 's'} not added`;

export const isManagerOrOwner = (member: Pick<ServerTeamMember, 'type'> | undefined) =>
  member !== undefined && (member.type === MemberType.owner || member.type === MemberType.manager);

export const teamError = {
  missing: (teamId: number | string) => new ImServerError(ResponseCode.TEAM_MISSING_OR_UNCHANGED, `team ${teamId} does not exist`),
  notMember: (account = 'you') => new ImServerError(ResponseCode.NOT_IN_TEAM, `${account === 'you' ? 'you are' : `${account} is`} not in this team`),
  noPermission: (what: string) => new ImServerError(ResponseCode.TEAM_NO_PERMISSION, `no permission: ${what}`),
  alreadyIn: (accounts: readonly string[]) => new ImServerError(ResponseCode.ALREADY_IN_TEAM, `already in the team: ${accounts.join(', ')}`),
  memberLimit: (limit: number) => new ImServerError(ResponseCode.TEAM_MEMBER_LIMIT, `team member limit ${limit} reached`),
  managerLimit: () => new ImServerError(ResponseCode.MANAGER_LIMIT, `at most ${TEAM_MANAGER_LIMIT} managers`),
  typeMismatch: (what: string) => new ImServerError(ResponseCode.TEAM_TYPE_MISMATCH, what),
  wrongState: (what: string) => new ImServerError(ResponseCode.WRONG_MEMBER_STATE, what),
  muted: (what: string) => new ImServerError(ResponseCode.TEAM_MUTED, what),
};
