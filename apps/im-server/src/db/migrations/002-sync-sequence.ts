import { sql, type Kysely } from 'kysely';

/**
 * Sync cursor as a per-account sequence instead of a wall-clock time (issue 10, docs/im-sync.md).
 * Every change an account must sync (a message sent or received, a session touched, a read
 * position, a profile change) takes the next number of that account's sequence in the same
 * transaction as the change. Rows written before this migration keep their global id_server as
 * their sequence number (unique and increasing), and every account's sequence starts above it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_account_seq')
    .addColumn('accid', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('im_message').addColumn('sender_seq', 'bigint').execute();
  await db.schema.alterTable('im_message').addColumn('receiver_seq', 'bigint').execute();
  await sql`update im_message set sender_seq = id_server, receiver_seq = id_server`.execute(db);
  await db.schema.alterTable('im_message').alterColumn('sender_seq', (c) => c.setNotNull()).execute();
  await db.schema.alterTable('im_message').alterColumn('receiver_seq', (c) => c.setNotNull()).execute();
  await db.schema.createIndex('im_message_sender_seq').on('im_message').columns(['sender', 'sender_seq']).execute();
  await db.schema.createIndex('im_message_receiver_seq').on('im_message').columns(['receiver', 'receiver_seq']).execute();

  await db.schema.alterTable('im_session').addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update im_session set seq = coalesce(last_msg_id, 0)`.execute(db);
  await db.schema.createIndex('im_session_accid_seq').on('im_session').columns(['accid', 'seq']).execute();

  const start = sql`(select coalesce(max(id_server), 0) + 1 from im_message)`;
  await sql`
    insert into im_account_seq (accid, seq)
    select accid, ${start} from (select accid from im_user union select accid from im_session union select accid from im_timetag) as accounts
  `.execute(db);
  // Timetags held wall-clock times; they now hold sequence numbers (the account's current head).
  await sql`update im_timetag set value = coalesce((select seq from im_account_seq s where s.accid = im_timetag.accid), 0)`.execute(db);
}
