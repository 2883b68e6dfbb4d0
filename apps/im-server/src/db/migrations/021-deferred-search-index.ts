import { sql, type Kysely } from 'kysely';

/**
 * Message search's trigram index, off the write path (docs/im-server-writes.md "Search index behind the
 * writes"). Migration 008 indexed `lower(text)` of im_message with a trigram GIN: every message write
 * paid for it, the largest single cost of a write (psql, 150 batches of 200: 5.8 s with it, 3.6 s
 * without), and GIN's pending list, once full, was merged inside whichever write came next.
 *
 * Now:
 * - `im_search_backlog` lists the messages not indexed yet. A statement-level trigger on im_message
 *   fills it from the statement's inserted rows (its transition table), so every way a message is
 *   written (group commit, one per transaction, team and super-team sends) adds its rows, in the
 *   message's own transaction: a message is searchable the moment it is committed.
 * - `im_message_search` holds `lower(text)` with the trigram GIN. The indexer
 *   (domain/history/search-indexer.ts) moves rows from the backlog into it, one statement per batch:
 *   a row is in exactly one of the two tables at any snapshot.
 * - Search reads both: the index for what has been moved, the backlog's few rows by their key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('im_search_backlog').addColumn('id_server', 'bigint', (c) => c.primaryKey()).execute();
  await db.schema
    .createTable('im_message_search')
    .addColumn('id_server', 'bigint', (c) => c.primaryKey())
    .addColumn('text_lower', 'text', (c) => c.notNull())
    .execute();
  // As in 008: the operator class is named by the schema pg_trgm is actually installed in.
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
  `.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('pg_trgm is not installed');
  await sql`create index im_message_search_trgm on im_message_search using gin (text_lower ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);

  await sql`
    create function im_search_backlog_add() returns trigger language plpgsql as $fn$
    begin
      insert into im_search_backlog (id_server) select id_server from inserted_messages where "text" <> '';
      return null;
    end
    $fn$
  `.execute(db);
  await sql`
    create trigger im_message_search_backlog after insert on im_message
    referencing new table as inserted_messages
    for each statement execute function im_search_backlog_add()
  `.execute(db);

  // What is stored already goes straight into the index; the old index on im_message goes.
  await sql`insert into im_message_search (id_server, text_lower) select id_server, lower("text") from im_message where "text" <> ''`.execute(db);
  await db.schema.dropIndex('im_message_text_trgm').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists im_message_search_backlog on im_message`.execute(db);
  await sql`drop function if exists im_search_backlog_add()`.execute(db);
  await db.schema.dropTable('im_message_search').ifExists().execute();
  await db.schema.dropTable('im_search_backlog').ifExists().execute();
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
  `.execute(db);
  if (rows[0]) await sql`create index if not exists im_message_text_trgm on im_message using gin (lower(text) ${sql.id(rows[0].schema, 'gin_trgm_ops')})`.execute(db);
}
