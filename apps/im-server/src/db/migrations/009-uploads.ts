import type { Kysely } from 'kysely';

/**
 * Uploads to the object store (issue 13, docs/im-upload.md "Server"): one row per object, holding
 * where its upload stands (received bytes, the context every later chunk must name) and, once
 * complete, the sniffed content type and when it expires (null = without limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_upload')
    .addColumn('object_key', 'text', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('complete', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('content_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('im_upload_account').on('im_upload').column('account').execute();
}
