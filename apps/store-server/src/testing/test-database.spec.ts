import { contentsOf } from './database-contents';
import { createTestDatabase, type TestDatabase } from './test-database';
import { ManualClock } from './manual-clock';

const nextStoreId = async (database: TestDatabase) =>
  (await database.db.insertInto('store_store').values({ store_name: 'probe', store_status: 0, store_type: 1, mobile: '13900000099' }).returning('id').executeTakeFirstOrThrow()).id;

describe('test database reset', () => {
  const clock = new ManualClock(Date.parse('2026-12-01T08:00:00Z'));
  let database: TestDatabase;
  /** What the seed wrote (database-side defaults such as created_at included). */
  let seeded: Record<string, unknown[]>;
  beforeAll(async () => {
    database = await createTestDatabase(clock);
    seeded = await contentsOf(database);
  }, 60_000); // PGlite starts and seeds in seconds on a loaded machine
  afterAll(() => database?.close());

  it('puts back exactly what the seed wrote: rows, trigger-kept order counts and the next ids', async () => {
    // Changes in a parent, a child and a trigger-kept count (store_order → store_order_status_count).
    const nextStore = await nextStoreId(database);
    await database.db.updateTable('store_store').set({ store_name: 'renamed' }).where('id', '=', 1001).execute();
    // A child nothing else references (SKUs are referenced by promotions' and applications' lines since issue 28).
    await database.db.deleteFrom('store_order_event').where('store_id', '=', 1001).execute();
    const order = await database.db.selectFrom('store_order').select(['id', 'status']).where('store_id', '=', 1001).orderBy('id').executeTakeFirstOrThrow();
    await database.db.updateTable('store_order').set({ status: order.status === 1 ? 2 : 1 }).where('id', '=', order.id).execute();
    expect(await contentsOf(database)).not.toEqual(seeded);

    await database.reset();
    expect(await contentsOf(database)).toEqual(seeded);
    expect(await nextStoreId(database)).toBe(nextStore);
    await database.reset();
    expect(await contentsOf(database)).toEqual(seeded);
  });

  it('keeps the tables\' triggers on after a reset (the ledger still refuses deletes)', async () => {
    await database.reset();
    const ledgerRows = await database.db.selectFrom('store_ledger').select('id').execute();
    expect(ledgerRows.length).toBeGreaterThan(0);
    await expect(database.db.deleteFrom('store_ledger').execute()).rejects.toThrow();
    expect(await database.db.selectFrom('store_ledger').select('id').execute()).toHaveLength(ledgerRows.length);
  });

  it('seeds afresh at the new time once a test moved its clock', async () => {
    clock.advanceSeconds(3600);
    await database.reset();
    const demo = await database.db.selectFrom('store_store').select('license_expires_on').where('id', '=', 1001).executeTakeFirstOrThrow();
    expect(new Date(demo.license_expires_on as Date).getTime()).toBe(clock.now().getTime() + 45 * 86_400_000);
  });
});
