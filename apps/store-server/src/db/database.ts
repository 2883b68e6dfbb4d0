import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import * as accounts from './migrations/0001-accounts';
import * as storeBusiness from './migrations/0002-store-business';
import * as referenceData from './migrations/0003-reference-data';
import * as storeDeregistration from './migrations/0004-store-deregistration';
import { SerializedPGliteDialect } from './pglite-dialect';
import type { StoreDatabase } from './schema';

/** Ordered, versioned migrations; names sort in the order they must run. */
export const STORE_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-accounts': accounts,
  '0002-store-business': storeBusiness,
  '0003-reference-data': referenceData,
  '0004-store-deregistration': storeDeregistration,
};

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent an embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite folder, or `memory://` for a throw-away database. */
  dataDir: string;
  /** PostgreSQL schema holding every table, so store-server can share a database with im-server. */
  schema: string;
  /** A dump of a migrated PGlite data folder to start from (tests clone a template this way). */
  pgliteTemplate?: Blob;
}

export interface StoreDatabaseHandle {
  db: Kysely<StoreDatabase>;
  kind: 'pglite' | 'postgres';
  /** Present for PGlite only: lets tests dump a migrated template. */
  pglite?: PGlite;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openStoreDatabase(options: DatabaseOptions): Promise<StoreDatabaseHandle> {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`invalid database schema name: ${options.schema}`);
  const handle = options.databaseUrl ? openPostgres(options.databaseUrl, options.schema) : await openPglite(options);
  try {
    await sql`create schema if not exists ${sql.id(options.schema)}`.execute(handle.db);
    await migrateToLatest(handle.db, options.schema);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openPostgres(databaseUrl: string, schema: string): StoreDatabaseHandle {
  // search_path per connection keeps every query unqualified yet inside our own schema.
  const pool = new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${schema}`, max: 10 });
  const db = new Kysely<StoreDatabase>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

async function openPglite(options: DatabaseOptions): Promise<StoreDatabaseHandle> {
  if (!options.dataDir.includes('://')) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(
    options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : { dataDir: options.dataDir },
  );
  await client.exec(`create schema if not exists ${options.schema}; set search_path to ${options.schema}`);
  const db = new Kysely<StoreDatabase>({ dialect: new SerializedPGliteDialect(client) });
  return { db, kind: 'pglite', pglite: client, close: () => db.destroy() };
}

export async function migrateToLatest(db: Kysely<StoreDatabase>, schema: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...STORE_MIGRATIONS }) },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
