import type { Kysely } from 'kysely';

/**
 * Server history per account, receipts and stick-top in sync, broadcast messages (issue 10 §2–§4,
 * docs/im-sync.md "History, receipts, stick-top and broadcasts"):
 * - im_msg_deleted_self: a message one account deleted for itself (deleteMsgSelf/Batch); it stops
 *   appearing in that account's history, search and sync only. `seq` is the account's sync number.
 * - im_history_clear: a session's history cleared up to clear_time for its owner (clearServerHistoryMsgs).
 * - im_session.receipt_seq / top_seq: the owner's sync numbers of the latest receipt and stick-top
 *   changes, so a fresh device gets them (msgReceipts, stickTopSessions timetags);
 *   msg_receipt_send_time: up to when the owner sent receipts (§3 msgReceiptSendTime).
 * - im_broadcast_msg: server-originated messages to every account; their id is the broadcastMsgs
 *   timetag (one global sequence, not an account's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_msg_deleted_self')
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('id_server', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint', (c) => c.notNull())
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_msg_deleted_self_pk', ['accid', 'id_server'])
    .execute();
  await db.schema.createIndex('im_msg_deleted_self_accid_seq').on('im_msg_deleted_self').columns(['accid', 'seq']).execute();

  await db.schema
    .createTable('im_history_clear')
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('clear_time', 'bigint', (c) => c.notNull())
    .addColumn('ext', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_history_clear_pk', ['accid', 'session_id'])
    .execute();
  await db.schema.createIndex('im_history_clear_accid_seq').on('im_history_clear').columns(['accid', 'seq']).execute();

  await db.schema.alterTable('im_session').addColumn('receipt_seq', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('im_session').addColumn('top_seq', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('im_session').addColumn('msg_receipt_send_time', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('im_session_accid_receipt_seq').on('im_session').columns(['accid', 'receipt_seq']).execute();
  await db.schema.createIndex('im_session_accid_top_seq').on('im_session').columns(['accid', 'top_seq']).execute();

  await db.schema
    .createTable('im_broadcast_msg')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('sender', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .execute();
}
