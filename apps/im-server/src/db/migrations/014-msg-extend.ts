import type { Kysely } from 'kysely';

/**
 * msgExtend (issue 12; docs/im-extend.md): quick comments on a message (one row per message,
 * account and body), an account's private collects, and pins per conversation with their
 * createTime and updateTime. `conversation` is the p2p pair key of im_message or `team#<id>`.
 * Events (§7 event service): each account's latest event per type, and who subscribes to whom.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_quick_comment')
    .addColumn('id_server', 'bigint', (c) => c.notNull())
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('body', 'bigint', (c) => c.notNull())
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_quick_comment_pk', ['id_server', 'accid', 'body'])
    .execute();
  await db.schema
    .createTable('im_collect')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('type', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unique_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('im_collect_owner_time').on('im_collect').columns(['accid', 'created_at']).execute();
  await db.schema
    .createTable('im_msg_pin')
    .addColumn('conversation', 'text', (c) => c.notNull())
    .addColumn('id_server', 'bigint', (c) => c.notNull())
    .addColumn('pin_from', 'text', (c) => c.notNull())
    .addColumn('pin_custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_msg_pin_pk', ['conversation', 'id_server'])
    .execute();
  await db.schema
    .createTable('im_event')
    .addColumn('accid', 'text', (c) => c.notNull())
    .addColumn('type', 'bigint', (c) => c.notNull())
    .addColumn('id_server', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('id_client', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('custom', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_event_pk', ['accid', 'type'])
    .execute();
  await db.schema
    .createTable('im_event_sub')
    .addColumn('subscriber', 'text', (c) => c.notNull())
    .addColumn('type', 'bigint', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_event_sub_pk', ['subscriber', 'type', 'target'])
    .execute();
  // A publish finds its subscribers by this.
  await db.schema.createIndex('im_event_sub_target').on('im_event_sub').columns(['target', 'type']).execute();
}
