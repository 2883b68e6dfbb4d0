import type { Kysely } from 'kysely';
import type { StoreDatabase } from './schema';

/** A change made in a signed-in session: who, what, when, and the session whose token made the call. */
export interface SessionOperation {
  storeId: number;
  userId: number;
  operationType: string;
  at: Date;
  /** The hash of the caller's access token: the entry names that session's public id and device (migration 0023). */
  sessionTokenHash: string;
}

/**
 * Writes one §7 operation-log entry for a change made in a session, in `db` (pass the transaction of the change
 * so the change and its entry land together). Answers the entry's id, for detail tables that point at it.
 */
export async function insertSessionOperation(db: Kysely<StoreDatabase>, entry: SessionOperation): Promise<number> {
  const row = await db
    .insertInto('store_operation_log')
    .values((eb) => ({
      store_id: entry.storeId,
      user_id: entry.userId,
      operation_type: entry.operationType,
      operation_start_time: entry.at,
      session_id: eb.selectFrom('store_access_token').select('id').where('token_hash', '=', entry.sessionTokenHash),
      device: eb.selectFrom('store_access_token').select('device').where('token_hash', '=', entry.sessionTokenHash),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
