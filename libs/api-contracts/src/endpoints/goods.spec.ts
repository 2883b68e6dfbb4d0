import {
  GOODS_LIST_TABS,
  GOODS_STATUS_LABELS,
  GOODS_STATUS_VALUES,
  goodsActionAllowed,
  goodsDraftBiz,
  goodsEndpoints,
  goodsSubmitBiz,
  skuSpecText,
  skuStockRowSchema,
  STOCK_STATUS,
  STOCK_STATUS_LABELS,
  STOCK_STATUS_VALUES,
  stockStatusOf,
  updateSkuStockBiz,
  type GoodsSubmitInput,
} from './goods';
import { INBOUND_STATUS_LABELS, INVENTORY_COUNT_STATUS_LABELS, inventoryEndpoints, OUTBOUND_STATUS_LABELS } from './inventory';
import { savedViewEndpoints, savedViewSaveBiz } from './saved-views';
import { wireProblems } from '../fields';

const form = (overrides: Partial<GoodsSubmitInput> = {}): GoodsSubmitInput => ({
  categoryId: 11,
  brandName: 'Brand',
  title: 'Tile',
  unitId: 1,
  specList: [{ specName: 'Size', values: ['a', 'b'] }],
  skus: [
    { specValues: { Size: 'a' }, price: 100, stock: 1 },
    { specValues: { Size: 'b' }, price: 200, stock: 0 },
  ],
  images: [{ objectUrl: '/x.png' }],
  detailType: 1,
  detailHtml: '<p>x</p>',
  freightTemplateId: 1,
  ...overrides,
});
/** The rule the first issue reports (its params), never its text. */
const firstRule = (result: { success: boolean; error?: { issues: ReadonlyArray<unknown> } }) => (result.error?.issues[0] as { params?: { rule?: string } } | undefined)?.params?.rule;

describe('goods contracts', () => {
  it('labels every status in both languages and lists the tabs in the spec order', () => {
    for (const value of GOODS_STATUS_VALUES) expect(Object.keys(GOODS_STATUS_LABELS.labels[value])).toEqual(['zh-CN', 'en-US']);
    for (const value of STOCK_STATUS_VALUES) expect(STOCK_STATUS_LABELS.labels[value]['en-US']).not.toBe('');
    expect(GOODS_LIST_TABS.map((s) => GOODS_STATUS_LABELS.labels[s]['en-US'])).toEqual(['on shelf', 'off shelf', 'under review', 'rejected']);
    for (const table of [INVENTORY_COUNT_STATUS_LABELS, INBOUND_STATUS_LABELS, OUTBOUND_STATUS_LABELS]) expect(Object.keys(table.labels)).toEqual(['1', '2', '3']);
  });

  it('derives the stock status from the stock and its line', () => {
    expect([stockStatusOf(0, 10), stockStatusOf(10, 10), stockStatusOf(11, 10), stockStatusOf(1, null)]).toEqual([
      STOCK_STATUS.outOfStock,
      STOCK_STATUS.lowStock,
      STOCK_STATUS.inStock,
      STOCK_STATUS.inStock,
    ]);
  });

  it('allows each action only from its statuses', () => {
    expect(goodsActionAllowed('onShelf', 3)).toBe(true);
    expect(goodsActionAllowed('onShelf', 1)).toBe(false);
    expect(goodsActionAllowed('delete', 2)).toBe(false);
    expect(goodsActionAllowed('approve', 1)).toBe(true);
  });

  it('accepts a complete form and refuses SKUs that are not the spec combinations', () => {
    expect(goodsSubmitBiz.safeParse(form()).success).toBe(true);
    expect(firstRule(goodsSubmitBiz.safeParse(form({ skus: [{ specValues: { Size: 'c' }, price: 1, stock: 1 }] })))).toBe('skuSpecValues');
    expect(firstRule(goodsSubmitBiz.safeParse(form({ skus: [{ specValues: { Size: 'a' }, price: 1, stock: 1 }, { specValues: { Size: 'a' }, price: 1, stock: 1 }] })))).toBe('skuTwin');
    expect(firstRule(goodsSubmitBiz.safeParse(form({ skus: [{ specValues: { Size: 'a' }, price: 1.5, stock: 1 }] })))).toBe('wholeCents');
    expect(firstRule(goodsSubmitBiz.safeParse(form({ detailType: 2 })))).toBe('detailImagesRequired');
  });

  it('takes an optional floor price in cents, at most the SKU price (the margin guard)', () => {
    const sku = (floorPrice: number | null | undefined) => ({ specValues: { Size: 'a' }, price: 4500, stock: 1, ...(floorPrice === undefined ? {} : { floorPrice }) });
    const parsed = goodsSubmitBiz.safeParse(form({ skus: [sku(undefined)] }));
    expect(parsed.success && parsed.data.skus[0]!.floorPrice).toBeUndefined();
    expect(goodsSubmitBiz.safeParse(form({ skus: [sku(4500)] })).success).toBe(true);
    const above = goodsSubmitBiz.safeParse(form({ skus: [sku(4501)] }));
    expect(above.success ? [] : above.error.issues.map((issue) => [issue.path.join('.'), (issue as { params?: { rule?: string } }).params?.rule])).toEqual([['skus.0.floorPrice', 'floorAbovePrice']]);
    expect(firstRule(goodsSubmitBiz.safeParse(form({ skus: [sku(12.5)] })))).toBe('wholeCents');
  });

  it('applies the console-spec §5 video rules', () => {
    const video = { objectUrl: '/v.mp4', objectSuffix: 'mp4' as const, size: 1000, duration: 6 };
    expect(goodsSubmitBiz.safeParse(form({ video })).success).toBe(true);
    expect(goodsSubmitBiz.safeParse(form({ video: { ...video, duration: 120 } })).success).toBe(true);
    expect(firstRule(goodsSubmitBiz.safeParse(form({ video: { ...video, duration: 5.9 } })))).toBe('videoDuration');
    expect(firstRule(goodsSubmitBiz.safeParse(form({ video: { ...video, size: 30 * 1024 * 1024 + 1 } })))).toBe('videoSize');
  });

  it('lets a draft hold any subset but keeps the rules of the fields present', () => {
    expect(goodsDraftBiz.safeParse({ title: 'only a title' }).success).toBe(true);
    expect(goodsDraftBiz.safeParse({ title: 'x'.repeat(61) }).success).toBe(false);
  });

  it('takes either a stock or a delta', () => {
    expect(updateSkuStockBiz.safeParse({ skuId: 1, delta: -2 }).success).toBe(true);
    const both = { skuId: 1, delta: 1, stock: 2 };
    expect(wireProblems(updateSkuStockBiz.safeParse(both).error!, both)).toEqual([{ field: 'delta', problem: { rule: 'stockOrDelta' } }]);
    expect(wireProblems(updateSkuStockBiz.safeParse({ skuId: 1 }).error!, { skuId: 1 })).toEqual([{ field: '', problem: { rule: 'stockDeltaOrWarning' } }]);
  });

  it('declares unique paths with permission codes on every store-data call', () => {
    const all = [...Object.values(goodsEndpoints), ...Object.values(inventoryEndpoints), ...Object.values(savedViewEndpoints)];
    expect(new Set(all.map((c) => c.path)).size).toBe(all.length);
    for (const contract of [...Object.values(goodsEndpoints), ...Object.values(inventoryEndpoints)]) expect([contract.path, contract.permission]).toEqual([contract.path, expect.stringMatching(/^(goods|inventory|brand):/)]);
    expect(savedViewSaveBiz.safeParse({ resource: 'goods.list', name: 'n', filters: { a: [1, 'b'] }, columns: ['title'] }).success).toBe(true);
  });
});

describe('a SKU spec as the merchant reads it (issue 35 §8)', () => {
  const sku = { specValues: { Size: '600x600', Finish: 'matte' }, specLabels: { Size: { name: '尺寸', value: '600x600' }, Finish: { name: '表面', value: '哑光' } } };

  it('writes the labels in the order of the stored keys, with the colon of the language', () => {
    expect(skuSpecText(sku, 'zh-CN')).toBe('尺寸：600x600 / 表面：哑光');
    expect(skuSpecText({ specValues: sku.specValues, specLabels: { Size: { name: 'Size', value: '600x600' }, Finish: { name: 'Finish', value: 'matte' } } }, 'en-US')).toBe('Size: 600x600 / Finish: matte');
  });

  it('reads a key without a label, or a row without labels, as the key and value themselves', () => {
    expect(skuSpecText({ specValues: sku.specValues, specLabels: { Size: sku.specLabels.Size } }, 'zh-CN')).toBe('尺寸：600x600 / Finish：matte');
    expect(skuSpecText({ specValues: sku.specValues }, 'en-US')).toBe('Size: 600x600 / Finish: matte');
    expect(skuSpecText({ specValues: {} }, 'zh-CN')).toBe('');
  });

  it('keeps the labels on a stock row (additive: a row without them still parses)', () => {
    const row = { skuId: 1, goodsId: 2, title: 'Tile', goodsStatus: 2, mainImageUrl: '', specValues: sku.specValues, skuCode: 'T-1', price: 100, stock: 1, warningStock: null, stockStatus: 1 };
    expect(skuStockRowSchema.parse({ ...row, specLabels: sku.specLabels }).specLabels).toEqual(sku.specLabels);
    expect(skuStockRowSchema.parse(row).specLabels).toBeUndefined();
  });
});
