import { ImError, ImErrorName, ResponseCode } from '../errors';
import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { CommandTable } from '../protocol/commands';
import type { ImTeam, ImTeamMember } from '../store/entities';
import type { Store } from '../store/store';
import { mergeTeamMembers, teamMembersTimetagKey } from '../model/team-state';
import { fromWireTeamMember } from '../model/team-wire';
import { runWithConcurrency } from './run-with-concurrency';

/** The one call the team member step makes (getTeamMembers 8/11, from a team's member timetag). */
export interface TeamMembersRequester {
  request(name: 'getTeamMembers', body: RequestBodyOf<CommandTable['getTeamMembers']>): Promise<ResponseBodyOf<CommandTable['getTeamMembers']>>;
}

/** Teams whose members are read at once after a sync (ours; a member list can be large). */
export const TEAM_MEMBERS_SYNC_CONCURRENCY = 5;

export interface TeamMembersSyncResult {
  /** Member rows stored, over every team read. */
  members: ImTeamMember[];
  /** Teams read (their member timetag was behind the team's memberUpdateTime, or unknown). */
  teamIds: string[];
  /** SYNC_TEAM_MEMBERS_ERROR when some teams could not be read (the others are stored). */
  error?: ImError;
}

/** A valid team whose members changed since its member timetag (or whose timetag is unknown). */
function needsMembers(team: ImTeam, timetag: number | undefined): boolean {
  if (!team.valid || !team.validToCurrentUser) return false;
  if (timetag === undefined) return true;
  return team.memberUpdateTime === undefined || team.memberUpdateTime > timetag;
}

/**
 * §5 Sync options syncTeamMembers (default false): after the sync, every team I am in whose
 * members changed since its own member timetag (§3 "per-team member timetags") is read from that
 * timetag and merged with it. §8: 406 on team members is cleared and treated as nothing to merge.
 * A team that fails does not stop the others; they are reported as SYNC_TEAM_MEMBERS_ERROR.
 */
export async function syncTeamMembers(store: Store, requester: TeamMembersRequester, concurrency = TEAM_MEMBERS_SYNC_CONCURRENCY): Promise<TeamMembersSyncResult> {
  const timetags = await store.getTimetags();
  const teams = (await store.getTeams()).filter((team) => needsMembers(team, timetags[teamMembersTimetagKey(team.teamId)]));
  const members: ImTeamMember[] = [];
  const failed: { teamId: string; error: unknown }[] = [];
  await runWithConcurrency(teams, concurrency, async (team) => {
    const from = timetags[teamMembersTimetagKey(team.teamId)] ?? 0;
    try {
      const answer = await requester.request('getTeamMembers', { teamId: team.teamId, timetag: from });
      const rows = (answer.members ?? []).map(fromWireTeamMember).filter((m): m is ImTeamMember => m?.teamId === team.teamId);
      await mergeTeamMembers(store, rows, typeof answer.timetag === 'number' ? { [team.teamId]: answer.timetag } : {});
      members.push(...rows);
    } catch (error) {
      if (error instanceof ImError && error.code === ResponseCode.NOT_MODIFIED) return;
      failed.push({ teamId: team.teamId, error });
    }
  });
  const error = failed.length
    ? new ImError(ImErrorName.SYNC_TEAM_MEMBERS_ERROR, `team members of ${failed.map((f) => f.teamId).join(', ')} could not be synced: ${String(failed[0].error)}`, { cause: failed[0].error })
    : undefined;
  return { members, teamIds: teams.map((t) => t.teamId), ...(error ? { error } : {}) };
}
