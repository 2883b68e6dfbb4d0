import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../db/schema';

/**
 * Tables a refused call may still write: the secure-transport session and its nonces (every envelope call may
 * renew its session) and the access token's last use. Everything else must be byte-for-byte the same.
 */
const CALL_BOOKKEEPING = /^store_(session|session_nonce|access_token)$/;

/**
 * Per table of the store schema, its row count and the newest row version (`xmin`, the transaction that wrote
 * it): an insert or an update writes a row with a newer xmin, a delete lowers the count. One statement; far
 * cheaper than hashing every row, so a test can read it around each of a hundred calls.
 */
export async function databaseDigest(db: Kysely<StoreDatabase>): Promise<Record<string, string>> {
  const parts = (await storeTables(db)).map((table) => sql`select ${table}::text as t, count(*)::text || '@' || coalesce(max(x.xmin::text::bigint), 0)::text as h from ${sql.table(table)} x`);
  const { rows } = await sql<{ t: string; h: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.t, row.h]));
}

const tablesOf = new WeakMap<object, Promise<string[]>>();
/**
 * The base tables on the connection's search path, read once per database: introspection also lists other
 * schemas (the test database's copy of the seed), whose tables an unqualified name does not reach.
 */
function storeTables(db: Kysely<StoreDatabase>): Promise<string[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = sql<{ name: string }>`select c.relname as name from pg_class c where c.relkind in ('r', 'p') and c.relnamespace = current_schema()::regnamespace order by 1`
      .execute(db)
      .then(({ rows }) => rows.map((row) => row.name).filter((name) => !CALL_BOOKKEEPING.test(name)));
    tablesOf.set(db, tables);
  }
  return tables;
}

/** The tables whose digest differs between two reads. */
export function digestDifference(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]).sort();
}
