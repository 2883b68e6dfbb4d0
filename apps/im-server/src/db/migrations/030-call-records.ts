import type { Kysely } from 'kysely';

/**
 * Call records (issue 31 netcallMsg, issue 32 §3; docs/im-signalling.md "Call records"): an accepted invitation keeps
 * the moment it was answered, so the record written when its channel closes says how long the call lasted.
 * 0 = not answered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_signal_invite').addColumn('answer_time', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}
