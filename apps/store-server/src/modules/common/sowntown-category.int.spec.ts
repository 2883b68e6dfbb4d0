// Sowntown and category calls of docs/api.md: the public town list and category tree, and the
// per-store "does this store deliver to a town now" question (a town in a delivery range in force).
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';
const USER = '/v1/store/eshop/store/user';
const EXISTS = '/v1/store/eshop/sowntown/existsStoreSowntown';
const TOWNS = '/v1/store/base/sowntown/ftBasSowntownStore/querySowntownList';
const TREE = '/v1/store/eshop/expand/category/tree';

interface Town { id: number; cityCode: string; sowntownName: string }
interface CategoryNode { id: number; parentId: number; categoryName: string; level: number; children: Array<Omit<CategoryNode, 'children'>> }

describe('sowntowns and the category tree', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  async function registerSecondStore(): Promise<{ token: string; storeId: number }> {
    expect((await h.call(`${USER}/sendRegisterCheckCode`, { mobile: '13900000002' })).code).toBe(OK);
    const checkCode = await h.lastCheckCode('13900000002');
    const reg = await h.call<{ accessToken: string }>(`${USER}/registerUser`, {
      userName: 'second_store', password: 'Second123', mobile: '13900000002', checkCode,
    });
    expect(reg.code).toBe(OK);
    const row = await h.database.db.selectFrom('store_user').select('store_id').where('username', '=', 'second_store').executeTakeFirstOrThrow();
    return { token: reg.data.accessToken, storeId: Number(row.store_id) };
  }

  it('lists sowntowns, all or by city, as { list: [{ id, cityCode, sowntownName }] }', async () => {
    const all = await h.call<{ list: Town[] }>(TOWNS);
    expect(all.code).toBe(OK);
    // Migration 0003's three towns, then 0037's (the delivery range's towns under every district of the city list).
    expect(all.data.list.slice(0, 3)).toEqual([
      { id: 1, cityCode: '310101', sowntownName: 'Bund Home Centre' },
      { id: 2, cityCode: '310104', sowntownName: 'Xujiahui Design Town' },
      { id: 3, cityCode: '440305', sowntownName: 'Nanshan Furniture Town' },
    ]);
    expect(all.data.list).toHaveLength(16);
    expect((await h.call<{ list: Town[] }>(TOWNS, { cityCode: '310104' })).data.list).toEqual(all.data.list.filter((town) => town.cityCode === '310104'));
    expect((await h.call<{ list: Town[] }>(TOWNS, { cityCode: '310104' })).data.list.map((town) => town.id)).toEqual([2, 8, 9, 10]);
    expect((await h.call<{ list: Town[] }>(TOWNS, { cityCode: '999999' })).data).toEqual({ list: [] });
    const bad = await h.call(TOWNS, { cityCode: '3101' });
    expect([bad.code, bad.msg]).toEqual(['10100001', expect.stringContaining('cityCode must be 6 digits')]);
    // Public, and the same for a signed-in store.
    const token = await h.login('demo_merchant', 'Demo12345');
    expect((await h.call<{ list: Town[] }>(TOWNS, {}, token)).data).toEqual(all.data);
  });

  it('answers existsStoreSowntown for the calling store only', async () => {
    expect((await h.call(EXISTS)).code).toBe('10302006');
    // The demo store's seeded range in force (modules/delivery-range: a town in a range in force; its int spec
    // proves the rest).
    const demo = await h.login('demo_merchant', 'Demo12345');
    expect(await h.call(EXISTS, {}, demo)).toMatchObject({ code: OK, data: { exists: true } });
    const second = await registerSecondStore();
    expect((await h.call<{ exists: boolean }>(EXISTS, {}, second.token)).data).toEqual({ exists: false });
  });

  it('serves the enabled categories as a two-level tree, the same for every store', async () => {
    const tree = await h.call<{ list: CategoryNode[] }>(TREE);
    expect(tree.code).toBe(OK);
    const { list } = tree.data;
    expect(list.map((top) => top.id)).toEqual([1, 2, 3]);
    expect(list[0]).toEqual({
      id: 1, parentId: 0, categoryName: 'Building materials', level: 1,
      children: [
        { id: 11, parentId: 1, categoryName: 'Tiles', level: 2 },
        { id: 12, parentId: 1, categoryName: 'Paint', level: 2 }, // 13 Flooring is disabled
      ],
    });
    expect(list[1].children.map((c) => c.categoryName)).toEqual(['Sofas', 'Beds']);
    for (const top of list) {
      expect(top).toMatchObject({ parentId: 0, level: 1 });
      for (const child of top.children) expect(child).toMatchObject({ parentId: top.id, level: 2 });
    }
    const demo = await h.login('demo_merchant', 'Demo12345');
    const second = await registerSecondStore();
    expect((await h.call(TREE, {}, demo)).data).toEqual(tree.data);
    expect((await h.call(TREE, {}, second.token)).data).toEqual(tree.data);
  });
});
