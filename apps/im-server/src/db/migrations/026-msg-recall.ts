import type { Kysely } from 'kysely';

/**
 * Recalled messages (deleteMsg, issue 31; docs/protocol.md "Recall"):
 * - im_msg_recall: one row per account of the conversation (sender and receiver of a p2p message)
 *   for a message its sender recalled. `seq` is that account's sync number of the recall, so a
 *   device that was offline gets it at its next sync (the deleteMsg timetag, syncDeleteMsgs); the
 *   message stops appearing in that account's history, search and sync (visibility.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_msg_recall')
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('id_server', 'bigint', (c) => c.notNull())
    .addColumn('ope_account', 'text', (c) => c.notNull())
    .addColumn('recalled_at', 'bigint', (c) => c.notNull())
    .addColumn('ps', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attach', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_msg_recall_pk', ['accid', 'id_server'])
    .execute();
  await db.schema.createIndex('im_msg_recall_accid_seq').on('im_msg_recall').columns(['accid', 'seq']).execute();
}
