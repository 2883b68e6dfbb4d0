import type { Kysely } from 'kysely';

/**
 * Call signalling, no media (issue 12; docs/im-signalling.md):
 * - im_signal_channel: one row per channel; `closed` is set by close, `expire_time` moves with delay.
 *   A name is unique among open, unexpired channels (checked in the creating transaction under an advisory lock on the name).
 * - im_signal_member: who is in a channel now, with the connection that joined (10420) and its uid.
 * - im_signal_invite: one invitation (channel, request id, invitee); `state` pending/accepted/
 *   rejected/cancelled. `acked` is set by signalingMarkRead; a pending invitation not acked is sent
 *   again after the invitee's next sync (offline delivery).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_signal_channel')
    .addColumn('channel_id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ext', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('creator', 'text', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .addColumn('closed', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('im_signal_channel_name').on('im_signal_channel').column('name').execute();
  await db.schema
    .createTable('im_signal_member')
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('uid', 'bigint', (c) => c.notNull())
    .addColumn('connection_id', 'text', (c) => c.notNull())
    .addColumn('join_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_signal_member_pk', ['channel_id', 'account'])
    .execute();
  await db.schema
    .createTable('im_signal_invite')
    .addColumn('msgid', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('from_account', 'text', (c) => c.notNull())
    .addColumn('to_account', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('answered_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('need_push', 'boolean', (c) => c.notNull())
    .addColumn('need_badge', 'boolean', (c) => c.notNull())
    .addColumn('push_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attach', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('offline', 'boolean', (c) => c.notNull())
    .addColumn('acked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('im_signal_invite_request', ['channel_id', 'request_id', 'to_account'])
    .execute();
  await db.schema.createIndex('im_signal_invite_to').on('im_signal_invite').columns(['to_account', 'state']).execute();
}
