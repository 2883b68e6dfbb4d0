import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';

// updateStoreCategories checks (approved store, known categories, no on-shelf goods in a removed one)
// and writes in one transaction with the store row locked (docs/goods.md, apps/store-server/docs/api.md).
const UPDATE = '/v1/store/eshop/store/user/updateStoreCategories';
const DEMO_STORE_ID = 1001;

describe('updateStoreCategories is atomic', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  const links = async () =>
    (await h.database.db.selectFrom('store_category_link').select('category_id').where('store_id', '=', DEMO_STORE_ID).orderBy('category_id').execute()).map(
      (link) => link.category_id,
    );

  it('concurrent changes all answer, and the store ends with exactly one of the lists asked for', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    expect(await links()).toEqual([11, 21]);
    // 11 and 21 keep their on-shelf goods in every list; each adds other categories.
    const lists = [[11, 12, 21], [11, 21, 22], [11, 21, 31], [11, 12, 21, 22]];
    const answers = await Promise.all(lists.map((categoryIds) => h.call(UPDATE, { categoryIds }, token)));
    expect(answers.map((answer) => answer.code)).toEqual(lists.map(() => '00000000'));
    expect(lists).toContainEqual(await links());
  });

  it('a write that fails half-way leaves the old categories in place', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const db = h.database.db;
    await sql`create or replace function h5_refuse_category_22() returns trigger language plpgsql as $$
      begin
        if new.category_id = 22 then raise exception 'refused by test trigger'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger h5_refuse_category_22 before insert on store_category_link for each row execute function h5_refuse_category_22()`.execute(db);
    try {
      const failed = await h.call(UPDATE, { categoryIds: [11, 21, 22] }, token);
      expect(failed.code).toBe('99999999');
      expect(await links()).toEqual([11, 21]);
    } finally {
      await sql`drop trigger if exists h5_refuse_category_22 on store_category_link`.execute(db);
      await sql`drop function if exists h5_refuse_category_22()`.execute(db);
    }
    expect((await h.call(UPDATE, { categoryIds: [11, 12, 21] }, token)).code).toBe('00000000');
    expect(await links()).toEqual([11, 12, 21]);
  });
});
