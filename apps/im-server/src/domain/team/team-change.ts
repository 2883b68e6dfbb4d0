import type { Kysely, Selectable, Updateable } from 'kysely';
import type { ImDatabase, TeamTable } from '../../db/schema';
import type { StoredMessage } from '../msg/message';
import type { ServerSysMsg } from '../system-msg/sys-msg-service';
import { teamEventNotification, type TeamEventNotice } from './group-message';
import { allocateSeqsBulk, drainTeamFanouts, markMembersChanged, storeTeamMessage } from './team-fanout';
import { memberFromRow, teamError, teamFromRow, type ServerTeam, type ServerTeamMember, type TeamActor } from './team-model';

// TeamActor lives in the model (group-message.ts needs it and team-change imports group-message).
export type { TeamActor };

/** A team under change: its row (locked), every member row ever, and the caller's valid membership. */
export interface TeamState {
  team: ServerTeam;
  members: Map<string, ServerTeamMember>;
  /** The caller's member row when the caller is a valid member. */
  me: ServerTeamMember | undefined;
  validMembers(): ServerTeamMember[];
  isValidMember(account: string): boolean;
}

/** A member row's new state; unset fields keep their value (or take the default on a new row). */
export interface MemberWrite {
  account: string;
  type?: number;
  valid: boolean;
  nickInTeam?: string;
  bits?: number;
  mute?: boolean;
  muteNotiType?: number;
  custom?: string;
  invitor?: string;
  /** A row that becomes valid again starts a new membership (join time now, settings reset). */
  rejoin?: boolean;
}

/** What an operation changes; computed from the locked state, applied in the same transaction. */
export interface TeamPlan {
  teamPatch?: Updateable<TeamTable>;
  members?: MemberWrite[];
  /** The team event notification (a type-5 team message) and what its attach carries besides type and team. */
  notify?: TeamEventNotice;
  /** 'team' (default): every valid member after the change and every changed account hears of it; 'changed': the changed accounts only. */
  audience?: 'team' | 'changed';
  /** Nothing of the team changes (an invitation, a rejected application): only system messages were written. */
  unchanged?: boolean;
  /** System messages the operation wrote or answered, for the gateway to push to their receivers. */
  sysMsgs?: ServerSysMsg[];
}

/** The outcome, for the gateway to answer and push. */
export interface TeamChange {
  team: ServerTeam;
  /** Member rows this change wrote, as they are now. */
  members: ServerTeamMember[];
  /** The accounts that were told: their sync numbers moved, their ports get the pushes. */
  audience: string[];
  notification?: StoredMessage;
  /** The team's member sequence head after the change: getTeamMembers' timetag. */
  memberTimetag: number;
  sysMsgs: ServerSysMsg[];
}

/** The caller's valid membership, else 804. */
export function requireMember(state: TeamState): ServerTeamMember {
  if (!state.me) throw teamError.notMember();
  return state.me;
}

/** Member rows per upsert statement (15 parameters each). */
const MEMBER_WRITE_CHUNK = 1000;

/** A write starts a new membership when the account has no row, or when it rejoins with an invalid one. */
export function isFreshMembership(write: MemberWrite, before: ServerTeamMember | undefined): boolean {
  return !before || (write.rejoin === true && !before.valid);
}

/**
 * A member row's columns after a write, the same for team and super team members: unset fields
 * keep the row's value, or take the default in a new membership (join time now, settings reset).
 */
export function memberWriteColumns(write: MemberWrite, before: ServerTeamMember | undefined, now: number, memberSeq: number) {
  const kept = isFreshMembership(write, before) ? undefined : before;
  return {
    accid: write.account,
    type: write.type ?? (kept ? kept.type : 0),
    valid: write.valid,
    nick_in_team: write.nickInTeam ?? (kept ? kept.nickInTeam : ''),
    bits: write.bits ?? (kept ? kept.bits : 0),
    mute: write.mute ?? (kept ? kept.mute : false),
    mute_noti_type: write.muteNotiType ?? (kept ? kept.muteNotiType : 0),
    custom: write.custom ?? (kept ? kept.custom : ''),
    invitor: write.invitor ?? (kept ? kept.invitor : ''),
    join_time: kept ? kept.joinTime : now,
    updated_at: now,
    member_seq: memberSeq,
  };
}

/** Locks the team row (for update: changes wait for each other and for messages being sent) and reads its members. */
export async function loadTeamState(trx: Kysely<ImDatabase>, teamId: number, caller: string): Promise<{ row: Selectable<TeamTable>; state: TeamState }> {
  const row = await trx.selectFrom('im_team').selectAll().where('team_id', '=', teamId).forUpdate().executeTakeFirst();
  if (!row || !row.valid) throw teamError.missing(teamId);
  // Messages sent before this change reach their members' streams before the change does.
  await drainTeamFanouts(trx, teamId);
  const rows = await trx.selectFrom('im_team_member').selectAll().where('team_id', '=', teamId).execute();
  const members = new Map(rows.map((r) => [r.accid, memberFromRow(r)]));
  return { row, state: stateOf(teamFromRow(row), members, caller) };
}

function stateOf(team: ServerTeam, members: Map<string, ServerTeamMember>, caller: string): TeamState {
  const mine = members.get(caller);
  return {
    team,
    members,
    me: mine?.valid ? mine : undefined,
    validMembers: () => [...members.values()].filter((m) => m.valid),
    isValidMember: (account) => members.get(account)?.valid === true,
  };
}

/**
 * Applies a plan inside the transaction that locked the team row: member rows take the team's
 * next member number, the team row its new member count, every told account its next sync number
 * (on its member row, so syncTeams carries the team), and the notification goes into their streams.
 */
export async function applyTeamPlan(
  trx: Kysely<ImDatabase>,
  row: Selectable<TeamTable>,
  state: TeamState,
  actor: TeamActor,
  plan: TeamPlan,
  now: number,
): Promise<TeamChange> {
  const teamId = Number(row.team_id);
  const sysMsgs = plan.sysMsgs ?? [];
  if (plan.unchanged) return { team: state.team, members: [], audience: [], memberTimetag: Number(row.member_seq), sysMsgs };
  const writes = plan.members ?? [];
  const memberSeq = Number(row.member_seq) + (writes.length > 0 ? 1 : 0);
  const rows = writes.map((write) => ({
    team_id: teamId,
    ...memberWriteColumns(write, state.members.get(write.account), now, memberSeq),
    // Set below for every told account (markMembersChanged).
    acc_seq: 0,
  }));
  const written: ServerTeamMember[] = [];
  // Multi-row upserts, in chunks that stay far below PostgreSQL's 65,535 parameters.
  for (let i = 0; i < rows.length; i += MEMBER_WRITE_CHUNK) {
    const saved = await trx
      .insertInto('im_team_member')
      .values(rows.slice(i, i + MEMBER_WRITE_CHUNK))
      .onConflict((oc) =>
        oc.columns(['team_id', 'accid']).doUpdateSet((eb) => ({
          type: eb.ref('excluded.type'),
          valid: eb.ref('excluded.valid'),
          nick_in_team: eb.ref('excluded.nick_in_team'),
          bits: eb.ref('excluded.bits'),
          mute: eb.ref('excluded.mute'),
          mute_noti_type: eb.ref('excluded.mute_noti_type'),
          custom: eb.ref('excluded.custom'),
          invitor: eb.ref('excluded.invitor'),
          join_time: eb.ref('excluded.join_time'),
          updated_at: eb.ref('excluded.updated_at'),
          member_seq: eb.ref('excluded.member_seq'),
        })),
      )
      .returningAll()
      .execute();
    for (const member of saved.map(memberFromRow)) {
      state.members.set(member.account, member);
      written.push(member);
    }
  }
  const memberNum = state.validMembers().length;
  const updated = await trx
    .updateTable('im_team')
    .set({ ...plan.teamPatch, member_num: memberNum, member_seq: memberSeq, updated_at: now })
    .where('team_id', '=', teamId)
    .returningAll()
    .executeTakeFirstOrThrow();
  const team = teamFromRow(updated);

  const changed = written.map((m) => m.account);
  const audience = plan.audience === 'changed' ? changed : [...new Set([...state.validMembers().map((m) => m.account), ...changed])];
  const seqs = await allocateSeqsBulk(trx, audience);
  await markMembersChanged(trx, teamId, seqs);
  let notification: StoredMessage | undefined;
  if (plan.notify) {
    notification = await storeTeamMessage(trx, teamEventNotification(actor, teamId, 'team-event-', plan.notify, now), seqs);
  }
  return { team, members: written, audience, notification, memberTimetag: memberSeq, sysMsgs };
}
