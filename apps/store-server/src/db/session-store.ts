import type { SessionRecord, SessionStore } from '@merchant/secure-transport/server';
import type { Kysely } from 'kysely';
import type { Clock } from '../shared/clock';
import type { StoreDatabase } from './schema';

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/**
 * Envelope sessions and their replay nonces in the database, so a restart or a second
 * instance continues the same sessions (ARCHITECTURE.md, "Persistence and scale").
 */
export class KyselySessionStore implements SessionStore {
  private lastPrune = 0;

  constructor(
    private readonly db: Kysely<StoreDatabase>,
    private readonly clock: Clock,
  ) {}

  async get(sessionKey: string): Promise<SessionRecord | undefined> {
    const row = await this.db
      .selectFrom('store_session')
      .select('data')
      .where('session_key', '=', sessionKey)
      .executeTakeFirst();
    return row ? (row.data as unknown as SessionRecord) : undefined;
  }

  async save(record: SessionRecord): Promise<void> {
    const data = JSON.stringify(record);
    const expiresAt = fromSeconds(record.expireTime);
    await this.db
      .insertInto('store_session')
      .values({ session_key: record.sessionKey, data, expires_at: expiresAt })
      .onConflict((oc) => oc.column('session_key').doUpdateSet({ data, expires_at: expiresAt, updated_at: this.clock.now() }))
      .execute();
    await this.pruneNow();
  }

  async delete(sessionKey: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('store_session_nonce').where('session_key', '=', sessionKey).execute();
      await trx.deleteFrom('store_session').where('session_key', '=', sessionKey).execute();
    });
  }

  async claimNonce(sessionKey: string, nonce: string, keepUntil: number): Promise<boolean> {
    // The primary key makes the claim atomic across instances: the second insert inserts nothing.
    const inserted = await this.db
      .insertInto('store_session_nonce')
      .values({ session_key: sessionKey, nonce, keep_until: fromSeconds(keepUntil) })
      .onConflict((oc) => oc.columns(['session_key', 'nonce']).doNothing())
      .returning('nonce')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Drops expired sessions and nonces, at most once a minute. */
  private async pruneNow(): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - this.lastPrune < 60_000) return;
    this.lastPrune = now.getTime();
    await this.db.deleteFrom('store_session_nonce').where('keep_until', '<', now).execute();
    await this.db.deleteFrom('store_session').where('expires_at', '<', now).execute();
  }
}
