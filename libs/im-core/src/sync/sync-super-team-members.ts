import { ImError, ImErrorName } from '../errors';
import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { CommandTable } from '../protocol/commands';
import type { ImTeam, ImTeamMember } from '../store/entities';
import type { Store } from '../store/store';
import { fromWireTeamMember } from '../model/team-wire';
import { SUPER_TEAM_MEMBER_PAGE_MAX } from '../validation/super-team-rules';
import { runWithConcurrency } from './run-with-concurrency';
import { TEAM_MEMBERS_SYNC_CONCURRENCY } from './sync-team-members';

/** The call the super team member step makes: getSuperTeamMembers (21/11), by join time. */
export interface SuperTeamMembersRequester {
  request(name: 'getSuperTeamMembers', body: RequestBodyOf<CommandTable['getSuperTeamMembers']>): Promise<ResponseBodyOf<CommandTable['getSuperTeamMembers']>>;
}

/**
 * Key-value row: super team id → the memberUpdateTime whose members were last read. The §3 timetag
 * table has per-team member timetags for teams only; a super team's members are paged by join time.
 */
export const SUPER_TEAM_MEMBERS_READ_KEY = 'superTeamMembersRead';

/** Pages one super team may take (10,000 members at 100 a page, with room). */
const MAX_PAGES_PER_TEAM = 200;

export interface SuperTeamMembersSyncResult {
  members: ImTeamMember[];
  teamIds: string[];
  /** SYNC_TEAM_MEMBERS_ERROR when some super teams could not be read (the others are reported). */
  error?: ImError;
}

function needsMembers(team: ImTeam, read: number | undefined): boolean {
  if (!team.valid || !team.validToCurrentUser) return false;
  return read === undefined || team.memberUpdateTime === undefined || team.memberUpdateTime > read;
}

async function readAllMembers(requester: SuperTeamMembersRequester, teamId: string): Promise<ImTeamMember[]> {
  const members: ImTeamMember[] = [];
  let joinTime = 0;
  for (let page = 0; page < MAX_PAGES_PER_TEAM; page++) {
    const answer = await requester.request('getSuperTeamMembers', { teamId, joinTime, limit: SUPER_TEAM_MEMBER_PAGE_MAX });
    const rows = (answer.members ?? []).map(fromWireTeamMember).filter((m): m is ImTeamMember => m?.teamId === teamId);
    members.push(...rows);
    const last = rows.at(-1)?.joinTime;
    if (rows.length < SUPER_TEAM_MEMBER_PAGE_MAX || last === undefined || last <= joinTime) break;
    joinTime = last;
  }
  return members;
}

/**
 * §5 Sync options syncSuperTeamMembers (default false): after the sync, the valid members of every
 * super team I am in whose memberUpdateTime passed the one last read are read page by page and
 * reported (syncData `superTeamMembers`). The local database of §3 has no super team member table,
 * so they are not stored; what is stored is the memberUpdateTime read, so an unchanged team is not
 * read again. Failures are reported as SYNC_TEAM_MEMBERS_ERROR and the sync still ends.
 */
export async function syncSuperTeamMembers(store: Store, requester: SuperTeamMembersRequester): Promise<SuperTeamMembersSyncResult> {
  const read = ((await store.getValue(SUPER_TEAM_MEMBERS_READ_KEY)) ?? {}) as Record<string, number>;
  const teams = (await store.getSuperTeams()).filter((team) => needsMembers(team, read[team.teamId]));
  const members: ImTeamMember[] = [];
  const failed: { teamId: string; error: unknown }[] = [];
  const next = { ...read };
  await runWithConcurrency(teams, TEAM_MEMBERS_SYNC_CONCURRENCY, async (team) => {
    try {
      members.push(...(await readAllMembers(requester, team.teamId)));
      next[team.teamId] = team.memberUpdateTime ?? 0;
    } catch (error) {
      failed.push({ teamId: team.teamId, error });
    }
  });
  if (teams.length > 0) await store.setValue(SUPER_TEAM_MEMBERS_READ_KEY, next);
  const error = failed.length
    ? new ImError(ImErrorName.SYNC_TEAM_MEMBERS_ERROR, `super team members of ${failed.map((f) => f.teamId).join(', ')} could not be synced: ${String(failed[0].error)}`, { cause: failed[0].error })
    : undefined;
  return { members, teamIds: teams.map((t) => t.teamId), ...(error ? { error } : {}) };
}
