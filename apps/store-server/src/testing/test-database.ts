import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openStoreDatabase, STORE_MIGRATIONS, type StoreDatabaseHandle } from '../db/database';
import { seedDemoData } from '../db/seed';
import { systemClock, type Clock } from '../shared/clock';

/**
 * A migrated, seeded database for one test file. PGlite's initdb costs seconds, so the first
 * caller dumps a migrated template to the temp folder and later files load it (TOOLCHAIN.md).
 * With DATABASE_URL set, each call gets its own schema on that PostgreSQL server instead.
 */
export interface TestDatabase extends StoreDatabaseHandle {
  schema: string;
  /** Empties every store table and seeds the demo data again; reference data stays. */
  reset(): Promise<void>;
}

/** Keyed by the migrations' source, so editing a migration never reuses a stale template. */
const migrationsFingerprint = createHash('sha256')
  .update(Object.entries(STORE_MIGRATIONS).map(([name, m]) => `${name}\n${m.up.toString()}`).join('\n'))
  .digest('hex')
  .slice(0, 16);
const templateFile = join(tmpdir(), `store-server-template-${migrationsFingerprint}.tar`);

export async function createTestDatabase(clock: Clock = systemClock): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `store_test_${randomBytes(5).toString('hex')}` : 'store';
  let pgliteTemplate: Blob | undefined;
  if (!databaseUrl && existsSync(templateFile)) pgliteTemplate = new Blob([readFileSync(templateFile)]);
  const handle = await openStoreDatabase({ databaseUrl, dataDir: 'memory://', schema, pgliteTemplate });
  if (handle.pglite && !pgliteTemplate) {
    const dump = await handle.pglite.dumpDataDir('none');
    const partial = `${templateFile}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, templateFile); // atomic: parallel workers never read half a file
  }
  await seedDemoData(handle.db, clock);

  const reset = async () => {
    const { rows } = await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = ${schema} and tablename like 'store\\_%'`.execute(handle.db);
    const keep = new Set(['store_error_report_config']);
    const tables = rows.map((r) => r.tablename).filter((t) => !keep.has(t));
    await sql`truncate ${sql.join(tables.map((t) => sql.id(t)))} restart identity cascade`.execute(handle.db);
    await seedDemoData(handle.db, clock);
  };

  const close = async () => {
    if (databaseUrl) await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
    await handle.close();
  };
  return { ...handle, schema, reset, close };
}
