import { sql, type Kysely } from 'kysely';

/**
 * Idempotent calls (docs/security.md "Idempotent calls"): the first request with a key inserts its row
 * ('running'), runs the call and keeps the answer ('done'); a repeat with the same key of the same store
 * and path finds the row and answers the kept answer. The primary key makes the first insert win across
 * concurrent requests and server instances. Rows expire (24 h); a running row whose request died is
 * taken over after its lease.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table store_idempotency_key (
      store_id integer not null references store_store (id) on delete cascade,
      path text not null,
      idempotency_key text not null,
      -- sha-256 of the parsed biz without the key: the same key with another biz is refused
      biz_digest text not null,
      -- the request holding the row; only it may complete or release it
      claim_id text not null,
      state text not null check (state in ('running', 'done')),
      -- the answer's data as JSON text, exactly as the first request answered it
      answer text,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      primary key (store_id, path, idempotency_key)
    );
    create index store_idempotency_key_expires_idx on store_idempotency_key (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table store_idempotency_key`.execute(db);
}
