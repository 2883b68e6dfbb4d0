import type { Kysely } from 'kysely';

/**
 * Chat rooms (issue 12; docs/im-chatroom.md):
 * - im_chatroom: one row per room. `closed` is set by closeChatroom (13002 afterwards); `mute` lets
 *   only the owner and managers speak (13006); `allow_anonymous` admits logins without a token.
 * - im_chatroom_member: everyone who ever entered or was marked, with type (owner, manager, normal,
 *   guest, anonymous), level, the blacklist and gag flags and a temporary mute end (epoch ms). The
 *   coordinate of updateCoordinate lives here too. Who is online is the router's directory, not a row.
 * - im_chatroom_tag: the tags a member set with updateChatroomTags (getChatroomMembersByTag).
 * - im_chatroom_msg: room messages for getHistoryMsgs, the wire record as JSON; id is the idServer.
 * - im_chatroom_queue: the room's key/value queue in insertion order (seq); `transient` items leave
 *   with the member who offered them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_chatroom')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('announcement', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('broadcast_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('queuelevel', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('creator', 'text', (c) => c.notNull())
    .addColumn('mute', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('allow_anonymous', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('closed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('im_chatroom_member')
    .addColumn('chatroom_id', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nick', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enter_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('blacked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gaged', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('temp_mute_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('coord_x', 'double precision')
    .addColumn('coord_y', 'double precision')
    .addColumn('coord_z', 'double precision')
    .addColumn('coord_distance', 'integer')
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_chatroom_member_pk', ['chatroom_id', 'account'])
    .execute();
  await db.schema.createIndex('im_chatroom_member_type').on('im_chatroom_member').columns(['chatroom_id', 'type', 'update_time']).execute();
  await db.schema
    .createTable('im_chatroom_tag')
    .addColumn('chatroom_id', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_chatroom_tag_pk', ['chatroom_id', 'tag', 'account'])
    .execute();
  await db.schema
    .createTable('im_chatroom_msg')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('chatroom_id', 'text', (c) => c.notNull())
    .addColumn('from_account', 'text', (c) => c.notNull())
    .addColumn('id_client', 'text', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addUniqueConstraint('im_chatroom_msg_client', ['chatroom_id', 'from_account', 'id_client'])
    .execute();
  await db.schema.createIndex('im_chatroom_msg_time').on('im_chatroom_msg').columns(['chatroom_id', 'time']).execute();
  await db.schema
    .createTable('im_chatroom_queue')
    .addColumn('chatroom_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('transient', 'boolean', (c) => c.notNull())
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_chatroom_queue_pk', ['chatroom_id', 'key'])
    .execute();
}
