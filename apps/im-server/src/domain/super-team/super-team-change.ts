import type { Updateable } from 'kysely';
import type { StoredMessage } from '../msg/message';
import type { ServerSysMsg } from '../system-msg/sys-msg-service';
import { teamEventNotification, type TeamEventNotice } from '../team/group-message';
import { isFreshMembership, memberWriteColumns, type MemberWrite, type TeamActor } from '../team/team-change';
import { teamError, type ServerTeam, type ServerTeamMember } from '../team/team-model';
import { appendToStream } from './super-team-stream';
import { superMemberFromRow, superTeamFromRow, type SuperTeamDb, type SuperTeamRow, type SuperTeamTables } from './super-team-model';

/**
 * A super team under change: its locked row and only the member rows the operation names (never
 * the whole member list: a change costs its own rows, not the team's size).
 */
export interface SuperTeamState {
  team: ServerTeam;
  row: SuperTeamRow;
  /** The caller's row when the caller is a valid member. */
  me: ServerTeamMember | undefined;
  /** Member rows of `accounts` (valid or not) that exist. */
  load(accounts: readonly string[]): Promise<Map<string, ServerTeamMember>>;
}

export interface SuperTeamPlan {
  teamPatch?: Updateable<SuperTeamTables['im_super_team']>;
  members?: MemberWrite[];
  /** Every valid membership becomes invalid (dismiss). */
  invalidateAll?: boolean;
  notify?: TeamEventNotice;
  sysMsgs?: ServerSysMsg[];
  /** Only system messages were written. */
  unchanged?: boolean;
}

export interface SuperTeamChange {
  team: ServerTeam;
  members: ServerTeamMember[];
  /** The type-5 notification in the team's stream: every valid member gets it (superTeamMsg), and `left`. */
  notification?: StoredMessage;
  /** Accounts the change took out of the team: they hear of it too. */
  left: string[];
  sysMsgs: ServerSysMsg[];
}

/** The caller's valid membership, else 804. */
export function requireSuperMember(state: SuperTeamState): ServerTeamMember {
  if (!state.me) throw teamError.notMember();
  return state.me;
}

/** Locks the team row (changes and sends of one team wait for each other) and reads the caller's row. */
export async function loadSuperTeam(trx: SuperTeamDb, teamId: number, caller: string): Promise<SuperTeamState> {
  const row = await trx.selectFrom('im_super_team').selectAll().where('team_id', '=', teamId).forUpdate().executeTakeFirst();
  if (!row || !row.valid) throw teamError.missing(teamId);
  const load = async (accounts: readonly string[]) => {
    if (accounts.length === 0) return new Map<string, ServerTeamMember>();
    const rows = await trx.selectFrom('im_super_team_member').selectAll().where('team_id', '=', teamId).where('accid', 'in', [...accounts]).execute();
    return new Map(rows.map((r) => [r.accid, superMemberFromRow(r)]));
  };
  const mine = (await load([caller])).get(caller);
  return { team: superTeamFromRow(row), row, me: mine?.valid ? mine : undefined, load };
}

/** Applies a plan in the transaction that locked the team: member rows, member count, the notification in the stream. */
export async function applySuperTeamPlan(trx: SuperTeamDb, state: SuperTeamState, actor: TeamActor, plan: SuperTeamPlan, now: number): Promise<SuperTeamChange> {
  const teamId = Number(state.row.team_id);
  const sysMsgs = plan.sysMsgs ?? [];
  if (plan.unchanged) return { team: state.team, members: [], left: [], sysMsgs };
  const writes = plan.members ?? [];
  const memberSeq = Number(state.row.member_seq) + 1;
  const before = await state.load(writes.map((w) => w.account));
  let delta = 0;
  const written: ServerTeamMember[] = [];
  const left: string[] = [];
  const fresh: SuperTeamMemberInsert[] = [];
  const again: SuperTeamMemberInsert[] = [];
  for (const write of writes) {
    const old = before.get(write.account);
    delta += (write.valid ? 1 : 0) - (old?.valid ? 1 : 0);
    if (old?.valid && !write.valid) left.push(write.account);
    (isFreshMembership(write, old) ? fresh : again).push({
      team_id: teamId,
      ...memberWriteColumns(write, old, now, memberSeq),
      // A new membership reads the stream from here on, and has read nothing before it.
      join_seq: Number(state.row.msg_seq),
      ack_seq: Number(state.row.msg_seq),
      ack_time: 0,
    });
  }
  written.push(...(await upsertMembers(trx, fresh, true)), ...(await upsertMembers(trx, again, false)));
  let memberNum = state.row.member_num + delta;
  if (plan.invalidateAll) {
    const gone = await trx
      .updateTable('im_super_team_member')
      .set({ valid: false, updated_at: now, member_seq: memberSeq })
      .where('team_id', '=', teamId)
      .where('valid', '=', true)
      .returning('accid')
      .execute();
    left.push(...gone.map((g) => g.accid));
    memberNum = 0;
  }
  const updated = await trx
    .updateTable('im_super_team')
    .set({ ...plan.teamPatch, member_num: memberNum, member_seq: memberSeq, updated_at: now })
    .where('team_id', '=', teamId)
    .returningAll()
    .executeTakeFirstOrThrow();
  const team = superTeamFromRow(updated);
  let notification: StoredMessage | undefined;
  if (plan.notify) {
    const appended = await appendToStream(trx, teamEventNotification(actor, teamId, 'superTeam-event-', plan.notify, now));
    notification = appended?.message;
  }
  return { team, members: written, notification, left: [...new Set(left)], sysMsgs };
}

type SuperTeamMemberInsert = SuperTeamTables['im_super_team_member'];

/** Member rows per upsert statement (17 parameters each, far below PostgreSQL's 65,535). */
const MEMBER_WRITE_CHUNK = 1000;

/** Multi-row upserts; a fresh membership also resets its read position to the stream head. */
async function upsertMembers(trx: SuperTeamDb, rows: readonly SuperTeamMemberInsert[], fresh: boolean): Promise<ServerTeamMember[]> {
  const saved: ServerTeamMember[] = [];
  for (let i = 0; i < rows.length; i += MEMBER_WRITE_CHUNK) {
    const out = await trx
      .insertInto('im_super_team_member')
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
          ...(fresh ? { join_seq: eb.ref('excluded.join_seq'), ack_seq: eb.ref('excluded.ack_seq'), ack_time: eb.ref('excluded.ack_time') } : {}),
        })),
      )
      .returningAll()
      .execute();
    saved.push(...out.map(superMemberFromRow));
  }
  return saved;
}
