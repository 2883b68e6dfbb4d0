import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openStoreDatabase, STORE_MIGRATIONS, type StoreDatabaseHandle } from '../db/database';
import type { StoreDatabase } from '../db/schema';
import { seedDemoData } from '../db/seed';
import { systemClock, type Clock } from '../shared/clock';

/**
 * A migrated, seeded database for one test file. PGlite's initdb costs seconds, so the first
 * caller dumps a migrated template to the temp folder and later files load it (TOOLCHAIN.md).
 * With DATABASE_URL set, each call gets a database of its own on that PostgreSQL server, cloned from a
 * migrated template database (`CREATE DATABASE … TEMPLATE …`: under a second, where running the
 * migrations took seconds per file), and dropped again at close.
 */
export interface TestDatabase extends StoreDatabaseHandle {
  schema: string;
  /** PostgreSQL: the clone's URL (a second server on the same database, a LISTEN connection); PGlite: absent. */
  url?: string;
  /** Empties every store table and seeds the demo data again; reference data stays. */
  reset(): Promise<void>;
}

/** Keyed by the migrations' source, so editing a migration never reuses a stale template. */
const migrationsFingerprint = createHash('sha256')
  .update(Object.entries(STORE_MIGRATIONS).map(([name, m]) => `${name}\n${m.up.toString()}`).join('\n'))
  .digest('hex')
  .slice(0, 16);
const templateFile = join(tmpdir(), `store-server-template-${migrationsFingerprint}.tar`);

/** Store tables reset leaves alone (configuration the suites set once per file). */
const KEPT_TABLES = new Set(['store_error_report_config']);

/**
 * How long a copy of the seed stays good. The seed writes times relative to its clock's now (a licence expiring
 * in 45 days, last week's orders), so a copy taken a minute ago differs from a fresh seed by that minute, which is
 * less than the seconds a slow test already spends between its reset and its assertions on a loaded machine. The
 * same holds for a test's own clock, whether it follows real time shifted (group buys) or is set by hand: a copy
 * is used while that clock reads at most this much after the seed's moment, never before it, so a test that moved
 * its clock by minutes or days, or back, gets a fresh seed. (Only an exactly equal reading used to count on a
 * test's clock, so suites whose clock follows real time seeded afresh for every test: 15 s each under load.)
 */
const SEED_COPY_MAX_AGE_MS = 60_000;

export async function createTestDatabase(clock: Clock = systemClock): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL || undefined;
  const clone = serverUrl ? await cloneMigratedDatabase(serverUrl, clock) : undefined;
  const databaseUrl = clone?.url;
  const schema = 'store';
  let pgliteTemplate: Blob | undefined;
  if (!databaseUrl && existsSync(templateFile)) pgliteTemplate = new Blob([readFileSync(templateFile)]);
  let handle: StoreDatabaseHandle;
  try {
    handle = await openStoreDatabase({ databaseUrl, dataDir: 'memory://', schema, pgliteTemplate });
  } catch (error) {
    await clone?.drop();
    throw error;
  }
  if (handle.pglite && !pgliteTemplate) {
    const dump = await handle.pglite.dumpDataDir('none');
    const partial = `${templateFile}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, templateFile); // atomic: parallel workers never read half a file
  }
  const seedCopy = new SeedCopy(handle.db, schema);
  let seededAt: number;
  if (clone?.seededAt !== undefined) {
    // Cloned from a seeded template: the seed and its copy came with it.
    seededAt = clone.seededAt;
  } else {
    seededAt = clock.now().getTime();
    await seedDemoData(handle.db, clock);
    await seedCopy.take();
  }

  // Seeding runs about a thousand statements (the after-sales demo goes through its services), seconds
  // on a loaded machine and once per test in most suites; restoring the copy taken after the last seed
  // is one server-side call. The copy is taken again whenever a fresh seed was needed.
  const copyStillGood = (now: number) => now >= seededAt && now - seededAt <= SEED_COPY_MAX_AGE_MS;
  const reset = async () => {
    const now = clock.now().getTime();
    if (seedCopy.usable && copyStillGood(now)) {
      await seedCopy.restore();
      return;
    }
    await seedCopy.emptyStoreTables();
    seededAt = now;
    await seedDemoData(handle.db, clock);
    await seedCopy.take();
  };

  const close = async () => {
    await handle.close();
    await clone?.drop();
  };
  return { ...handle, schema, url: databaseUrl, reset, close };
}

/** PostgreSQL names: the template is per migrations' source, each clone per test file. */
const TEMPLATE_DATABASE = `store_test_template_${migrationsFingerprint}`;
/**
 * Seeded templates: the migrated template with the demo data and its seed copy, named with the moment of the seed,
 * per migrations and checkout (two checkouts' seeds may differ). Seeding took ~3 s of the ~7 s a small file needs,
 * and every one of the ~80 files seeded; now a file clones the newest seeded template when its clock reads at most
 * SEEDED_TEMPLATE_MAX_AGE_MS after that seed, the same rule as a seed copy's (so its resets restore the copy for the
 * rest of SEED_COPY_MAX_AGE_MS), and otherwise seeds one (a clock that follows the system's) or seeds itself.
 */
const SEEDED_TEMPLATE_PREFIX = `store_test_seeded_${createHash('sha256').update(`${migrationsFingerprint}\n${__dirname}`).digest('hex').slice(0, 10)}_`;
const SEEDED_TEMPLATE_MAX_AGE_MS = 20_000;
/** A clock this close to the system's seeds a shared template; a test's own clock (set by hand, shifted) seeds its file. */
const SYSTEM_CLOCK_TOLERANCE_MS = 1_000;
/** One lock for every template, whatever its migrations: building, dropping and cloning never overlap. */
const TEMPLATE_LOCK = 'store_test_template';
const pgId = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A new database on the server of `serverUrl`, cloned from the migrated template (created on first use,
 * under an advisory lock so concurrent test processes build it once and never clone it half-built).
 */
async function cloneMigratedDatabase(serverUrl: string, clock: Clock): Promise<{ url: string; seededAt?: number; drop(): Promise<void> }> {
  const urlOf = (database: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const name = `store_test_${randomBytes(5).toString('hex')}`;
  let seededAt: number | undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [TEMPLATE_LOCK]);
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [TEMPLATE_DATABASE]);
      if (!rowCount) await buildTemplate(admin, urlOf(TEMPLATE_DATABASE));
      const seeded = await seededTemplateFor(admin, clock, urlOf);
      seededAt = seeded?.seededAt;
      await admin.query(`create database ${pgId(name)} template ${pgId(seeded?.name ?? TEMPLATE_DATABASE)}`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [TEMPLATE_LOCK]);
    }
  } finally {
    await admin.end();
  }
  return {
    url: urlOf(name),
    seededAt,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        // Never WITH (FORCE): a session of this file still closing would die with an error nobody listens to
        // (pg emits it on the pool), and jest would fail whichever file runs next. Wait for it to end instead.
        for (let attempt = 1; ; attempt++) {
          const { rowCount } = await client.query('select 1 from pg_stat_activity where datname = $1', [name]);
          if (!rowCount) {
            try {
              await client.query(`drop database if exists ${pgId(name)}`);
              return;
            } catch (error) {
              // 55006: a session connected between the check and the drop; look again.
              if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
            }
          } else if (attempt >= 100) {
            throw new Error(`test database ${name} still has ${rowCount} session(s) after its close`);
          }
          await new Promise((resolve) => setTimeout(resolve, 100)); // fixed wait: poll interval; 100 attempts bound the wait
        }
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The seeded template a clock reading may use (under the template lock): the newest whose seed is 0–20 s before the
 * reading; else, for a clock that follows the system's, a new one seeded now (older ones of any checkout, which no
 * reading can use any more, are dropped); else none, and the file seeds its own.
 */
async function seededTemplateFor(admin: pg.Client, clock: Clock, urlOf: (database: string) => string): Promise<{ name: string; seededAt: number } | undefined> {
  const now = clock.now().getTime();
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'store\\_test\\_seeded\\_%'`);
  const seeded = rows.map(({ datname }) => ({ name: datname, seededAt: Number(datname.slice(datname.lastIndexOf('_') + 1)) }));
  const usable = seeded
    .filter((template) => template.name.startsWith(SEEDED_TEMPLATE_PREFIX) && now >= template.seededAt && now - template.seededAt <= SEEDED_TEMPLATE_MAX_AGE_MS)
    .sort((a, b) => b.seededAt - a.seededAt)[0];
  if (usable) return usable;
  if (Math.abs(now - Date.now()) > SYSTEM_CLOCK_TOLERANCE_MS) return undefined;
  for (const old of seeded) {
    if (old.seededAt < Date.now() - 2 * SEEDED_TEMPLATE_MAX_AGE_MS) await admin.query(`drop database if exists ${pgId(old.name)}`).catch(() => undefined); // one still connected stays
  }
  const name = `${SEEDED_TEMPLATE_PREFIX}${now}`;
  await admin.query(`create database ${pgId(name)} template ${pgId(TEMPLATE_DATABASE)}`);
  try {
    const handle = await openStoreDatabase({ databaseUrl: urlOf(name), dataDir: 'memory://', schema: 'store' });
    try {
      await seedDemoData(handle.db, clock);
      const copy = new SeedCopy(handle.db, 'store');
      await copy.take();
      if (!copy.usable) throw new Error('the store tables\' foreign keys form a cycle: no seed copy');
    } finally {
      await handle.close();
    }
  } catch {
    await admin.query(`drop database if exists ${pgId(name)} with (force)`);
    return undefined; // the file seeds its own, as before
  }
  return { name, seededAt: now };
}

/** Creates the template and migrates it; nothing stays connected to it (a clone needs it idle). */
async function buildTemplate(admin: pg.Client, templateUrl: string): Promise<void> {
  // Templates of earlier migrations are left from other checkouts' runs: drop them (one in use stays).
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'store\\_test\\_template\\_%'`);
  for (const { datname } of rows) await admin.query(`drop database if exists ${pgId(datname)}`).catch(() => undefined);
  await admin.query(`create database ${pgId(TEMPLATE_DATABASE)}`);
  try {
    const handle = await openStoreDatabase({ databaseUrl: templateUrl, dataDir: 'memory://', schema: 'store' });
    await handle.close();
  } catch (error) {
    await admin.query(`drop database if exists ${pgId(TEMPLATE_DATABASE)} with (force)`);
    throw error;
  }
}

/** Tries of a seed copy's restore that PostgreSQL picked as a deadlock victim (about 6 s of back-off in all). */
const RESTORE_ATTEMPTS = 10;

/**
 * A copy of every store table right after the seed, in a schema of its own, with a plpgsql function that
 * puts it back: deletes each table's rows (children first), inserts the copied rows (parents first) and
 * sets each table's sequences to where the seed left them, so ids come out as after a fresh seed.
 */
class SeedCopy {
  readonly schema: string;
  /** False when the tables' foreign keys form a cycle: reset then empties and seeds as before. */
  usable = true;
  private tables: string[] | undefined;

  constructor(
    private readonly db: Kysely<StoreDatabase>,
    private readonly storeSchema: string,
  ) {
    this.schema = `${storeSchema}_seed`;
  }

  /** The store tables reset covers, the seeded-from ones first (foreign-key order); undefined on a cycle. */
  private async orderedTables(): Promise<string[] | undefined> {
    const { rows } = await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = ${this.storeSchema} and tablename like 'store\\_%' order by tablename`.execute(this.db);
    const tables = rows.map((r) => r.tablename).filter((t) => !KEPT_TABLES.has(t));
    const { rows: links } = await sql<{ child: string; parent: string }>`
      select ch.relname as child, pa.relname as parent
      from pg_constraint c
      join pg_class ch on ch.oid = c.conrelid
      join pg_class pa on pa.oid = c.confrelid
      join pg_namespace n on n.oid = ch.relnamespace
      where c.contype = 'f' and n.nspname = ${this.storeSchema}`.execute(this.db);
    const parentsOf = new Map(tables.map((t) => [t, new Set<string>()]));
    for (const { child, parent } of links) if (child !== parent && parentsOf.has(child) && parentsOf.has(parent)) parentsOf.get(child)!.add(parent);
    const ordered: string[] = [];
    const placed = new Set<string>();
    while (ordered.length < tables.length) {
      const ready = tables.filter((t) => !placed.has(t) && [...parentsOf.get(t)!].every((p) => placed.has(p)));
      if (ready.length === 0) return undefined;
      for (const t of ready) {
        ordered.push(t);
        placed.add(t);
      }
    }
    return ordered;
  }

  /** Empties the store tables (the reset before a fresh seed). */
  async emptyStoreTables(): Promise<void> {
    this.tables ??= (await this.orderedTables()) ?? undefined;
    const tables = this.tables ?? (await this.allStoreTables());
    await sql`truncate ${sql.join(tables.map((t) => sql.id(t)))} restart identity cascade`.execute(this.db);
  }

  private async allStoreTables(): Promise<string[]> {
    const { rows } = await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = ${this.storeSchema} and tablename like 'store\\_%'`.execute(this.db);
    return rows.map((r) => r.tablename).filter((t) => !KEPT_TABLES.has(t));
  }

  /** Copies the seeded tables and writes the function that restores them. */
  async take(): Promise<void> {
    this.tables ??= await this.orderedTables();
    if (!this.tables) {
      this.usable = false;
      return;
    }
    const tables = this.tables;
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = ${this.storeSchema} and is_generated = 'NEVER'
      order by table_name, ordinal_position`.execute(this.db);
    const { rows: sequences } = await sql<{ sequence: string; last_value: string | null; start_value: string }>`
      select s.sequencename as sequence, s.last_value::text as last_value, s.start_value::text as start_value
      from pg_sequences s
      join pg_class sc on sc.relname = s.sequencename
      join pg_namespace sn on sn.oid = sc.relnamespace and sn.nspname = s.schemaname
      join pg_depend d on d.objid = sc.oid and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid
      where s.schemaname = ${this.storeSchema} and t.relname in (${sql.join(tables)})`.execute(this.db);
    // The ledger refuses deletes and store_order keeps the status counts: triggers stay off while the copy goes back.
    const { rows: triggered } = await sql<{ table: string }>`
      select distinct c.relname as table from pg_trigger g
      join pg_class c on c.oid = g.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      where not g.tgisinternal and n.nspname = ${this.storeSchema} and c.relname in (${sql.join(tables)})
      order by c.relname`.execute(this.db);

    const id = (name: string) => `"${name.replace(/"/g, '""')}"`;
    const own = (name: string) => `${id(this.storeSchema)}.${id(name)}`;
    const copy = (name: string) => `${id(this.schema)}.${id(name)}`;
    const columnList = (table: string) => columns.filter((c) => c.table_name === table).map((c) => id(c.column_name)).join(', ');
    const statements = [
      ...triggered.map((t) => `alter table ${own(t.table)} disable trigger user;`),
      ...[...tables].reverse().map((t) => `delete from ${own(t)};`),
      ...tables.map((t) => `insert into ${own(t)} (${columnList(t)}) overriding system value select ${columnList(t)} from ${copy(t)};`),
      ...sequences.map((s) =>
        s.last_value === null
          ? `perform setval('${own(s.sequence).replace(/'/g, "''")}', ${Number(s.start_value)}, false);`
          : `perform setval('${own(s.sequence).replace(/'/g, "''")}', ${Number(s.last_value)}, true);`,
      ),
      ...triggered.map((t) => `alter table ${own(t.table)} enable trigger user;`),
    ];
    await sql.raw(`drop schema if exists ${id(this.schema)} cascade`).execute(this.db);
    await sql.raw(`create schema ${id(this.schema)}`).execute(this.db);
    for (const t of tables) await sql.raw(`create unlogged table ${copy(t)} as select ${columnList(t)} from ${own(t)}`).execute(this.db);
    await sql
      .raw(`create function ${id(this.schema)}.restore() returns void language plpgsql as $restore$ begin\n${statements.join('\n')}\nend $restore$`)
      .execute(this.db);
  }

  async restore(): Promise<void> {
    // The restore truncates and refills every table; a server's background work (the sandbox provider's poll and
    // callbacks, a sweeper) touching a table meanwhile can make PostgreSQL pick the restore as a deadlock victim
    // (40P01). The restore is the same whole copy each time, so it runs again, after a growing pause that lets the
    // background burst end: run at once, five immediate retries all lost to the payouts the wallet spec's 100
    // concurrent withdrawals left in flight (fresh-clone run of 2026-12-07 08:00).
    for (let attempt = 1; ; attempt++) {
      try {
        await sql.raw(`select ${`"${this.schema.replace(/"/g, '""')}"`}.restore()`).execute(this.db);
        return;
      } catch (error) {
        if (attempt >= RESTORE_ATTEMPTS || (error as { code?: string }).code !== '40P01') throw error;
        const pauseMs = Math.min(1_000, 50 * 2 ** attempt);
        await new Promise((resolve) => setTimeout(resolve, pauseMs)); // fixed wait: back-off between deadlock retries, bounded by RESTORE_ATTEMPTS
      }
    }
  }
}
