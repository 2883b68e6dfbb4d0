import { mkdirSync } from 'node:fs';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely';
import type { ImDatabase } from './schema';
import { migrations } from './migrations';
import { PGliteDialect } from './pglite-dialect';

/** im-server keeps its tables in their own schema so it can share a database with store-server. */
export const IM_SCHEMA = 'im';

export interface DatabaseConfig {
  /** PostgreSQL connection string; when absent an embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite folder; `memory://` keeps it in memory (tests). */
  dataDir: string;
}

export interface ImStore {
  db: Kysely<ImDatabase>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const INT8_OID = 20;

async function createDialect(config: DatabaseConfig) {
  if (config.databaseUrl) {
    const pg = await import('pg');
    const Pool = pg.default?.Pool ?? (pg as unknown as typeof pg.default).Pool;
    const types = pg.default?.types ?? (pg as unknown as typeof pg.default).types;
    const pool = new Pool({
      connectionString: config.databaseUrl,
      max: 10,
      options: `-c search_path=${IM_SCHEMA}`,
      // Our bigint columns are epoch milliseconds and identities, all below 2^53.
      types: { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === INT8_OID ? Number : types.getTypeParser(oid, format)) } as never,
    });
    return { dialect: new PostgresDialect({ pool }), kind: 'postgres' as const };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (!config.dataDir.startsWith('memory://')) mkdirSync(config.dataDir, { recursive: true });
  const client = await PGlite.create(config.dataDir);
  return { dialect: new PGliteDialect(client), kind: 'pglite' as const };
}

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/** Two nodes starting together may race on "create schema if not exists"; the loser's error is harmless. */
async function createSchema(db: Kysely<ImDatabase>): Promise<void> {
  try {
    await sql`create schema if not exists ${sql.id(IM_SCHEMA)}`.execute(db);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== '23505' && code !== '42P06') throw error;
  }
}

/** Opens the database, creates the `im` schema and runs pending migrations in order. */
export async function openImStore(config: DatabaseConfig): Promise<ImStore> {
  const { dialect, kind } = await createDialect(config);
  const db = new Kysely<ImDatabase>({ dialect });
  try {
    await createSchema(db);
    if (kind === 'pglite') await sql`set search_path to ${sql.id(IM_SCHEMA)}`.execute(db);
    const migrator = new Migrator({
      db,
      provider: new StaticMigrationProvider(),
      migrationTableSchema: IM_SCHEMA,
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
      throw new Error(`im-server migration ${failed} failed: ${String(error)}`);
    }
  } catch (e) {
    await db.destroy();
    throw e;
  }
  return { db, kind, close: () => db.destroy() };
}
