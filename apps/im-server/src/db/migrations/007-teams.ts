import { sql, type Kysely } from 'kysely';

/**
 * Normal and advanced teams (issue 12; docs/protocol.md "Teams"):
 * - im_team: one row per team. `member_seq` is the team's member sequence head: every change of
 *   the member list takes the next number under the team row's lock, so members page by a
 *   monotonic cursor (getTeamMembers, syncTeamMembers; §3 "per-team member timetags") the way
 *   messages page by an account's sequence. It is the TeamRecord's memberUpdateTime.
 * - im_team_member: one row per (team, account); leaving, removal and dismissal keep the row with
 *   valid = false so sync carries them. `member_seq` is the team's number of the row's latest
 *   change; `acc_seq` the member account's sync number of the latest change of the team or of
 *   this row (syncTeams, syncMyTeamMembers ride the account's sequence, docs/im-sync.md).
 * - im_team_inbox: a team message (chat or notification) in one member's sync stream, numbered by
 *   that member's sequence in the transaction that stores the message. The message itself is one
 *   im_message row (scene 1, receiver = team id, conversation `team#<id>`, sender_seq and
 *   receiver_seq 0 so no p2p cursor read ever returns it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_team')
    .addColumn('team_id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('announcement', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('server_custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('valid', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
    .addColumn('member_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('member_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mute_type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('join_mode', 'smallint', (c) => c.notNull())
    .addColumn('be_invite_mode', 'smallint', (c) => c.notNull())
    .addColumn('invite_mode', 'smallint', (c) => c.notNull())
    .addColumn('update_team_mode', 'smallint', (c) => c.notNull())
    .addColumn('update_custom_mode', 'smallint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('im_team_owner').on('im_team').columns(['owner', 'valid']).execute();

  await db.schema
    .createTable('im_team_member')
    .addColumn('team_id', 'bigint', (c) => c.notNull())
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('nick_in_team', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mute', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('mute_noti_type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('invitor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('join_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('valid', 'boolean', (c) => c.notNull())
    .addColumn('member_seq', 'bigint', (c) => c.notNull())
    .addColumn('acc_seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_team_member_pk', ['team_id', 'accid'])
    .execute();
  await db.schema.createIndex('im_team_member_team_seq').on('im_team_member').columns(['team_id', 'member_seq']).execute();
  await db.schema.createIndex('im_team_member_accid_seq').on('im_team_member').columns(['accid', 'acc_seq']).execute();

  await db.schema
    .createTable('im_team_inbox')
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('id_server', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_team_inbox_pk', ['accid', 'seq'])
    .execute();
}
