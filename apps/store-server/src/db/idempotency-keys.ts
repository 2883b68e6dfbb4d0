import type { Kysely } from 'kysely';
import type { StoreDatabase } from './schema';

/** One request's hold on a key: which call of which store, the biz it carries, and who holds it. */
export interface IdempotencyClaim {
  storeId: number;
  path: string;
  key: string;
  bizDigest: string;
  /** Unique per request: a request whose lease was taken over can no longer complete or release the key. */
  claimId: string;
}

/** What a repeat finds under its key. */
export interface IdempotencyRecord {
  bizDigest: string;
  state: 'running' | 'done';
  /** The first answer's data as JSON text ('done' only). */
  answer: string | null;
}

export interface ClaimTimes {
  now: Date;
  /** When a done key stops answering repeats. */
  expiresAt: Date;
  /** A running row created before this is a request that died: the claim takes it over. */
  staleBefore: Date;
}

/**
 * The keys of idempotent calls (migration 0019), used by http/idempotency.ts. The primary key
 * (store, path, key) decides which of concurrent first requests runs the call, on PGlite and across
 * PostgreSQL-backed instances alike.
 */
export class IdempotencyKeyRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  /**
   * Takes the key for this request: a new row, or an expired row or a running row past its lease taken
   * over in the same statement. True when this request is to run the call.
   */
  async claim(claim: IdempotencyClaim, times: ClaimTimes): Promise<boolean> {
    // A new claim and a takeover write the same running row.
    const running = {
      biz_digest: claim.bizDigest,
      claim_id: claim.claimId,
      state: 'running' as const,
      answer: null,
      created_at: times.now,
      expires_at: times.expiresAt,
    };
    const taken = await this.db
      .insertInto('store_idempotency_key')
      .values({ store_id: claim.storeId, path: claim.path, idempotency_key: claim.key, ...running })
      .onConflict((conflict) =>
        conflict
          .columns(['store_id', 'path', 'idempotency_key'])
          .doUpdateSet(running)
          .where((eb) =>
            eb.or([
              eb('store_idempotency_key.expires_at', '<=', times.now),
              eb.and([eb('store_idempotency_key.state', '=', 'running'), eb('store_idempotency_key.created_at', '<', times.staleBefore)]),
            ]),
          ),
      )
      .returning('claim_id')
      .executeTakeFirst();
    return taken !== undefined;
  }

  async find(storeId: number, path: string, key: string): Promise<IdempotencyRecord | undefined> {
    const row = await this.db
      .selectFrom('store_idempotency_key')
      .select(['biz_digest', 'state', 'answer'])
      .where('store_id', '=', storeId)
      .where('path', '=', path)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row && { bizDigest: row.biz_digest, state: row.state, answer: row.answer };
  }

  /** Keeps the first answer for the repeats; a no-op for a request that lost its claim. */
  async complete(claim: IdempotencyClaim, answer: string): Promise<void> {
    await this.db
      .updateTable('store_idempotency_key')
      .set({ state: 'done', answer })
      .where('store_id', '=', claim.storeId)
      .where('path', '=', claim.path)
      .where('idempotency_key', '=', claim.key)
      .where('claim_id', '=', claim.claimId)
      .execute();
  }

  /** Frees the key of a call that failed (and so changed nothing): the next request with it runs the call. */
  async release(claim: IdempotencyClaim): Promise<void> {
    await this.db
      .deleteFrom('store_idempotency_key')
      .where('store_id', '=', claim.storeId)
      .where('path', '=', claim.path)
      .where('idempotency_key', '=', claim.key)
      .where('claim_id', '=', claim.claimId)
      .where('state', '=', 'running')
      .execute();
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db.deleteFrom('store_idempotency_key').where('expires_at', '<=', now).execute();
  }
}
