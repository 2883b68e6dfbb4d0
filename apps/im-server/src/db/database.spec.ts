import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openImStore } from './database';
import { migrations } from './migrations';

describe('openImStore (PGlite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'im-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates into the im schema and keeps data across reopen without re-running migrations', async () => {
    const first = await openImStore({ dataDir });
    await first.db.insertInto('im_user').values({ accid: 'c_demo1', nick: 'Alice', avatar: '', created_at: 1, updated_at: 1 }).execute();
    const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'im' order by table_name`.execute(first.db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['im_message', 'im_session', 'im_timetag', 'im_user', 'kysely_migration']),
    );
    await first.close();

    const second = await openImStore({ dataDir });
    const users = await second.db.selectFrom('im_user').selectAll().execute();
    expect(users).toEqual([expect.objectContaining({ accid: 'c_demo1', nick: 'Alice', avatar: '', created_at: 1, updated_at: 1, gender: 0, email: '', profile_edited: false })]);
    const applied = await sql<{ name: string }>`select name from im.kysely_migration`.execute(second.db);
    // Every migration of the table, each once, in order (the table is the one list: a new migration needs no edit here).
    const names = Object.keys(migrations).sort();
    expect(names[0]).toBe('001-initial');
    expect(applied.rows.map((r) => r.name)).toEqual(names);
    await second.close();
    // Two opens of PGlite with every migration: ~40 s when the machine is loaded (CI runs suites side by side).
  }, 120_000);
});
