import type { Kysely } from 'kysely';
import * as migration020 from './020-message-batch-function';
import { createMessageBatchFunction } from './message-batch-statement';

/**
 * `im_write_message_batch` from the one definition of the batch write (message-batch-statement.ts),
 * the text write-batcher.ts also sends as a plain statement for large batches: until now migration
 * 020 held its own copy of the query. The query is unchanged; from here on a change of it is a new
 * migration that calls `createMessageBatchFunction` again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createMessageBatchFunction(db);
}

/** Back to migration 020's copy. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await migration020.up(db);
}
