import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Migration } from 'kysely';
import { openDatabase, runMigrations, type DatabaseHandle } from './index';

interface TestDatabase {
  item: { id: number; label: string };
  other: { id: number };
}

/** One migration holding several statements: PGlite must run it through the simple protocol. */
const MIGRATIONS: Record<string, Migration> = {
  '001-initial': {
    up: async (db) => {
      await sql`
        create table item (id integer primary key, label text not null);
        create table other (id integer primary key);
        insert into other values (1), (2);
      `.execute(db);
    },
  },
};

describe('openDatabase on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'server-db-'));
  let database: DatabaseHandle<TestDatabase>;

  beforeAll(async () => {
    database = await openDatabase<TestDatabase>({ dataDir: join(dataDir, 'db'), schema: 'app', migrations: MIGRATIONS });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a multi-statement migration into the schema and points search_path at it', async () => {
    expect(database.kind).toBe('pglite');
    const others = await database.db.selectFrom('other').select('id').orderBy('id').execute();
    expect(others.map((r) => r.id)).toEqual([1, 2]);
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'app' order by table_name`.execute(database.db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(['item', 'kysely_migration', 'kysely_migration_lock', 'other']);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    expect(rows[0].schema).toBe('app');
  });

  it('runs each migration once', async () => {
    await expect(runMigrations(database.db, { migrations: MIGRATIONS, schema: 'app' })).resolves.toEqual([]);
  });

  it('reports affected rows of updates and deletes', async () => {
    const updated = await database.db.updateTable('other').set({ id: 3 }).where('id', '=', 2).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(BigInt(1));
    const deleted = await database.db.deleteFrom('other').where('id', '=', 42).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(BigInt(0));
  });

  it("never runs one caller's query inside another caller's open transaction", async () => {
    const events: string[] = [];
    let insertedInside!: () => void;
    const transactionOpen = new Promise<void>((resolve) => (insertedInside = resolve));
    const rolledBack = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('item').values({ id: 1, label: 'inside' }).execute();
      events.push('transaction inserted');
      insertedInside();
      // fixed wait: the transaction stays open a while so the outside insert must queue behind it (what is tested).
      await new Promise((resolve) => setTimeout(resolve, 50));
      events.push('transaction rolling back');
      throw new Error('roll back');
    });
    // Issued while the transaction is open: it must wait, and must not be rolled back with it.
    await transactionOpen;
    const outside = database.db
      .insertInto('item')
      .values({ id: 2, label: 'outside' })
      .execute()
      .then(() => events.push('outside inserted'));
    const results = await Promise.allSettled([rolledBack, outside]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(events).toEqual(['transaction inserted', 'transaction rolling back', 'outside inserted']);
    const items = await database.db.selectFrom('item').select(['id', 'label']).execute();
    expect(items).toEqual([{ id: 2, label: 'outside' }]);
  });

  it('keeps data across close and reopen without running migrations again', async () => {
    await database.db.insertInto('item').values({ id: 3, label: 'kept' }).execute();
    await database.close();
    database = await openDatabase<TestDatabase>({ dataDir: join(dataDir, 'db'), schema: 'app', migrations: MIGRATIONS });
    const items = await database.db.selectFrom('item').select('label').orderBy('id').execute();
    expect(items.map((r) => r.label)).toEqual(['outside', 'kept']);
    const applied = await sql<{ name: string }>`select name from app.kysely_migration`.execute(database.db);
    expect(applied.rows.map((r) => r.name)).toEqual(['001-initial']);
  });

  it('closes the database and names the migration when one fails', async () => {
    const failing: Record<string, Migration> = {
      '001-broken': { up: async (db) => void (await sql`create table broken (; select 1`.execute(db)) },
    };
    await expect(openDatabase({ schema: 'app', migrations: failing, label: 'test-server' })).rejects.toThrow(
      /^test-server migration 001-broken failed: /,
    );
  });

  it('refuses a schema name it would have to quote', async () => {
    await expect(openDatabase({ schema: 'app; drop table x' })).rejects.toThrow('invalid database schema name');
  });
});
