import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_user')
    .addColumn('accid', 'text', (c) => c.primaryKey())
    .addColumn('nick', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('im_message')
    .addColumn('id_server', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('id_client', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('receiver', 'text', (c) => c.notNull())
    .addColumn('scene', 'smallint', (c) => c.notNull())
    .addColumn('conversation', 'text', (c) => c.notNull())
    .addColumn('msg_type', 'smallint', (c) => c.notNull())
    .addColumn('sub_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attach', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('from_nick', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('from_client_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('from_device_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('im_message_sender_id_client', ['sender', 'id_client'])
    .execute();
  await db.schema.createIndex('im_message_conversation_time').on('im_message').columns(['conversation', 'time']).execute();
  await db.schema.createIndex('im_message_receiver_time').on('im_message').columns(['receiver', 'time']).execute();
  await db.schema.createIndex('im_message_sender_time').on('im_message').columns(['sender', 'time']).execute();

  await db.schema
    .createTable('im_session')
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('scene', 'smallint', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('ack_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_msg_id', 'bigint')
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .addPrimaryKeyConstraint('im_session_pk', ['accid', 'session_id'])
    .execute();
  await db.schema.createIndex('im_session_accid_update').on('im_session').columns(['accid', 'update_time']).execute();

  await db.schema
    .createTable('im_timetag')
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_timetag_pk', ['accid', 'kind'])
    .execute();
}
