import type { Kysely } from 'kysely';

/**
 * Quick transfer (issue 13; §4 "Quick transfer is used when md5 is known and size is at or above the
 * server threshold"): each finished object keeps its md5, found by account, md5 and size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_upload').addColumn('md5', 'text').execute();
  await db.schema.createIndex('im_upload_quick').on('im_upload').columns(['account', 'md5', 'size']).execute();
}
