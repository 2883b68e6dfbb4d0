import { sql } from 'kysely';
import { STORE_MIGRATIONS, migrateToLatest } from './database';
import { DEMO_STORE, DEMO_STORES, seedDemoData } from './seed';
import { DEMO_SUPPORT, DEMO_STAFF } from './seed-staff';
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
    expect(rows.map((r) => r.name)).toEqual(Object.keys(STORE_MIGRATIONS).sort());
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['0001-accounts', '0008-roles-permissions']));
  });

  it('seeds the demo store and customers idempotently', async () => {
    await seedDemoData(database.db, systemClock);
    await seedDemoData(database.db, systemClock);
    const stores = await database.db.selectFrom('store_store').selectAll().orderBy('id').execute();
    // The demo stores, and the one that can close (closing the shop's demo).
    expect(stores.map((s) => s.id)).toEqual([DEMO_STORE.id, ...DEMO_STORES.map((s) => s.id)]);
    expect(stores[0]).toMatchObject({ id: 1001, store_name: 'Demo Flagship Store', store_status: 2, store_type: 1 });
    const users = await database.db.selectFrom('store_user').selectAll().where('store_id', '=', DEMO_STORE.id).orderBy('id').execute();
    expect(users.map((u) => [u.username, u.is_owner])).toEqual([
      ['demo_merchant', true],
      [DEMO_STAFF.userName, false],
      [DEMO_SUPPORT.userName, false],
    ]);
    await expect(verifySecret(DEMO_STORE.password, users[0]!.password_hash)).resolves.toBe(true);
    await expect(verifySecret(DEMO_STAFF.password, users[1]!.password_hash)).resolves.toBe(true);
    await expect(verifySecret(DEMO_SUPPORT.password, users[2]!.password_hash)).resolves.toBe(true);
    const roles = await database.db.selectFrom('store_role').select(['store_id', 'name']).orderBy('id').execute();
    expect(roles).toEqual([
      { store_id: DEMO_STORE.id, name: 'staff' },
      { store_id: DEMO_STORE.id, name: 'customer service' },
    ]);
    const customers = await database.db.selectFrom('store_customer').select(['accid', 'nickname']).orderBy('accid').execute();
    expect(customers).toEqual([
      { accid: 'c_demo1', nickname: 'Alice Chen' },
      { accid: 'c_demo2', nickname: 'Bob Li' },
    ]);
    // Stock warnings: some open, some handled, and every handled one says when (the list shows it).
    const warnings = await database.db.selectFrom('store_goods_stock_warning').select(['status', 'created_at', 'handled_at']).execute();
    expect(new Set(warnings.map((w) => w.status))).toEqual(new Set([1, 2]));
    for (const warning of warnings) {
      if (warning.status === 2) expect(new Date(warning.handled_at as Date).getTime()).toBeGreaterThan(new Date(warning.created_at).getTime());
      else expect(warning.handled_at).toBeNull();
    }
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
        // fixed wait: the transaction stays open a while so the other writes must queue behind it (what is tested).
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
    expect(stores.map((s) => s.id).sort()).toEqual([DEMO_STORE.id, ...DEMO_STORES.map((s) => s.id)]);
    const banks = await database.db.selectFrom('ref_bank').select('bank_code').execute();
    expect(banks.length).toBeGreaterThan(0);
  });
});
