import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Migration } from 'kysely';
import { openDatabase } from './index';

/**
 * The path each server takes at start-up: PostgreSQL when DATABASE_URL is set (a throw-away
 * schema, dropped afterwards), the embedded PGlite in a temp folder otherwise.
 */
const databaseUrl = process.env.DATABASE_URL || undefined;

interface TestDatabase {
  counter: { id: number; total: number | string };
}

const MIGRATIONS: Record<string, Migration> = {
  '001-counter': {
    up: async (db) => {
      await sql`
        create table counter (id integer primary key, total bigint not null);
        insert into counter values (1, 9007199254740000);
      `.execute(db);
    },
  },
};

describe(`openDatabase (${databaseUrl ? 'PostgreSQL from DATABASE_URL' : 'PGlite, DATABASE_URL unset'})`, () => {
  const schema = `server_db_it_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'server-db-int-'));
  const open = (int8AsNumber = false) =>
    openDatabase<TestDatabase>({ databaseUrl, dataDir, schema, migrations: MIGRATIONS, int8AsNumber });

  afterAll(async () => {
    if (databaseUrl) {
      const cleanup = await openDatabase<TestDatabase>({ databaseUrl, schema });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup.db);
      await cleanup.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the schema, migrates into it and keeps data across reopen', async () => {
    const first = await open();
    expect(first.kind).toBe(databaseUrl ? 'postgres' : 'pglite');
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(first.db);
    expect(rows[0].schema).toBe(schema);
    await first.db.updateTable('counter').set({ total: 9007199254740001 }).where('id', '=', 1).execute();
    await first.close();

    const second = await open(true);
    const counter = await second.db.selectFrom('counter').select('total').executeTakeFirstOrThrow();
    expect(Number(counter.total)).toBe(9007199254740001);
    if (databaseUrl) expect(counter.total).toBe(9007199254740001); // int8AsNumber
    const applied = await sql<{ name: string }>`select name from ${sql.id(schema, 'kysely_migration')}`.execute(second.db);
    expect(applied.rows.map((r) => r.name)).toEqual(['001-counter']);
    await second.close();
  });

  it('serialises transactions with other callers (one PGlite connection, or a pool of them)', async () => {
    const database = await open(true);
    try {
      const failing = database.db.transaction().execute(async (trx) => {
        await trx.updateTable('counter').set({ total: 0 }).where('id', '=', 1).execute();
        // fixed wait: the transaction stays open a while so the outside read must not see its update (what is tested).
        await new Promise((resolve) => setTimeout(resolve, 30));
        throw new Error('roll back');
      });
      const outside = database.db.selectFrom('counter').select('total').executeTakeFirstOrThrow();
      const [trx, read] = await Promise.allSettled([failing, outside]);
      expect(trx.status).toBe('rejected');
      expect(read.status === 'fulfilled' && Number(read.value.total)).toBe(9007199254740001);
    } finally {
      await database.close();
    }
  });
});
