import { sql, type Kysely } from 'kysely';

/**
 * Users, friends, blocklist/mutelist and system messages (issue 10 §4, §5). Every row an account
 * must sync carries that account's sync sequence number (`seq`, docs/im-sync.md), taken in the
 * transaction that writes it, so these kinds page through the same cursor as messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Profile fields of §3 User; `profile_edited`: the user changed nick/avatar with updateMyInfo,
  // so a later login's token claims no longer overwrite them.
  for (const column of ['sign', 'email', 'birth', 'tel', 'custom', 'donnop']) {
    await db.schema.alterTable('im_user').addColumn(column, 'text', (c) => c.notNull().defaultTo('')).execute();
  }
  await db.schema.alterTable('im_user').addColumn('gender', 'smallint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('im_user').addColumn('profile_edited', 'boolean', (c) => c.notNull().defaultTo(sql`false`)).execute();

  // One row per (owner, friend); deletion keeps the row with valid = false so sync can carry it.
  await db.schema
    .createTable('im_friend')
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('friend', 'text', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('valid', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_friend_pk', ['accid', 'friend'])
    .execute();
  await db.schema.createIndex('im_friend_accid_seq').on('im_friend').columns(['accid', 'seq']).execute();

  // Blocklist and mutelist of one owner; a row with both flags false is a removal sync still carries.
  await db.schema
    .createTable('im_relation')
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('is_blacked', 'boolean', (c) => c.notNull())
    .addColumn('is_muted', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_relation_pk', ['accid', 'target'])
    .execute();
  await db.schema.createIndex('im_relation_accid_seq').on('im_relation').columns(['accid', 'seq']).execute();

  // System messages kept for their receiver (friend requests, custom system messages).
  await db.schema
    .createTable('im_sys_msg')
    .addColumn('id_server', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('receiver', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('ps', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attach', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('read', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('init'))
    .addColumn('error_code', 'integer')
    .addColumn('error_message', 'text')
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('im_sys_msg_receiver_seq').on('im_sys_msg').columns(['receiver', 'seq']).execute();
  await db.schema.createIndex('im_sys_msg_pending').on('im_sys_msg').columns(['receiver', 'sender', 'type', 'state']).execute();
}
