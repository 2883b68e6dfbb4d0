// Seeded templates on PostgreSQL (src/testing/test-database.ts): a file whose clock follows the system's clones the
// demo seed and its copy from a template seeded moments before, instead of seeding itself (~3 s of a small file's 7);
// a test's own clock far from that seed gets a seed of its own, as before.
import { contentsOf } from './database-contents';
import { createTestDatabase, type TestDatabase } from './test-database';
import { ManualClock } from './manual-clock';

describe('test databases cloned from a seeded template (PostgreSQL)', () => {
  const opened: TestDatabase[] = [];
  const open = async (clock?: ManualClock) => {
    const database = await createTestDatabase(clock);
    opened.push(database);
    return database;
  };
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  it('two files opened moments apart get the same seed, and a reset puts it back', async () => {
    const first = await open();
    const second = await open();
    const seeded = await contentsOf(first);
    expect(seeded.store_store.length).toBeGreaterThan(0);
    expect(await contentsOf(second)).toEqual(seeded);

    // Each file's database is its own, and its reset restores the seed it was cloned with.
    await second.db.updateTable('store_store').set({ store_name: 'renamed' }).where('id', '=', 1001).execute();
    expect(await contentsOf(first)).toEqual(seeded);
    await second.reset();
    expect(await contentsOf(second)).toEqual(seeded);
  });

  it("a test's own clock, far from the template's seed, gets a seed at its own time", async () => {
    const clock = new ManualClock(Date.parse('2026-03-01T08:00:00Z'));
    const database = await open(clock);
    const demo = await database.db.selectFrom('store_store').select('license_expires_on').where('id', '=', 1001).executeTakeFirstOrThrow();
    expect(new Date(demo.license_expires_on as Date).getTime()).toBe(clock.now().getTime() + 45 * 86_400_000);
  });
});
