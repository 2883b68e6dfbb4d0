import type { ImTeamMember } from '../store/entities';
import type { Store } from '../store/store';
import { invalidateTeam, memberTimetagReset } from '../model/team-state';
import type { SyncBatch } from './sync-batch';
import type { SyncNotification } from './sync-notification';

/**
 * The team part of a sync page (docs/im-teams.md): the teams (syncTeams), my own member rows
 * (syncMyTeamMembers), and §4 "Leaving or dismissing marks the team and its members invalid" for
 * a team that arrives no longer valid to me (left, kicked or dismissed elsewhere or while away).
 */
export async function mergeSyncedTeams(store: Store, batch: SyncBatch): Promise<SyncNotification[]> {
  const notifications: SyncNotification[] = [];
  const members: ImTeamMember[] = [...batch.myTeamMembers];
  if (batch.teams.length) {
    await store.putTeams(batch.teams);
    notifications.push({ kind: 'teams', teams: batch.teams });
    for (const team of batch.teams) {
      if (team.valid && team.validToCurrentUser) continue;
      // The team row came from the server as it is; only the stored member rows are invalidated.
      const ended = invalidateTeam(team, await store.getTeamMembers(team.teamId), team.updateTime).members;
      members.push(...ended.filter((m) => !batch.myTeamMembers.some((mine) => mine.id === m.id)));
      // A rejoin reads every member again (model/team-state memberTimetagReset).
      await store.putTimetags(memberTimetagReset(team.teamId));
    }
  }
  if (members.length) {
    await store.putTeamMembers(members);
    notifications.push({ kind: 'teamMembers', members });
  }
  return notifications;
}
