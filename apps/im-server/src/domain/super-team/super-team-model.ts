import type { Generated, Kysely, Selectable } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { memberFromRow, teamFromRow, type ServerTeam, type ServerTeamMember } from '../team/team-model';

/** Tables of migrations 016 and 031 (kept beside their only user, as chatroom-tables.ts; docs/im-super-teams.md). */
export interface SuperTeamTables {
  im_super_team: {
    team_id: Generated<number>; name: string; avatar: string; intro: string; announcement: string; custom: string; server_custom: string;
    level: number; owner: string; valid: boolean; member_num: number; member_seq: number; msg_seq: number; mute_type: number;
    join_mode: number; be_invite_mode: number; invite_mode: number; update_team_mode: number; update_custom_mode: number;
    created_at: number; updated_at: number;
  };
  im_super_team_member: {
    team_id: number; accid: string; type: number; nick_in_team: string; bits: number; mute: boolean; mute_noti_type: number;
    custom: string; invitor: string; join_time: number; updated_at: number; valid: boolean; member_seq: number; join_seq: number;
    ack_seq: number; ack_time: number;
  };
  im_super_team_msg: { team_id: number; seq: number; id_server: number };
  /** One row per recalled super team message; `seq` is the server-wide recall stream (the deleteSuperTeamMsg timetag). */
  im_super_team_recall: { seq: number; team_id: number; id_server: number; msg_seq: number; ope_account: string; recalled_at: number; ps: string; attach: string };
}

export type SuperTeamDb = Kysely<ImDatabase & SuperTeamTables>;
export const superTeamDb = (db: Kysely<ImDatabase>): SuperTeamDb => db as unknown as SuperTeamDb;
/** The same connection for code written against the shared tables only (messages, system messages, sequences). */
export const asImDb = (db: SuperTeamDb): Kysely<ImDatabase> => db as unknown as Kysely<ImDatabase>;

export type SuperTeamRow = Selectable<SuperTeamTables['im_super_team']>;
export type SuperTeamMemberRow = Selectable<SuperTeamTables['im_super_team_member']>;

// The §5 limits and the action list are im-core's (validation/super-team-rules.ts), the ones the client checks.
export { MAX_SUPER_TEAM_MEMBER_LOOKUP, MAX_SUPER_TEAM_MUTE_ACCOUNTS, SUPER_TEAM_ACTIONS, SUPER_TEAM_MEMBER_LIMIT } from '../../protocol';
export type { ImSuperTeamAction as SuperTeamAction } from '../../protocol';
/** Managers per super team (815 beyond it); not shown in the spec: ours, as normal teams. */
export const SUPER_TEAM_MANAGER_LIMIT = 10;
/** Members per getSuperTeamMembers page (im-core's SUPER_TEAM_MEMBER_PAGE_MAX, §5 page limits 100). */
export { SUPER_TEAM_MEMBER_PAGE_MAX as SUPER_TEAM_MEMBER_PAGE } from '../../protocol';
/** Newest messages per super team a sync carries (§9 query default 100); older ones by history. */
export const SUPER_TEAM_ROAMING_LIMIT = 100;

/** Super team system message types (category superTeam, pushed as superTeamSysMsg, read-ack pair 21/19). */
export const SuperTeamSysMsgType = {
  apply: 'applySuperTeam',
  rejectApply: 'rejectSuperTeamApply',
  invite: 'superTeamInvite',
  rejectInvite: 'rejectSuperTeamInvite',
} as const;

/** The conversation key of a super team's messages in im_message. */
export const superTeamConversation = (teamId: number | string) => `superTeam#${teamId}`;
export const superTeamSessionId = (teamId: number | string) => `superTeam-${teamId}`;

/** A super team is a team record of type advanced on the wire (TeamRecord); the domain type is the team one. */
export function superTeamFromRow(row: SuperTeamRow): ServerTeam {
  return teamFromRow({ ...row, type: 1 });
}

export function superMemberFromRow(row: SuperTeamMemberRow): ServerTeamMember {
  return memberFromRow(row);
}
