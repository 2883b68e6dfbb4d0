import { sql, type Kysely } from 'kysely';

/**
 * Team message fan-out after the push (issue 12; docs/im-server-writes.md "Team messages"):
 * `sendTeamMsg` commits the message row and one `im_team_fanout` row naming the members it went to,
 * answers and pushes; the members' inbox, session and sequence rows are written afterwards from this
 * row, which is deleted in the transaction that writes them. A row left by a crash is finished at
 * start-up, by the periodic sweep, or by the first read that needs it (a sync, a session list, a team
 * change), so no member's sync stream can miss the message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_team_fanout')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('team_id', 'bigint', (c) => c.notNull())
    .addColumn('id_server', 'bigint', (c) => c.notNull())
    .addColumn('recipients', sql`text[]`, (c) => c.notNull())
    .addColumn('counts_unread', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('im_team_fanout_team').on('im_team_fanout').columns(['team_id', 'id']).execute();
}
