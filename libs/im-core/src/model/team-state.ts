import { ImError, ImErrorName } from '../errors';
import type { ImTeam, ImTeamMember, ImTeamMemberType, ImTeamMuteType, SyncTimetags } from '../store/entities';
import { teamMemberIdOf } from '../store/entities';
import type { Store, StoreWrite } from '../store/store';

// The §4 Team rules on local state, shared by the teams service (after a call succeeds) and sync
// (what the server sends). Pure functions over rows: they return new rows, never change one.

/** The timetag row of one team's members (§3 "per-team member timetags"). */
export function teamMembersTimetagKey(teamId: string): `teamMembers-${string}` {
  return `teamMembers-${teamId}`;
}

/** §4 "Creating a team makes the creator owner". */
export function ownerMember(teamId: string, account: string, time: number): ImTeamMember {
  return { id: teamMemberIdOf(teamId, account), teamId, account, type: 'owner', joinTime: time, updateTime: time, valid: true };
}

/**
 * §4 add-managers (normal → manager) and remove-managers (manager → normal). Only members of the
 * `from` type change: an owner never becomes a manager, a normal member is not "removed" as manager.
 */
export function changeMemberTypes(members: readonly ImTeamMember[], accounts: readonly string[], from: ImTeamMemberType, to: ImTeamMemberType, time: number): ImTeamMember[] {
  const wanted = new Set(accounts);
  return members.filter((m) => m.valid && wanted.has(m.account) && m.type === from).map((m) => ({ ...m, type: to, updateTime: time }));
}

/**
 * §4 "Transfer makes the old owner normal and the new owner owner"; with `leave` the old owner
 * leaves the team at once (its row invalid, the team no longer valid to it).
 */
export function transferOwnership(
  team: ImTeam,
  members: readonly ImTeamMember[],
  newOwner: string,
  leave: boolean,
  time: number,
): { team: ImTeam; members: ImTeamMember[] } {
  const changed: ImTeamMember[] = [];
  for (const member of members) {
    if (!member.valid) continue;
    if (member.account === team.owner) changed.push({ ...member, type: 'normal', updateTime: time, ...(leave ? { valid: false } : {}) });
    else if (member.account === newOwner) changed.push({ ...member, type: 'owner', updateTime: time });
  }
  const updated: ImTeam = { ...team, owner: newOwner, updateTime: time };
  return { team: leave ? { ...updated, validToCurrentUser: false, memberNum: Math.max(0, team.memberNum - 1) } : updated, members: changed };
}

/**
 * §4 "Leaving or dismissing marks the team and its members invalid": every member row invalid;
 * the team invalid to me, and after a dismissal invalid for everyone (valid false). A team I left
 * still exists for its other members (valid stays as it was).
 */
export function invalidateTeam(team: ImTeam, members: readonly ImTeamMember[], time: number, how: 'left' | 'dismissed' = 'left'): { team: ImTeam; members: ImTeamMember[] } {
  return {
    team: { ...team, ...(how === 'dismissed' ? { valid: false } : {}), validToCurrentUser: false, updateTime: Math.max(team.updateTime, time) },
    members: members.filter((m) => m.valid).map((m) => ({ ...m, valid: false, updateTime: time })),
  };
}

/**
 * Back to reading a team's members from the start: once the team is no longer mine, its member
 * rows are all invalid here, while the server only sends rows changed after the stored timetag. A
 * rejoin must read every member again, so the timetag goes back to 0 whenever the team ends for me.
 */
export function memberTimetagReset(teamId: string): SyncTimetags {
  return { [teamMembersTimetagKey(teamId)]: 0 };
}

/** Members removed (kicked): their rows become invalid and the count drops. */
export function removeMembers(team: ImTeam | undefined, members: readonly ImTeamMember[], accounts: readonly string[], time: number): { team?: ImTeam; members: ImTeamMember[] } {
  const wanted = new Set(accounts);
  const removed = members.filter((m) => m.valid && wanted.has(m.account)).map((m) => ({ ...m, valid: false, updateTime: time }));
  return { team: team && { ...team, memberNum: Math.max(0, team.memberNum - removed.length), memberUpdateTime: time }, members: removed };
}

/** §4 "Mute toggles a per-member flag". */
export function setMemberMute(members: readonly ImTeamMember[], account: string, mute: boolean, time: number): ImTeamMember[] {
  return members.filter((m) => m.valid && m.account === account).map((m) => ({ ...m, mute, updateTime: time }));
}

/** Muting the whole team (muteType none, normal, all): mute is on unless none. */
export function setTeamMuteType(team: ImTeam, muteType: ImTeamMuteType, time: number): ImTeam {
  return { ...team, muteType, mute: muteType !== 'none', updateTime: time };
}

/** §4 "Deleting a team still valid for the current user fails (Still_In_Team)". */
export function assertTeamDeletable(team: ImTeam | undefined): void {
  if (team && team.valid && team.validToCurrentUser) {
    throw new ImError(ImErrorName.Still_In_Team, `still in team ${team.teamId}: leave it (or have it dismissed) before deleting it`);
  }
}

/**
 * Stores a team's members as the server sent them (getTeamMembers, syncTeamMembers,
 * teamMembersUpdated) with the team's member timetag; a timetag that does not move forward is
 * kept. Returns the stored members that changed.
 */
export async function mergeTeamMembers(store: Store, members: readonly ImTeamMember[], timetags: Readonly<Record<string, number>> = {}): Promise<ImTeamMember[]> {
  const stored = await store.getTimetags();
  const moved: SyncTimetags = {};
  for (const [teamId, timetag] of Object.entries(timetags)) {
    const key = teamMembersTimetagKey(teamId);
    if (timetag > (stored[key] ?? 0)) moved[key] = timetag;
  }
  // The rows and their cursor together (one IndexedDB transaction): a crash keeps both or neither.
  const writes: StoreWrite[] = [];
  if (members.length > 0) writes.push({ kind: 'teamMembers', members });
  if (Object.keys(moved).length > 0) writes.push({ kind: 'timetags', timetags: moved });
  if (writes.length > 0) await store.writeBatch(writes);
  return [...members];
}

/** Valid members first by type (owner, managers, others), then by join time. */
export function sortMembers(members: readonly ImTeamMember[]): ImTeamMember[] {
  const rank: Record<ImTeamMemberType, number> = { owner: 0, manager: 1, normal: 2 };
  return [...members].sort((a, b) => rank[a.type] - rank[b.type] || a.joinTime - b.joinTime || (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
}
