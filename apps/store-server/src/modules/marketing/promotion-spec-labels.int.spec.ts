// The promotions' SKU lines name a SKU's spec in the caller's language (issue 35 §8; docs/goods.md "Reference data
// in two languages"), as the stock lists do: flash-sale details and group buys write specText with the contracts'
// skuSpecText from the labels of the goods' category's reference specs, and an activity application's lines carry
// those labels (specLabels) beside the stored keys. Real store-server and database (PGlite, or PostgreSQL with
// DATABASE_URL).
import {
  activityEndpoints as activities,
  flashSaleEndpoints as flashSales,
  groupBuyEndpoints as groupBuys,
  type EndpointAnswer,
} from '@merchant/api-contracts';
import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { OPERATOR_KEY_HEADER } from '../operator/operator.schemas';
import { maxActivityPriceCents } from '../activities/activities.service';

const OK = '00000000';
const DEMO = 1001;
const OPERATOR_KEY = 'promotion-spec-labels-operator-key';
const DAY = 24 * 3600;
type Language = 'zh-CN' | 'en-US';
const LINE: Record<Language, string> = { 'zh-CN': '尺寸：600x600 / 表面：哑光', 'en-US': 'Size: 600x600 / Finish: matte' };
const LABELS = {
  'zh-CN': { Size: { name: '尺寸', value: '600x600' }, Finish: { name: '表面', value: '哑光' } },
  'en-US': { Size: { name: 'Size', value: '600x600' }, Finish: { name: 'Finish', value: 'matte' } },
};

describe('promotion SKU lines in the caller language', () => {
  let h: TestHarness;
  let demo: string;
  /** A seeded tile SKU of the demo store (category 11: Size × Finish) stored as 600x600 / matte. */
  let tile: { skuId: number; goodsId: number; price: number };
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    h = await startTestServer({ config: { operatorKey: OPERATOR_KEY } });
    demo = await h.login('demo_merchant', 'Demo12345');
    tile = await h.database.db
      .selectFrom('store_goods_sku as s')
      .innerJoin('store_goods as g', 'g.id', 's.goods_id')
      .select(['s.id as skuId', 's.goods_id as goodsId', 's.price_cents as price'])
      .where('g.store_id', '=', DEMO)
      .where('g.category_id', '=', 11)
      .where(sql<boolean>`s.spec_values ->> 'Size' = '600x600' and s.spec_values ->> 'Finish' = 'matte'`)
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    await h.database.db.updateTable('store_goods_sku').set({ stock: 10_000 }).where('id', '=', tile.skuId).execute();
  });
  afterAll(() => h.close());

  const ask = async <T>(language: Language, path: string, biz: unknown) => {
    const answer = await h.client(demo, 'none', language).request<T>(path, biz);
    expect([answer.code, answer.msg]).toEqual([OK, 'success']);
    return answer.data as T;
  };

  it('flash-sale details write each SKU line by its labels', async () => {
    const sale = await ask<EndpointAnswer<typeof flashSales.addFlashSale>>('en-US', flashSales.addFlashSale.path, {
      name: 'Tile flash sale',
      startTime: now() - 3600,
      endTime: now() + 2 * DAY,
      slots: [{ startMinute: 0, endMinute: 1440 }],
      perBuyerLimit: 5,
      skus: [{ skuId: tile.skuId, priceCents: tile.price, stock: 10 }],
    });
    for (const language of ['zh-CN', 'en-US'] as const) {
      const details = await ask<EndpointAnswer<typeof flashSales.flashSaleDetails>>(language, flashSales.flashSaleDetails.path, { saleId: sale.saleId });
      expect(details.skus.map((sku) => [sku.skuId, sku.specText])).toEqual([[tile.skuId, LINE[language]]]);
    }
  });

  it('group buys (list and details) write each SKU line by its labels', async () => {
    const added = await ask<EndpointAnswer<typeof groupBuys.addGroupBuy>>('en-US', groupBuys.addGroupBuy.path, {
      name: 'Tile team',
      skus: [{ skuId: tile.skuId, groupPriceCents: tile.price }],
      teamSize: 3,
      formMinutes: 10,
      perBuyerLimit: 5,
      totalLimit: 1_000,
      startTime: now() - 60,
      endTime: now() + 7 * DAY,
    });
    for (const language of ['zh-CN', 'en-US'] as const) {
      const details = await ask<EndpointAnswer<typeof groupBuys.groupBuyDetails>>(language, groupBuys.groupBuyDetails.path, { groupBuyId: added.groupBuyId });
      expect(details.skus.map((sku) => sku.specText)).toEqual([LINE[language]]);
      const list = await ask<EndpointAnswer<typeof groupBuys.groupBuyList>>(language, groupBuys.groupBuyList.path, { pageNum: 1, pageSize: 100 });
      expect(list.list.find((row) => row.groupBuyId === added.groupBuyId)!.skus.map((sku) => sku.specText)).toEqual([LINE[language]]);
    }
  });

  it("an activity application's lines carry the labels beside the stored keys", async () => {
    const created = await h.keyed<{ campaignId: number }>(
      '/operator/activities',
      { titleZh: '瓷砖活动', titleEn: 'Tile campaign', signUpFrom: now() - DAY, signUpUntil: now() + DAY, runFrom: now() + 2 * DAY, runUntil: now() + 10 * DAY, minDiscountBp: 1_000, categoryIds: [], maxGoods: 2, quota: 5 },
      OPERATOR_KEY,
      OPERATOR_KEY_HEADER,
    );
    expect(created.code).toBe(OK);
    const applied = await ask<EndpointAnswer<typeof activities.applyActivity>>('en-US', activities.applyActivity.path, {
      campaignId: created.data.campaignId,
      items: [{ goodsId: tile.goodsId, skuId: tile.skuId, activityPriceCents: maxActivityPriceCents(tile.price, 1_000) }],
    });
    for (const language of ['zh-CN', 'en-US'] as const) {
      const details = await ask<EndpointAnswer<typeof activities.activityDetails>>(language, activities.activityDetails.path, { applicationId: applied.application.applicationId });
      expect(details.items.map((item) => [item.specValues, item.specLabels])).toEqual([[{ Size: '600x600', Finish: 'matte' }, LABELS[language]]]);
    }
  });
});
