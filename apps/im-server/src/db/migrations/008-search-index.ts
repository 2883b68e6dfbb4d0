import { sql, type Kysely } from 'kysely';

/**
 * The index of message search (searchHistoryMsgs, docs/protocol.md "History"). The search filters
 * `lower(text) like '%keyword%'` over the caller's messages; a B-tree cannot serve a pattern with a
 * leading wildcard, so until now each search read every message the caller ever sent or received
 * (the sender/receiver indexes) and tested each text. A trigram GIN index (pg_trgm) on
 * `lower(text)` — the query's exact expression — finds the rows containing the keyword's
 * trigrams; the planner combines it with the sender/receiver indexes (BitmapAnd) or uses it alone,
 * whichever its statistics favour. PostgreSQL ships pg_trgm (trusted since 13: the database owner
 * may create it); PGlite loads it at start (openImStore's pgliteExtensions).
 *
 * The extension is database-wide and may already live in another schema (store-server shares the
 * database): the operator class is named by the schema it is actually in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
  `.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('pg_trgm is not installed');
  await sql`create index im_message_text_trgm on im_message using gin (lower(text) ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The extension stays: another schema of the database may use it.
  await db.schema.dropIndex('im_message_text_trgm').ifExists().execute();
}
