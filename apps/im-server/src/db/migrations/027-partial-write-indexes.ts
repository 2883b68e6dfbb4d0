import { sql, type Kysely } from 'kysely';

/**
 * Fewer index entries per sent message (issue 36, docs/im-server-writes.md "What a message costs
 * PostgreSQL"): three indexes whose rows are almost all one value become partial, so a message and
 * its two session updates no longer add an entry to them.
 * - `im_message_thread` (thread_id_server, time): only replies have a thread; the thread read
 *   (`thread_id_server = $1`) implies `is not null`, so it still uses the index.
 * - `im_session_accid_receipt_seq` and `im_session_accid_top_seq`: a session update is never HOT
 *   (update_time and seq are indexed), so every message added an (accid, 0) entry to both for each
 *   party — long runs of equal keys PostgreSQL keeps deduplicating. The sync reads ask for
 *   `receipt_seq > cursor` / `top_seq > cursor` with cursor >= 0, which implies `> 0`: still indexed.
 * The bench (bench/im-messaging, docs/performance.md) measured the batch statement's PostgreSQL CPU
 * per message with and without them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists im_message_thread`.execute(db);
  await sql`create index im_message_thread on im_message (thread_id_server, "time") where thread_id_server is not null`.execute(db);
  await sql`drop index if exists im_session_accid_receipt_seq`.execute(db);
  await sql`create index im_session_accid_receipt_seq on im_session (accid, receipt_seq) where receipt_seq > 0`.execute(db);
  await sql`drop index if exists im_session_accid_top_seq`.execute(db);
  await sql`create index im_session_accid_top_seq on im_session (accid, top_seq) where top_seq > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists im_message_thread`.execute(db);
  await sql`create index im_message_thread on im_message (thread_id_server, "time")`.execute(db);
  await sql`drop index if exists im_session_accid_receipt_seq`.execute(db);
  await sql`create index im_session_accid_receipt_seq on im_session (accid, receipt_seq)`.execute(db);
  await sql`drop index if exists im_session_accid_top_seq`.execute(db);
  await sql`create index im_session_accid_top_seq on im_session (accid, top_seq)`.execute(db);
}
