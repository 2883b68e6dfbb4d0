import { createHash } from 'node:crypto';
import { messageBatchFunctionDdl, messageBatchQuery } from './message-batch-statement';

/**
 * Migrations run once per database: a change of the batch write's text reaches an existing database's
 * function only through a new migration that calls createMessageBatchFunction again (as 021 does).
 * This hash fails the run on any change of the text until that migration exists and the hash below
 * is updated with it.
 */
const PINNED_SHA256 = '1eb7a34581e666b9b9159ba34425a2bd45bae8ce5229c5ec83c2d0d5affe4e05';
const LAST_MIGRATION_THAT_CREATED_IT = '024-antispam-sdk-logs';

describe('the batch write text (message-batch-statement.ts)', () => {
  it(`is the text ${LAST_MIGRATION_THAT_CREATED_IT} put into im_write_message_batch`, () => {
    const text = `${messageBatchFunctionDdl()}\n${messageBatchQuery('$1')}`;
    expect(createHash('sha256').update(text).digest('hex')).toBe(PINNED_SHA256);
  });

  it('the function runs the statement the large batches send, with its argument as the batch', () => {
    expect(messageBatchFunctionDdl()).toContain(`return query\n${messageBatchQuery('batch')};\nend`);
    expect(messageBatchQuery('$1')).toContain('json_to_recordset($1::json)');
  });
});
