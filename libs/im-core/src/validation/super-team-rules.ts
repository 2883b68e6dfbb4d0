import { ImError, ImErrorName } from '../errors';
import { teamAccountsProblem, teamIdProblem } from './team-rules';

// Super team rules of im-client-spec §5 "Teams": "Super team needs action and teamId; super-team
// member lookup by accounts non-empty and at most 20; super-team mute at most 10 accounts". The
// rules a super team shares with teams (update, member update, invitor lookup, account lists) are
// team-rules.ts's, used as they are; these are the super-team-only ones (docs/im-super-teams.md).

/** §5 "super-team member lookup by accounts non-empty and at most 20". */
export const MAX_SUPER_TEAM_MEMBER_LOOKUP = 20;
/** §5 "super-team mute at most 10 accounts". */
export const MAX_SUPER_TEAM_MUTE_ACCOUNTS = 10;
/** Members per page by join time (§5 page limits are 100). */
export const SUPER_TEAM_MEMBER_PAGE_MAX = 100;
/** A super team's members (issue 12: "a 10,000-member super team"); the server answers 801 past it. */
export const SUPER_TEAM_MEMBER_LIMIT = 10_000;
/** superTeamAction's actions (ours: the spec names the field only). */
export const SUPER_TEAM_ACTIONS = ['addMembers', 'removeMembers', 'addManagers', 'removeManagers', 'mute', 'unmute', 'leave', 'dismiss'] as const;
export type ImSuperTeamAction = (typeof SUPER_TEAM_ACTIONS)[number];

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** §5 "Super team needs action and teamId" (superTeamAction), and a known action. */
export function superTeamActionProblem(input: unknown): string | undefined {
  if (!isObject(input) || !isNonEmptyString(input.action)) return 'action is required';
  if (!isNonEmptyString(input.teamId)) return 'teamId is required';
  if (!(SUPER_TEAM_ACTIONS as readonly string[]).includes(input.action)) return `action must be one of ${SUPER_TEAM_ACTIONS.join(', ')}`;
  return undefined;
}

/** §5 "super-team member lookup by accounts non-empty and at most 20". */
export function superTeamMemberLookupProblem(input: unknown): string | undefined {
  if (!isObject(input)) return 'teamId is required';
  return teamIdProblem(input.teamId) ?? teamAccountsProblem(input.accounts, MAX_SUPER_TEAM_MEMBER_LOOKUP);
}

/** §5 "super-team mute at most 10 accounts", and mute a boolean. */
export function superTeamMuteProblem(input: unknown): string | undefined {
  if (!isObject(input)) return 'teamId is required';
  const problem = teamIdProblem(input.teamId) ?? teamAccountsProblem(input.accounts, MAX_SUPER_TEAM_MUTE_ACCOUNTS);
  if (problem) return problem;
  return typeof input.mute === 'boolean' ? undefined : 'mute must be a boolean';
}

/** Members by join time: a join time (ms, 0 = from the start) and a page of 1 to 100. */
export function superTeamMembersPageProblem(input: unknown): string | undefined {
  if (!isObject(input)) return 'teamId is required';
  const problem = teamIdProblem(input.teamId);
  if (problem) return problem;
  const { joinTime, limit, reverse } = input;
  if (joinTime !== undefined && (typeof joinTime !== 'number' || !Number.isSafeInteger(joinTime) || joinTime < 0)) return 'joinTime must be a time in ms';
  if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > SUPER_TEAM_MEMBER_PAGE_MAX)) {
    return `limit must be 1 to ${SUPER_TEAM_MEMBER_PAGE_MAX}`;
  }
  if (reverse !== undefined && typeof reverse !== 'boolean') return 'reverse must be a boolean';
  return undefined;
}

function check(problem: string | undefined): void {
  if (problem) throw new ImError(ImErrorName.Param_Error, problem, { code: 414 });
}

export function validateSuperTeamAction(input: { action: ImSuperTeamAction; teamId: string; accounts?: string[]; ps?: string }): void {
  check(superTeamActionProblem(input));
}

export function validateSuperTeamMemberLookup(input: { teamId: string; accounts: string[] }): { teamId: string; accounts: string[] } {
  check(superTeamMemberLookupProblem(input));
  return { teamId: input.teamId, accounts: [...new Set(input.accounts)] };
}

export function validateSuperTeamMute(input: { teamId: string; accounts: string[]; mute: boolean }): { teamId: string; accounts: string[]; mute: boolean } {
  check(superTeamMuteProblem(input));
  return { teamId: input.teamId, accounts: [...new Set(input.accounts)], mute: input.mute };
}

export function validateSuperTeamMembersPage(input: { teamId: string; joinTime?: number; limit?: number; reverse?: boolean }): void {
  check(superTeamMembersPageProblem(input));
}
