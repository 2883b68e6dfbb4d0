import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { runMigrations } from './migrations';
import { SerializedPGliteDialect } from './pglite-dialect';

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent an embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite folder (created if missing), or `memory://` for a throw-away database (the default). */
  dataDir?: string;
  /** Schema holding every table, so several servers can share one PostgreSQL database. */
  schema: string;
  /** PGlite only: a dump of a data folder to start from instead of `dataDir` (tests clone a template). */
  loadDataDir?: Blob;
  /** PostgreSQL only: parse int8 as a JS number (for bigint columns known to stay below 2^53). */
  int8AsNumber?: boolean;
  /** PostgreSQL pool size (default 10). */
  maxConnections?: number;
  /** When given, run at open (see runMigrations); a failure closes the database and rejects. */
  migrations?: Readonly<Record<string, Migration>>;
  /** Names the server in a migration failure message. */
  label?: string;
  /**
   * PGlite only: contrib extensions its migrations create (`create extension`); PGlite can only
   * create the ones loaded when it starts. PostgreSQL ships them.
   */
  pgliteExtensions?: readonly PgliteExtensionName[];
}

/** The PGlite contrib extensions a server may ask for. */
const PGLITE_EXTENSIONS = { pg_trgm } as const;
export type PgliteExtensionName = keyof typeof PGLITE_EXTENSIONS;

export interface DatabaseHandle<T> {
  db: Kysely<T>;
  kind: 'pglite' | 'postgres';
  /** PGlite only: the embedded client (tests dump a migrated template with it). */
  pglite?: PGlite;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const INT8_OID = 20;
/** A concurrent `create schema if not exists` loses with unique_violation or duplicate_schema. */
const SCHEMA_RACE_CODES = new Set(['23505', '42P06']);

/**
 * Opens PGlite (no `databaseUrl`) or a PostgreSQL pool, creates `schema`, points search_path at it
 * so queries stay unqualified, and runs `migrations` when given.
 */
export async function openDatabase<T>(options: OpenDatabaseOptions): Promise<DatabaseHandle<T>> {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`invalid database schema name: ${options.schema}`);
  const handle = options.databaseUrl ? openPostgres<T>(options.databaseUrl, options) : await openPglite<T>(options);
  try {
    await createSchema(handle.db as Kysely<unknown>, options.schema);
    if (options.migrations) {
      await runMigrations(handle.db, {
        migrations: options.migrations,
        schema: options.schema,
        label: options.label,
      });
    }
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openPostgres<T>(databaseUrl: string, options: OpenDatabaseOptions): DatabaseHandle<T> {
  // search_path per connection keeps every query unqualified yet inside our own schema.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    options: `-c search_path=${options.schema}`,
    max: options.maxConnections ?? 10,
    ...(options.int8AsNumber
      ? {
          types: {
            getTypeParser: (oid: number, format?: 'text' | 'binary') =>
              oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format),
          } as never,
        }
      : {}),
  });
  const db = new Kysely<T>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

async function openPglite<T>(options: OpenDatabaseOptions): Promise<DatabaseHandle<T>> {
  const dataDir = options.dataDir ?? 'memory://';
  if (!options.loadDataDir && !dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const extensions = Object.fromEntries((options.pgliteExtensions ?? []).map((name) => [name, PGLITE_EXTENSIONS[name]]));
  const client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { dataDir, extensions });
  // One connection: the search_path set here holds for every later query.
  await client.exec(`create schema if not exists ${options.schema}; set search_path to ${options.schema}`);
  const db = new Kysely<T>({ dialect: new SerializedPGliteDialect(client) });
  return { db, kind: 'pglite', pglite: client, close: () => db.destroy() };
}

/** Two nodes starting together may race on "create schema if not exists"; the loser's error is harmless. */
async function createSchema(db: Kysely<unknown>, schema: string): Promise<void> {
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !SCHEMA_RACE_CODES.has(code)) throw error;
  }
}
