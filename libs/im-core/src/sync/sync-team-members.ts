import { ImError, ImErrorName } from '../errors';
import type { RequestBodyOf, ResponseBodyOf } from '../protocol/command-definition';
import type { CommandTable } from '../protocol/commands';
import type { ImTeam, ImTeamMember } from '../store/entities';
import type { Store } from '../store/store';
import { mergeTeamMembers, teamMembersTimetagKey } from '../model/team-state';
import { fromWireTeamMember } from '../model/team-wire';
import { runWithConcurrency } from './run-with-concurrency';

type Request<N extends 'getTeamMembers' | 'syncTeamMembers'> = (name: N, body: RequestBodyOf<CommandTable[N]>) => Promise<ResponseBodyOf<CommandTable[N]>>;

/** The calls the team member step makes: syncTeamMembers (5/3) for all teams at once, getTeamMembers (8/11) per team as the fallback. */
export interface TeamMembersRequester {
  request: Request<'getTeamMembers'> & Request<'syncTeamMembers'>;
}

/** Teams whose members are read at once by the per-team fallback (ours; a member list can be large). */
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
 * timetag and merged with it. One syncTeamMembers request carries every such team and its
 * timetag; its answer has one timetag (the largest head), so with several teams each takes the
 * memberUpdateTime the sync just stored (at most that head: rows after it are read again next
 * time, never skipped). When the batch fails, each team is read alone with getTeamMembers, so one
 * team I can no longer read does not hold back the others. §8: 406 on team members is cleared and
 * treated as nothing to merge: it is a no-error code, so it arrives as an answer without rows. Failures
 * are reported as SYNC_TEAM_MEMBERS_ERROR.
 */
export async function syncTeamMembers(store: Store, requester: TeamMembersRequester, concurrency = TEAM_MEMBERS_SYNC_CONCURRENCY): Promise<TeamMembersSyncResult> {
  const timetags = await store.getTimetags();
  const teams = (await store.getTeams()).filter((team) => needsMembers(team, timetags[teamMembersTimetagKey(team.teamId)]));
  const from = (team: ImTeam) => timetags[teamMembersTimetagKey(team.teamId)] ?? 0;
  const members: ImTeamMember[] = [];
  const result = (failed: { teamId: string; error: unknown }[] = []): TeamMembersSyncResult => {
    const error = failed.length
      ? new ImError(ImErrorName.SYNC_TEAM_MEMBERS_ERROR, `team members of ${failed.map((f) => f.teamId).join(', ')} could not be synced: ${String(failed[0].error)}`, { cause: failed[0].error })
      : undefined;
    return { members, teamIds: teams.map((t) => t.teamId), ...(error ? { error } : {}) };
  };
  if (teams.length === 0) return result();

  try {
    const answer = await requester.request('syncTeamMembers', {
      teamIds: teams.map((t) => t.teamId),
      timetags: { teamMembers: teams.map((t) => ({ teamId: t.teamId, timetag: from(t) })) },
    });
    const rows = (answer.members ?? []).map(fromWireTeamMember).filter((m): m is ImTeamMember => m !== undefined);
    for (const team of teams) {
      const own = rows.filter((m) => m.teamId === team.teamId);
      const head = typeof answer.timetag === 'number' ? answer.timetag : undefined;
      const next = head === undefined ? undefined : teams.length === 1 ? head : team.memberUpdateTime === undefined ? undefined : Math.min(team.memberUpdateTime, head);
      await mergeTeamMembers(store, own, next === undefined ? {} : { [team.teamId]: next });
      members.push(...own);
    }
    return result();
  } catch {
    // The batch failed: each team is read alone below.
  }

  const failed: { teamId: string; error: unknown }[] = [];
  await runWithConcurrency(teams, concurrency, async (team) => {
    try {
      const answer = await requester.request('getTeamMembers', { teamId: team.teamId, timetag: from(team) });
      const rows = (answer.members ?? []).map(fromWireTeamMember).filter((m): m is ImTeamMember => m?.teamId === team.teamId);
      await mergeTeamMembers(store, rows, typeof answer.timetag === 'number' ? { [team.teamId]: answer.timetag } : {});
      members.push(...rows);
    } catch (error) {
      failed.push({ teamId: team.teamId, error });
    }
  });
  return result(failed);
}
