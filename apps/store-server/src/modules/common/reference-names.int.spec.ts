// Reference data in the merchant's language (issue 35 §8; docs/goods.md "Reference data in two languages"):
// units, categories (list, tree, the store's, and the goods lists' and detail's category), porterage items and
// category specs answer Chinese names to a zh-CN caller and English ones to en-US. Spec names and values stay the
// keys goods and SKUs store: stored goods still match them, and the labels come beside the keys.
import { commonEndpoints as api, goodsEndpoints } from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';
type Spec = { id: number; specName: string; specValues: string[]; specLabel?: string; specValueLabels?: Record<string, string> };
type Category = { id: number; categoryName: string; children?: Category[] };

describe('reference data in two languages', () => {
  let h: TestHarness;
  let demo: string;
  beforeAll(async () => {
    h = await startTestServer();
    demo = await h.login('demo_merchant', 'Demo12345');
  });
  afterAll(() => h.close());

  const ask = async <T>(language: 'zh-CN' | 'en-US', path: string, biz: unknown = {}, token: string | null = null) => {
    const answer = await h.client(token, 'none', language).request<T>(path, biz);
    expect(answer.code).toBe(OK);
    return answer.data as T;
  };

  it('names units, categories and porterage items in the caller language', async () => {
    const units = (language: 'zh-CN' | 'en-US') => ask<{ list: Array<{ id: number; unitName: string }> }>(language, api.units.path);
    expect((await units('zh-CN')).list).toEqual([
      { id: 1, unitName: '件' }, { id: 2, unitName: '套' }, { id: 3, unitName: '平方米' }, { id: 4, unitName: '米' }, { id: 5, unitName: '千克' },
    ]);
    expect((await units('en-US')).list.map((u) => u.unitName)).toEqual(['piece', 'set', 'square metre', 'metre', 'kilogram']);

    const tree = await ask<{ list: Category[] }>('zh-CN', api.categoryTree.path);
    expect(tree.list.map((top) => [top.categoryName, top.children!.map((leaf) => leaf.categoryName)])).toEqual([
      ['建材', ['瓷砖', '涂料']], ['家具', ['沙发', '床']], ['家居服务', ['安装', '维修']],
    ]);
    expect((await ask<{ list: Category[] }>('en-US', api.categoryTree.path)).list.map((top) => top.categoryName)).toEqual(['Building materials', 'Furniture', 'Home services']);
    expect((await ask<{ list: Category[] }>('zh-CN', api.categories.path, { parentId: 2 })).list.map((c) => c.categoryName)).toEqual(['沙发', '床']);
    const mine = await ask<{ list: Category[] }>('zh-CN', api.storeCategories.path, {}, demo);
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.every((c) => /^[\u4e00-\u9fff]+$/.test(c.categoryName))).toBe(true);

    const porterage = (language: 'zh-CN' | 'en-US') => ask<{ list: Array<{ porterageName: string; unitName: string; price: number }> }>(language, api.porterage.path);
    expect((await porterage('zh-CN')).list).toEqual([
      { id: 1, porterageName: '爬楼（每层）', unitName: '层', price: 500 },
      { id: 2, porterageName: '远距离搬运（每 10 米）', unitName: '10 米', price: 300 },
      { id: 3, porterageName: '电梯搬运', unitName: '单', price: 1000 },
    ]);
    expect((await porterage('en-US')).list.map((p) => [p.porterageName, p.unitName])).toEqual([['Stairs, per floor', 'floor'], ['Long carry, per 10 m', '10 m'], ['Lift', 'order']]);
  });

  it('labels category specs per language while their names and values stay the stored keys', async () => {
    const zh = await ask<{ list: Spec[] }>('zh-CN', api.categorySpecs.path, { categoryId: 11 });
    expect(zh.list).toEqual([
      { id: 1, specName: 'Size', specValues: ['300x300', '600x600', '800x800'], specLabel: '尺寸', specValueLabels: { '300x300': '300x300', '600x600': '600x600', '800x800': '800x800' } },
      { id: 2, specName: 'Finish', specValues: ['matte', 'glossy'], specLabel: '表面', specValueLabels: { matte: '哑光', glossy: '亮光' } },
    ]);
    const en = await ask<{ list: Spec[] }>('en-US', api.categorySpecs.path, { categoryId: 11 });
    expect(en.list.map((s) => [s.specName, s.specLabel, s.specValueLabels])).toEqual([
      ['Size', 'Size', { '300x300': '300x300', '600x600': '600x600', '800x800': '800x800' }],
      ['Finish', 'Finish', { matte: 'matte', glossy: 'glossy' }],
    ]);
  });

  it('names the category of goods in the lists and the detail in the caller language', async () => {
    const goods = await h.database.db.selectFrom('store_goods').select('id').where('store_id', '=', 1001).where('category_id', '=', 11).where('status', '<>', 0).orderBy('id').executeTakeFirstOrThrow();
    const listed = async (language: 'zh-CN' | 'en-US') =>
      (await ask<{ list: Array<{ goodsId: number; categoryName: string }> }>(language, goodsEndpoints.list.path, { goodsId: goods.id }, demo)).list.map((row) => row.categoryName);
    expect(await listed('zh-CN')).toEqual(['瓷砖']);
    expect(await listed('en-US')).toEqual(['Tiles']);
    expect((await ask<{ categoryName: string }>('zh-CN', goodsEndpoints.detail.path, { goodsId: goods.id }, demo)).categoryName).toBe('瓷砖');
    expect((await ask<{ categoryName: string }>('en-US', goodsEndpoints.detail.path, { goodsId: goods.id }, demo)).categoryName).toBe('Tiles');
  });

  it('keeps goods stored with the spec keys matching the category specs in either language', async () => {
    const goods = await h.database.db.selectFrom('store_goods').select('id').where('store_id', '=', 1001).where('category_id', '=', 11).orderBy('id').executeTakeFirstOrThrow();
    for (const language of ['zh-CN', 'en-US'] as const) {
      const detail = await ask<{ categoryName: string; specList: Array<{ specName: string }>; skus: Array<{ specValues: Record<string, string> }> }>(language, goodsEndpoints.detail.path, { goodsId: goods.id }, demo);
      const specs = await ask<{ list: Spec[] }>(language, api.categorySpecs.path, { categoryId: 11 });
      const keys = specs.list.map((spec) => spec.specName);
      expect(detail.specList.length).toBeGreaterThan(0);
      expect(detail.specList.every((spec) => keys.includes(spec.specName))).toBe(true);
      for (const sku of detail.skus) {
        for (const [key, value] of Object.entries(sku.specValues)) expect(specs.list.find((spec) => spec.specName === key)!.specValues).toContain(value);
      }
    }
  });
});
