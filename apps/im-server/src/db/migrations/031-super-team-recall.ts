import type { Kysely } from 'kysely';

/**
 * Recall of super team messages (deleteMsg, issue 31; docs/im-super-teams.md "Recall"). A super team
 * writes nothing per member, and neither does its recall:
 * - im_super_team_recall: one row per recalled message. `seq` numbers every super team recall of the
 *   server in one stream, taken under a table lock in the transaction that writes the row, so the
 *   numbers commit in order and a reader never skips one still in flight. It is the
 *   `deleteSuperTeamMsg` sync timetag: a sync returns the recalls of the account's super teams numbered
 *   above it (syncDeleteSuperTeamMsgs). The message leaves every member's roaming, history and session.
 * - im_super_team_msg_id: the stream row of a message by its id (a recall finds the message's place
 *   in its team's stream, which says which members could have it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_super_team_recall')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('team_id', 'bigint', (c) => c.notNull())
    .addColumn('id_server', 'bigint', (c) => c.notNull().unique())
    .addColumn('msg_seq', 'bigint', (c) => c.notNull())
    .addColumn('ope_account', 'text', (c) => c.notNull())
    .addColumn('recalled_at', 'bigint', (c) => c.notNull())
    .addColumn('ps', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attach', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('im_super_team_recall_team_seq').on('im_super_team_recall').columns(['team_id', 'seq']).execute();
  await db.schema.createIndex('im_super_team_msg_id').on('im_super_team_msg').column('id_server').execute();
}
