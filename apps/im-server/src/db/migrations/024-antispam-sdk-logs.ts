import type { Kysely } from 'kysely';
import { createMessageBatchFunction } from './message-batch-statement';

/**
 * The client anti-spam filter and the local debug log (issue 30 §2 and §3; docs/im-background.md):
 * - `im_antispam_word`: the lexicon words per app key with their action (1 replace, 2 reject, 3 leave
 *   to the server), managed by the operator; `im_antispam_version` counts each app key's changes, so
 *   getClientAntispam answers a version and clients keep an unchanged lexicon;
 * - `im_message.yidun_anti_spam_res`: §3 yidunAntiSpamRes, the verdict of the server's filter on a
 *   message it marked (null otherwise), written by both message write paths, so the batch function is
 *   created again with the column (message-batch-statement.ts);
 * - `im_sdk_log`: the debug logs accounts uploaded (uploadSdkLogUrl): the object in the object store,
 *   per account, until `expires_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_antispam_word')
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('action', 'smallint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('im_antispam_word_pk', ['app_key', 'word'])
    .execute();
  await db.schema
    .createTable('im_antispam_version')
    .addColumn('app_key', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('im_message').addColumn('yidun_anti_spam_res', 'text').execute();
  await createMessageBatchFunction(db);
  await db.schema
    .createTable('im_sdk_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('im_sdk_log_account').on('im_sdk_log').columns(['account', 'created_at']).execute();
}
