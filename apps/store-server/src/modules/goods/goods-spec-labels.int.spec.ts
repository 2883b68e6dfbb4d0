// The stock lists name a SKU's spec in the caller's language (issue 35 §8; docs/goods.md "Reference data in two
// languages"): SKUs store spec keys ({ Size: '600x600', Finish: 'matte' }); salesInventory's and inventoryWarning's
// rows keep those keys and carry beside them the labels of the goods' category's reference specs, the same labels
// category/specList answers. Real store-server and database (PGlite, or PostgreSQL with DATABASE_URL).
import { goodsEndpoints as e, type PageOf, type SkuStockRow, type StockWarningRow } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';
const DEMO = 1001;

describe('SKU specs in the caller language', () => {
  let h: TestHarness;
  let demo: string;
  /** A seeded tile SKU of the demo store (category 11: Size × Finish) stored as 600x600 / matte. */
  let tile: { skuId: number; goodsId: number };

  beforeAll(async () => {
    h = await startTestServer();
    demo = await h.login('demo_merchant', 'Demo12345');
    tile = await h.database.db
      .selectFrom('store_goods_sku as s')
      .innerJoin('store_goods as g', 'g.id', 's.goods_id')
      .select(['s.id as skuId', 's.goods_id as goodsId'])
      .where('g.store_id', '=', DEMO)
      .where('g.category_id', '=', 11)
      .where(sql<boolean>`s.spec_values ->> 'Size' = '600x600' and s.spec_values ->> 'Finish' = 'matte'`)
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
  });
  afterAll(() => h.close());

  const ask = async <T>(language: 'zh-CN' | 'en-US', path: string, biz: unknown) => {
    const answer = await h.client(demo, 'none', language).request<T>(path, biz);
    expect(answer.code).toBe(OK);
    return answer.data as T;
  };
  const stockRow = async (language: 'zh-CN' | 'en-US', skuId: number) =>
    (await ask<PageOf<SkuStockRow>>(language, e.skuStockList.path, { goodsId: tile.goodsId, pageSize: 100 })).list.find((row) => row.skuId === skuId)!;

  it('labels the sales-stock rows by the category reference specs, keeping the stored keys', async () => {
    const zh = await stockRow('zh-CN', tile.skuId);
    expect(zh.specValues).toEqual({ Size: '600x600', Finish: 'matte' });
    expect(zh.specLabels).toEqual({ Size: { name: '尺寸', value: '600x600' }, Finish: { name: '表面', value: '哑光' } });
    const en = await stockRow('en-US', tile.skuId);
    expect([en.specValues, en.specLabels]).toEqual([{ Size: '600x600', Finish: 'matte' }, { Size: { name: 'Size', value: '600x600' }, Finish: { name: 'Finish', value: 'matte' } }]);
  });

  it('labels the stock-warning rows the same way', async () => {
    await h.database.db.updateTable('store_goods_sku').set({ stock: 15, warning_stock: null }).where('id', '=', tile.skuId).execute();
    expect((await h.call(e.updateGoodsSkuStock.path, { skuId: tile.skuId, warningStock: 10 }, demo)).code).toBe(OK);
    const crossed = await h.call<{ warningFired: boolean }>(e.updateGoodsSkuStock.path, { skuId: tile.skuId, delta: -6 }, demo);
    expect([crossed.code, crossed.data.warningFired]).toEqual([OK, true]);
    const warningOf = async (language: 'zh-CN' | 'en-US') =>
      (await ask<PageOf<StockWarningRow>>(language, e.stockWarningList.path, { status: 1, pageSize: 200 })).list.find((row) => row.skuId === tile.skuId)!;
    expect((await warningOf('zh-CN')).specLabels).toEqual({ Size: { name: '尺寸', value: '600x600' }, Finish: { name: '表面', value: '哑光' } });
    expect((await warningOf('en-US')).specLabels).toEqual({ Size: { name: 'Size', value: '600x600' }, Finish: { name: 'Finish', value: 'matte' } });
  });

  it('reads a key or value the category does not list as itself', async () => {
    const other = await h.database.db
      .selectFrom('store_goods_sku')
      .select('id')
      .where('goods_id', '=', tile.goodsId)
      .where('id', '<>', tile.skuId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await h.database.db
      .updateTable('store_goods_sku')
      .set({ spec_values: sql`${JSON.stringify({ Size: '900x900', Pattern: 'plain' })}::jsonb` as never })
      .where('id', '=', other.id)
      .execute();
    expect((await stockRow('zh-CN', other.id)).specLabels).toEqual({ Size: { name: '尺寸', value: '900x900' }, Pattern: { name: 'Pattern', value: 'plain' } });
  });
});
