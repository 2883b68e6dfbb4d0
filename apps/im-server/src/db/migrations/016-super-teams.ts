import { sql, type Kysely } from 'kysely';

/**
 * Super teams (issue 12; docs/im-super-teams.md). Built for 10,000 members, so nothing is written
 * per member when a message is sent:
 * - im_super_team: one row per team. `msg_seq` is the head of the team's message stream: a message
 *   takes the next number under the row's lock, in the transaction that stores it, so the stream
 *   has no gaps a reader could skip. `member_seq` numbers member-list changes.
 * - im_super_team_member: one row per (team, account), kept invalid after leaving. `join_seq` is the
 *   stream head when the membership began (a member reads what follows it), `ack_seq`/`ack_time`
 *   its read position (markSessionAck of `superTeam-<id>`): unread = messages after it.
 * - im_super_team_msg: the stream itself, (team, seq) → the message's one im_message row
 *   (scene 5, receiver = team id, conversation `superTeam#<id>`, sender_seq = receiver_seq = 0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_super_team')
    .addColumn('team_id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
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
    .addColumn('msg_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mute_type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('join_mode', 'smallint', (c) => c.notNull())
    .addColumn('be_invite_mode', 'smallint', (c) => c.notNull())
    .addColumn('invite_mode', 'smallint', (c) => c.notNull())
    .addColumn('update_team_mode', 'smallint', (c) => c.notNull())
    .addColumn('update_custom_mode', 'smallint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('im_super_team_member')
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
    .addColumn('join_seq', 'bigint', (c) => c.notNull())
    .addColumn('ack_seq', 'bigint', (c) => c.notNull())
    .addColumn('ack_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('im_super_team_member_pk', ['team_id', 'accid'])
    .execute();
  await db.schema.createIndex('im_super_team_member_accid').on('im_super_team_member').columns(['accid', 'valid']).execute();
  await db.schema.createIndex('im_super_team_member_join').on('im_super_team_member').columns(['team_id', 'valid', 'join_time']).execute();

  await db.schema
    .createTable('im_super_team_msg')
    .addColumn('team_id', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('id_server', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_super_team_msg_pk', ['team_id', 'seq'])
    .execute();
}
