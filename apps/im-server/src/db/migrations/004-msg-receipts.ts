import type { Kysely } from 'kysely';

/**
 * p2p read receipts (im-client-spec §5): the time up to which the session's peer has read the
 * owner's messages. Only moves forward.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_session').addColumn('msg_receipt_time', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}
