import type { Kysely } from 'kysely';

/**
 * Documents (issue 13; docs/im-upload.md "Documents"): an uploaded ppt, pptx, pdf, doc or docx
 * registered for conversion when its last byte arrives. `state` is converting, done or failed;
 * `pages` holds the page images' object keys (JSON), `reason` why a conversion failed. A row still
 * converting at start is picked up again, so a restart cannot strand a document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_document')
    .addColumn('doc_id', 'text', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('doc_type', 'integer', (c) => c.notNull())
    .addColumn('transcode_type', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('md5', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The list is each account's documents newest first; the converter takes the oldest converting.
  await db.schema.createIndex('im_document_account').on('im_document').columns(['account', 'created_at', 'doc_id']).execute();
  await db.schema.createIndex('im_document_state').on('im_document').columns(['state', 'created_at']).execute();
}
