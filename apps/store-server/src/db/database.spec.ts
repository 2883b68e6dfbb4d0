import { sql } from 'kysely';
import { migrateToLatest } from './database';
import { DEMO_STORE, seedDemoData } from './seed';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { systemClock } from '../shared/clock';
import { verifySecret } from '../shared/passwords';

describe('store database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('runs every migration once; running again does nothing', async () => {
    const again = await migrateToLatest(database.db, database.schema);
    expect(again).toEqual([]);
    const { rows } = await sql<{ name: string }>`select name from ${sql.id(database.schema, 'kysely_migration')} order by name`.execute(database.db);
    expect(rows.map((r) => r.name)).toEqual(['0001-accounts', '0002-store-business', '0003-reference-data', '0004-store-deregistration', '0007-media-library']);
  });

  it('seeds the demo store and customers idempotently', async () => {
    await seedDemoData(database.db, systemClock);
    await seedDemoData(database.db, systemClock);
    const stores = await database.db.selectFrom('store_store').selectAll().execute();
    expect(stores).toHaveLength(1);
    expect(stores[0]).toMatchObject({ id: 1001, store_name: 'Demo Flagship Store', store_status: 2, store_type: 1 });
    const users = await database.db.selectFrom('store_user').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0].username).toBe('demo_merchant');
    await expect(verifySecret(DEMO_STORE.password, users[0].password_hash)).resolves.toBe(true);
    const customers = await database.db.selectFrom('store_customer').select(['accid', 'nickname']).orderBy('accid').execute();
    expect(customers).toEqual([
      { accid: 'c_demo1', nickname: 'Alice Chen' },
      { accid: 'c_demo2', nickname: 'Bob Li' },
    ]);
  });

  it('gives new stores ids that never collide with the demo store', async () => {
    const row = await database.db
      .insertInto('store_store')
      .values({ store_name: 'x', store_status: 0, store_type: 1, mobile: '13900000000' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(2000);
  });

  it('serialises concurrent transactions on the single PGlite connection', async () => {
    const insertInTransaction = (mobile: string, fail: boolean) =>
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('store_store').values({ store_name: mobile, store_status: 0, store_type: 1, mobile }).execute();
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (fail) throw new Error('rolled back');
      });
    const results = await Promise.allSettled([
      insertInTransaction('13900000001', true),
      insertInTransaction('13900000002', false),
      database.db.insertInto('store_store').values({ store_name: 'n', store_status: 0, store_type: 1, mobile: '13900000003' }).execute(),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    const mobiles = (await database.db.selectFrom('store_store').select('mobile').execute()).map((r) => r.mobile);
    expect(mobiles).not.toContain('13900000001');
    expect(mobiles).toEqual(expect.arrayContaining(['13900000002', '13900000003']));
  });

  it('reset empties store tables and seeds again', async () => {
    await database.reset();
    const stores = await database.db.selectFrom('store_store').select('id').execute();
    expect(stores.map((s) => s.id)).toEqual([1001]);
    const banks = await database.db.selectFrom('ref_bank').select('bank_code').execute();
    expect(banks.length).toBeGreaterThan(0);
  });
});
