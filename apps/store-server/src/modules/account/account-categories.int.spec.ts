import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { parseOperatorArgs, runOperatorCommand } from '../operator/operator.cli';

// An approved store's business categories change only through the platform's review (issue 26 §1,
// docs/merchant-centre.md "Shop profile"): the old direct call updateStoreCategories is refused, naming the reviewed
// call, and changes nothing; the reviewed change writes at approval, checks and write in one transaction with the
// store row locked (docs/goods.md, apps/store-server/docs/api.md).
const USER = '/v1/store/eshop/store/user';
const UPDATE = `${USER}/updateStoreCategories`;
const APPLY = `${USER}/applyStoreCategoriesChange`;
const DEMO_STORE_ID = 1001;
const KEY = 'operator-key-for-tests-0123456789abcdef';

describe('business categories change only after review', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer({ config: { operatorKey: KEY } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  const operator = async (...argv: string[]) => {
    const parsed = parseOperatorArgs(argv);
    if (!parsed.ok) throw new Error(parsed.message);
    return runOperatorCommand(parsed.command, { STORE_SERVER_URL: h.url, OPERATOR_KEY: KEY });
  };
  const links = async (storeId = DEMO_STORE_ID) =>
    (await h.database.db.selectFrom('store_category_link').select('category_id').where('store_id', '=', storeId).orderBy('category_id').execute()).map(
      (link) => link.category_id,
    );
  const categoryChanges = () => h.database.db.selectFrom('store_info_change').select(['id', 'status']).where('store_id', '=', DEMO_STORE_ID).where('kind', '=', 'categories').execute();

  it("refuses an approved store's direct change in the caller's language, naming the reviewed call; nothing changes until the operator approves", async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    expect(await links()).toEqual([11, 21]);
    const refused = await h.call(UPDATE, { categoryIds: [11, 12, 21] }, token);
    expect([refused.code, refused.msg]).toEqual(['10100005', "business categories change only after the platform's review; ask for the change with applyStoreCategoriesChange"]);
    const zh = await h.client(token, 'none', 'zh-CN').request(UPDATE, { categoryIds: [11, 12, 21] }, { silent: true, acceptCodes: ['10100005'] });
    expect(zh.msg).toBe('经营类目的修改需经平台审核，请通过 applyStoreCategoriesChange 提交修改申请');
    expect(await links()).toEqual([11, 21]);
    expect(await categoryChanges()).toEqual([]);

    // The reviewed call: pending, the categories unchanged until the decision; the direct call still cannot jump it.
    const asked = await h.call<{ changeId: number }>(APPLY, { categoryIds: [11, 12, 21] }, token);
    expect(asked.code).toBe('00000000');
    expect((await h.call(UPDATE, { categoryIds: [11, 12, 21] }, token)).code).toBe('10100005');
    expect(await links()).toEqual([11, 21]);
    expect((await operator('profile-approve', String(asked.data.changeId))).code).toBe('00000000');
    expect(await links()).toEqual([11, 12, 21]);
  });

  it('keeps its other refusals: goods on shelf in a removed category (10100010), and before approval', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    expect((await h.call(UPDATE, { categoryIds: [11, 22] }, token)).code).toBe('10100010');
    const onboarding = await h.login('demo_new', 'Demo12345');
    const early = await h.call(UPDATE, { categoryIds: [11] }, onboarding);
    expect([early.code, early.msg]).toEqual(['10100005', 'business categories can be changed after approval']);
    expect(await links()).toEqual([11, 21]);
    expect(await links(1002)).toEqual([]);
  });

  it('an approval whose write fails half-way leaves the old categories and the change pending', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    const asked = await h.call<{ changeId: number }>(APPLY, { categoryIds: [11, 21, 22] }, token);
    expect(asked.code).toBe('00000000');
    const db = h.database.db;
    await sql`create or replace function h5_refuse_category_22() returns trigger language plpgsql as $$
      begin
        if new.category_id = 22 then raise exception 'refused by test trigger'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger h5_refuse_category_22 before insert on store_category_link for each row execute function h5_refuse_category_22()`.execute(db);
    try {
      expect((await operator('profile-approve', String(asked.data.changeId))).code).not.toBe('00000000');
      expect(await links()).toEqual([11, 21]);
      expect(await categoryChanges()).toEqual([{ id: asked.data.changeId, status: 1 }]);
    } finally {
      await sql`drop trigger if exists h5_refuse_category_22 on store_category_link`.execute(db);
      await sql`drop function if exists h5_refuse_category_22()`.execute(db);
    }
    expect((await operator('profile-approve', String(asked.data.changeId))).code).toBe('00000000');
    expect(await links()).toEqual([11, 21, 22]);
  });
});
