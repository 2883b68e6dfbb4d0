import type { Kysely } from 'kysely';

/**
 * The app's extension text of a server session (updateServerSession, issue 31; im-client-spec §3
 * Session `ext`). A change takes the owner's sync number (im_session.seq), so the account's other
 * devices get it at their next sync.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_session').addColumn('ext', 'text', (c) => c.notNull().defaultTo('')).execute();
}
