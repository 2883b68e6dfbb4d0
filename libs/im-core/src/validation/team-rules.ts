import { ImError, ImErrorName } from '../errors';
import type {
  ImTeamBeInviteMode,
  ImTeamJoinMode,
  ImTeamMuteType,
  ImTeamPermissionMode,
  ImTeamType,
} from '../store/entities';

// Team rules of im-client-spec §5 "Teams" (normal and advanced teams). Written once, like
// user-rules.ts: the `...Problem` functions return why an input is refused (or undefined), the
// `validate...` wrappers throw ImError(Param_Error, 414) with that text and return the checked value.
// The spec paraphrases the original texts; these are ours, one per rule (docs/im-teams.md).

export const TEAM_TYPES: readonly ImTeamType[] = ['normal', 'advanced'];
/** §3 muteType none, normal, all (codes 0, 1, 3). */
export const TEAM_MUTE_TYPES: readonly ImTeamMuteType[] = ['none', 'normal', 'all'];
/** §5 joinMode noVerify, needVerify, rejectAll (codes 0–2). */
export const TEAM_JOIN_MODES: readonly ImTeamJoinMode[] = ['noVerify', 'needVerify', 'rejectAll'];
/** §5 beInviteMode needVerify or noVerify. */
export const TEAM_BE_INVITE_MODES: readonly ImTeamBeInviteMode[] = ['needVerify', 'noVerify'];
/** §5 invite, update-team and update-custom modes: manager or all. */
export const TEAM_PERMISSION_MODES: readonly ImTeamPermissionMode[] = ['manager', 'all'];
/** Member notification setting (ours; the spec names the field): 0 all, 1 none, 2 managers' messages only. */
export const TEAM_MUTE_NOTI_TYPES: readonly number[] = [0, 1, 2];

/** §5 Defaults: beInviteMode needVerify; invite, update-team and update-custom modes manager. */
export const TEAM_DEFAULTS = {
  beInviteMode: 'needVerify',
  inviteMode: 'manager',
  updateTeamMode: 'manager',
  updateCustomMode: 'manager',
} as const satisfies Partial<TeamSettings>;

/** §5 "Invitor lookup at most 200 accounts". */
export const MAX_INVITOR_LOOKUP = 200;

/** Field bounds (ours; the spec names the fields, not their lengths). */
export const TEAM_FIELD_MAX_LENGTH = { name: 64, avatar: 1024, intro: 512, announcement: 5000, custom: 5000, nickInTeam: 64 } as const;

/** §5 Sync options: "Enabling syncTeamMembers while teams exist throws". */
export const SYNC_TEAM_MEMBERS_DEPRECATED = 'sync team members api deprecated!';

/** The settable fields of a team (create and update). */
export interface TeamSettings {
  name?: string;
  avatar?: string;
  intro?: string;
  announcement?: string;
  custom?: string;
  joinMode?: ImTeamJoinMode;
  beInviteMode?: ImTeamBeInviteMode;
  inviteMode?: ImTeamPermissionMode;
  updateTeamMode?: ImTeamPermissionMode;
  updateCustomMode?: ImTeamPermissionMode;
}

export interface CreateTeamInput extends TeamSettings {
  type: ImTeamType;
  name: string;
  /** Accounts invited (or added, per beInviteMode) at creation. */
  accounts?: string[];
  ps?: string;
}

export interface UpdateTeamInput extends TeamSettings {
  teamId: string;
}

export interface TeamMemberUpdateInput {
  teamId: string;
  nickInTeam?: string;
  muteTeam?: boolean;
  muteNotiType?: number;
  custom?: string;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const oneOf = (values: readonly unknown[], value: unknown) => values.includes(value);

const TEXT_FIELDS = ['name', 'avatar', 'intro', 'announcement', 'custom'] as const;
const MODE_RULES: readonly [keyof TeamSettings, readonly string[], string][] = [
  ['joinMode', TEAM_JOIN_MODES, 'joinMode must be one of noVerify, needVerify, rejectAll'],
  ['beInviteMode', TEAM_BE_INVITE_MODES, 'beInviteMode must be needVerify or noVerify'],
  ['inviteMode', TEAM_PERMISSION_MODES, 'inviteMode must be manager or all'],
  ['updateTeamMode', TEAM_PERMISSION_MODES, 'updateTeamMode must be manager or all'],
  ['updateCustomMode', TEAM_PERMISSION_MODES, 'updateCustomMode must be manager or all'],
];

/** Why the optional settings of a create or update are refused (§5 modes, our field bounds). */
function settingsProblem(input: Fields): string | undefined {
  for (const field of TEXT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') return `${field} must be a string`;
    if (value.length > TEAM_FIELD_MAX_LENGTH[field]) return `${field} must be at most ${TEAM_FIELD_MAX_LENGTH[field]} characters`;
  }
  for (const [field, values, message] of MODE_RULES) {
    if (input[field] !== undefined && !oneOf(values, input[field])) return message;
  }
  return undefined;
}

/** Why a list of accounts is refused: non-empty, every entry a non-empty string, at most `max`. */
export function teamAccountsProblem(accounts: unknown, max?: number): string | undefined {
  if (!Array.isArray(accounts) || accounts.length === 0) return 'accounts must be a non-empty array';
  if (!accounts.every(isNonEmptyString)) return 'accounts must contain only non-empty account strings';
  if (max !== undefined && new Set(accounts).size > max) return `accounts must hold at most ${max} accounts`;
  return undefined;
}

/** §5 "Creation requires type and name; type normal or advanced", plus the modes. */
export function createTeamProblem(input: unknown): string | undefined {
  if (!isObject(input)) return 'team is required';
  if (input.type === undefined || input.type === null || input.type === '') return 'type is required';
  if (!oneOf(TEAM_TYPES, input.type)) return 'type must be normal or advanced';
  if (!isNonEmptyString(input.name)) return 'name is required';
  // Creating a team alone is fine: an empty list invites nobody.
  if (input.accounts !== undefined && !(Array.isArray(input.accounts) && input.accounts.length === 0)) {
    const problem = teamAccountsProblem(input.accounts);
    if (problem) return problem;
  }
  return settingsProblem(input);
}

/** §5 "Update requires teamId and must not carry type", plus the modes; at least one field changes. */
export function updateTeamProblem(input: unknown): string | undefined {
  if (!isObject(input)) return 'team is required';
  if (!isNonEmptyString(input.teamId)) return 'teamId is required';
  if (input.type !== undefined) return 'type cannot be updated';
  if (input.name !== undefined && !isNonEmptyString(input.name)) return 'name must not be empty';
  const known = new Set<string>(['teamId', ...TEXT_FIELDS, ...MODE_RULES.map(([field]) => field)]);
  const unknown = Object.keys(input).find((key) => input[key] !== undefined && !known.has(key));
  if (unknown) return `unknown team field ${unknown}`;
  if (!Object.keys(input).some((key) => key !== 'teamId' && input[key] !== undefined)) return 'team update needs at least one field';
  return settingsProblem(input);
}

/** §5 "Member update needs teamId and at least one of nickInTeam, muteTeam, muteNotiType or custom". */
export function teamMemberUpdateProblem(input: unknown): string | undefined {
  if (!isObject(input)) return 'member is required';
  if (!isNonEmptyString(input.teamId)) return 'teamId is required';
  const { nickInTeam, muteTeam, muteNotiType, custom } = input;
  if (nickInTeam === undefined && muteTeam === undefined && muteNotiType === undefined && custom === undefined) {
    return 'member update needs at least one of nickInTeam, muteTeam, muteNotiType, custom';
  }
  if (nickInTeam !== undefined && (typeof nickInTeam !== 'string' || nickInTeam.length > TEAM_FIELD_MAX_LENGTH.nickInTeam)) {
    return `nickInTeam must be a string of at most ${TEAM_FIELD_MAX_LENGTH.nickInTeam} characters`;
  }
  if (muteTeam !== undefined && typeof muteTeam !== 'boolean') return 'muteTeam must be a boolean';
  if (muteNotiType !== undefined && !oneOf(TEAM_MUTE_NOTI_TYPES, muteNotiType)) return 'muteNotiType must be 0, 1 or 2';
  if (custom !== undefined && (typeof custom !== 'string' || custom.length > TEAM_FIELD_MAX_LENGTH.custom)) {
    return `custom must be a string of at most ${TEAM_FIELD_MAX_LENGTH.custom} characters`;
  }
  return undefined;
}

/** §3 muteType none, normal, all. */
export function teamMuteTypeProblem(muteType: unknown): string | undefined {
  return oneOf(TEAM_MUTE_TYPES, muteType) ? undefined : 'muteType must be one of none, normal, all';
}

/** Every team call names its team. */
export function teamIdProblem(teamId: unknown): string | undefined {
  return isNonEmptyString(teamId) ? undefined : 'teamId is required';
}

/** §5 "Invitor lookup at most 200 accounts". */
export function invitorLookupProblem(input: unknown): string | undefined {
  if (!isObject(input)) return 'teamId is required';
  return teamIdProblem(input.teamId) ?? teamAccountsProblem(input.accounts, MAX_INVITOR_LOOKUP);
}

/** §5 Sync options: syncTeamMembers may not be turned on once teams are stored. */
export function syncTeamMembersProblem(enable: boolean, storedTeams: number): string | undefined {
  return enable && storedTeams > 0 ? SYNC_TEAM_MEMBERS_DEPRECATED : undefined;
}

function check(problem: string | undefined): void {
  if (problem) throw new ImError(ImErrorName.Param_Error, problem, { code: 414 });
}

/** Checked create input with the §5 defaults filled in. */
export function validateCreateTeam(input: CreateTeamInput): CreateTeamInput & typeof TEAM_DEFAULTS {
  check(createTeamProblem(input));
  return { ...TEAM_DEFAULTS, ...definedOnly(input as unknown as Fields) } as CreateTeamInput & typeof TEAM_DEFAULTS;
}

export function validateUpdateTeam(input: UpdateTeamInput): UpdateTeamInput {
  check(updateTeamProblem(input));
  return definedOnly(input as unknown as Fields) as unknown as UpdateTeamInput;
}

export function validateTeamMemberUpdate(input: TeamMemberUpdateInput): TeamMemberUpdateInput {
  check(teamMemberUpdateProblem(input));
  return definedOnly(input as unknown as Fields) as unknown as TeamMemberUpdateInput;
}

export function validateTeamId(teamId: string): string {
  check(teamIdProblem(teamId));
  return teamId;
}

/** A team id and a non-empty account list (add, remove, managers), deduplicated. */
export function validateTeamAccounts(input: { teamId: string; accounts: string[] }): { teamId: string; accounts: string[] } {
  check(teamIdProblem(input?.teamId) ?? teamAccountsProblem(input?.accounts));
  return { teamId: input.teamId, accounts: [...new Set(input.accounts)] };
}

export function validateInvitorLookup(input: { teamId: string; accounts: string[] }): { teamId: string; accounts: string[] } {
  check(invitorLookupProblem(input));
  return { teamId: input.teamId, accounts: [...new Set(input.accounts)] };
}

export function validateTeamMuteType(muteType: ImTeamMuteType): ImTeamMuteType {
  check(teamMuteTypeProblem(muteType));
  return muteType;
}

/** A team id and one other account (transfer, nick, mute a member, answer an application or invitation). */
export function validateTeamAccount(input: { teamId: string; account: string }, name = 'account'): void {
  check(teamIdProblem(input?.teamId) ?? (isNonEmptyString(input?.account) ? undefined : `${name} is required`));
}

export function validateSyncTeamMembers(enable: boolean, storedTeams: number): void {
  check(syncTeamMembersProblem(enable, storedTeams));
}

function definedOnly(input: Fields): Fields {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/** §5 Other limits "receipts max 50" (team read receipts: counts and details). */
export const MAX_TEAM_RECEIPTS = 50;

/** A team read receipt names one stored team message by team and server id. */
export interface TeamReceiptTarget {
  scene: string;
  to: string;
  idServer?: string;
  idClient: string;
}

/** Team read receipts take 1 to 50 team messages the server knows (idServer). */
export function teamReceiptsProblem(messages: unknown): string | undefined {
  if (!Array.isArray(messages) || messages.length === 0 || messages.length > MAX_TEAM_RECEIPTS) return `receipts must name 1 to ${MAX_TEAM_RECEIPTS} team messages`;
  for (const message of messages as Partial<TeamReceiptTarget>[]) {
    if (message?.scene !== 'team' || !isNonEmptyString(message.to) || !isNonEmptyString(message.idServer)) return 'a receipt needs a team message the server has answered (scene team, idServer)';
  }
  return undefined;
}

export function validateTeamReceipts<T extends TeamReceiptTarget>(messages: readonly T[]): T[] {
  check(teamReceiptsProblem(messages));
  return [...messages];
}
