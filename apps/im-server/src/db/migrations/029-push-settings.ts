import { sql, type Kysely } from 'kysely';

/**
 * Push settings and the offline-push outbox (issue 31; docs/protocol.md "Push settings"):
 * - im_push_device: one row per account and device id: the device's vendor push token
 *   (updatePushToken; '' = none) and which of its connections declared itself in the background
 *   (appBackground), with the app's badge. A later connection of the device is in the foreground
 *   until it says otherwise, so no row needs clearing when a socket closes.
 * - im_push_config: the account's shouldPushNotificationWhenPCOnline (updatePushConfig); its change
 *   number is the `pushConfig` row of im_timetag, so sync carries it.
 * - im_push_outbox: one notification per message per device, written when the message is stored
 *   for a device that is not in the foreground; a vendor relay (APNs, FCM, HMS) drains it and sets
 *   sent_at. Nothing here sends anything over the network.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_push_device')
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('client_type', 'integer', (c) => c.notNull())
    .addColumn('token_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('token', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pushkit', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('background_connection_id', 'text')
    .addColumn('badge', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_push_device_pk', ['accid', 'device_id'])
    .execute();
  // A token belongs to one account at a time: registering it elsewhere finds the old row by it.
  await db.schema.createIndex('im_push_device_token').on('im_push_device').columns(['token_name', 'token']).execute();
  await db.schema
    .createTable('im_push_config')
    .addColumn('accid', 'text', (c) => c.primaryKey())
    .addColumn('push_when_pc_online', 'boolean', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('im_push_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('token_name', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('pushkit', 'boolean', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('msg_type', 'integer', (c) => c.notNull())
    .addColumn('badge', 'integer', (c) => c.notNull())
    .addColumn('msg_id_server', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addUniqueConstraint('im_push_outbox_once', ['msg_id_server', 'accid', 'device_id'])
    .execute();
  // The relay reads the unsent rows in order.
  await sql`create index im_push_outbox_unsent on im_push_outbox (id) where sent_at is null`.execute(db);
}
