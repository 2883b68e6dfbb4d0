import type { Kysely } from 'kysely';

/**
 * Team read receipts (issue 10: counts and details; issue 12; docs/protocol.md "Teams"):
 * - im_team_receipt_msg: the team messages sent with needMsgReceipt; only they take receipts
 *   (814 otherwise).
 * - im_team_msg_read: who read which of them (sendTeamMsgReceipt).
 * - an index on im_team_inbox.id_server: a message's inbox rows are the members it went to, the
 *   recipients its receipts count.
 * The two tables are queried with plain SQL in domain/team/team-receipts.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('im_team_inbox_id_server').on('im_team_inbox').columns(['id_server']).execute();
  await db.schema
    .createTable('im_team_receipt_msg')
    .addColumn('id_server', 'bigint', (c) => c.primaryKey())
    .addColumn('team_id', 'bigint', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('im_team_msg_read')
    .addColumn('id_server', 'bigint', (c) => c.notNull())
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_team_msg_read_pk', ['id_server', 'accid'])
    .execute();
}
