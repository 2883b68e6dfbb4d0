import { sql } from 'kysely';
import type { TestDatabase } from './test-database';

/** Every store table's rows, in a stable order, as JSON: what the test-database specs compare. */
export async function contentsOf(database: TestDatabase): Promise<Record<string, unknown[]>> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = ${database.schema} and tablename like 'store\\_%' order by tablename`.execute(database.db);
  const contents: Record<string, unknown[]> = {};
  for (const { tablename } of rows) {
    const { rows: tableRows } = await sql<Record<string, unknown>>`select * from ${sql.id(database.schema, tablename)}`.execute(database.db);
    contents[tablename] = tableRows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}
