import type { Kysely } from 'kysely';

/**
 * Private objects and their access tokens (issue 13; docs/im-upload.md "Private objects"): an object
 * uploaded with nosScene 'private' is served only with a token from getNosAccessToken. A token is
 * kept as its SHA-256 (a database dump reads no object), bound to one object, its owner and an expiry;
 * deleteNosAccessToken deletes the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_upload').addColumn('private', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema
    .createTable('im_nos_access_token')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('im_nos_access_token_object').on('im_nos_access_token').column('object_key').execute();
  // The sweeper finds expired objects by this.
  await db.schema.createIndex('im_upload_expires').on('im_upload').column('expires_at').execute();
}
