// The goods area against a real store-server and database: the seeded lists page, the release form's
// rules, the state machine with the operator's review, a disabled store, stock changes (atomic, never
// negative, warnings on crossing the line) and store scoping of every call.
import { randomUUID } from 'node:crypto';
import { GOODS_STATUS, goodsEndpoints as e, inventoryEndpoints, STOCK_STATUS, type GoodsDetail, type GoodsListRow, type GoodsSubmitInput, type PageOf, type SkuStockRow, type StockWarningRow } from '@merchant/api-contracts';
import { DEMO_GOODS_COUNTS, OTHER_STORE_GOODS } from '../../db/goods.seed';
import { DEMO_BRANDS } from '../brands';
import { createStoreServer, type StoreServer } from '../../server';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { hashSecret } from '../../shared/passwords';
import { OPERATOR_KEY_HEADER } from '../operator/operator.schemas';

const OK = '00000000';
const KEY = 'operator-key-for-goods-tests-0123456789';
const DEMO = 1001;
const OTHER = 1006;

/** A complete release form for the demo store's tiles category (11: Size × Finish), of a seeded approved brand (DEMO_BRANDS). */
const tileGoods = (overrides: Partial<GoodsSubmitInput> = {}): GoodsSubmitInput => ({
  categoryId: 11,
  brandName: 'Marco Tiles',
  title: 'Test porcelain tile',
  unitId: 3,
  specList: [
    { specName: 'Size', values: ['600x600', '800x800'] },
    { specName: 'Finish', values: ['matte'] },
  ],
  skus: [
    { specValues: { Size: '600x600', Finish: 'matte' }, price: 9900, stock: 30, warningStock: 10 },
    { specValues: { Size: '800x800', Finish: 'matte' }, price: 12900, stock: 5 },
  ],
  images: [{ objectUrl: '/static/demo/tile.png' }],
  video: { objectUrl: '/static/demo/tile.mp4', objectSuffix: 'mp4', size: 5_000_000, duration: 30 },
  detailType: 1,
  detailHtml: '<p>Frost resistant.</p>',
  freightTemplateId: 1,
  ...overrides,
});

describe('goods', () => {
  let h: TestHarness;
  let operatorServer: StoreServer;
  let operatorUrl: string;
  let demo: string;
  let other: string;

  beforeAll(async () => {
    h = await startTestServer();
    operatorServer = await createStoreServer({ host: '127.0.0.1', port: 0, logLevel: 'silent', operatorKey: KEY }, { database: h.database });
    operatorUrl = (await operatorServer.listen()).url;
  });
  afterAll(async () => {
    await operatorServer.close();
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
    demo = await h.login('demo_merchant', 'Demo12345');
    other = await h.login('demo_service', 'Demo12345');
  });

  const operate = (path: string, body: unknown = {}) =>
    fetch(`${operatorUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', [OPERATOR_KEY_HEADER]: KEY }, body: JSON.stringify(body) }).then(
      async (r) => ({ status: r.status, ...((await r.json()) as { code: string; msg: string; data: Record<string, unknown> | null }) }),
    );
  const db = () => h.database.db;
  const goodsRow = (id: number) => db().selectFrom('store_goods').selectAll().where('id', '=', id).executeTakeFirst();
  const goodsIdsOf = async (storeId: number, status: number) =>
    (await db().selectFrom('store_goods').select('id').where('store_id', '=', storeId).where('status', '=', status).orderBy('id').execute()).map((r) => r.id);
  const countGoods = async () => Number((await db().selectFrom('store_goods').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const skuOf = async (goodsId: number) => db().selectFrom('store_goods_sku').selectAll().where('goods_id', '=', goodsId).orderBy('sort').execute();

  it('pages the seeded goods per status tab, sorted and filtered, for the own store only', async () => {
    const onShelf = await h.call<PageOf<GoodsListRow>>(e.list.path, { status: GOODS_STATUS.onShelf, pageSize: 20, pageNum: 2 }, demo);
    expect(onShelf.code).toBe(OK);
    expect([onShelf.data.total, onShelf.data.list.length, onShelf.data.pageNum]).toEqual([DEMO_GOODS_COUNTS[GOODS_STATUS.onShelf], 20, 2]);
    expect(onShelf.data.list.every((g) => g.status === GOODS_STATUS.onShelf && g.skuCount > 0 && g.mainImageUrl !== '')).toBe(true);
    const times = onShelf.data.list.map((g) => g.createTime);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const all = await h.call<PageOf<GoodsListRow>>(e.list.path, { pageSize: 50 }, demo);
    const notDraft = Object.entries(DEMO_GOODS_COUNTS).filter(([s]) => Number(s) !== GOODS_STATUS.draft).reduce((n, [, c]) => n + c, 0);
    expect(all.data.total).toBe(notDraft);

    const cheap = await h.call<PageOf<GoodsListRow>>(e.list.path, { pageSize: 20, sortField: 'price', sortOrder: 'asc' }, demo);
    const prices = cheap.data.list.map((g) => g.minPrice);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);

    const sofas = await h.call<PageOf<GoodsListRow>>(e.list.path, { title: 'sofa', categoryId: 21, pageSize: 200 }, demo);
    expect(sofas.data.total).toBeGreaterThan(0);
    expect(sofas.data.list.every((g) => g.title.toLowerCase().includes('sofa') && g.categoryName === 'Sofas')).toBe(true);
    // A % typed by the merchant matches a %, not everything.
    expect((await h.call<PageOf<GoodsListRow>>(e.list.path, { title: '%' }, demo)).data.total).toBe(0);

    const drafts = await h.call<PageOf<GoodsListRow>>(e.draftList.path, { pageSize: 10 }, demo);
    expect([drafts.data.total, drafts.data.list.length]).toEqual([DEMO_GOODS_COUNTS[GOODS_STATUS.draft], 10]);

    const theirs = await h.call<PageOf<GoodsListRow>>(e.list.path, { pageSize: 200 }, other);
    expect(theirs.data.total).toBe(OTHER_STORE_GOODS);
    const ourIds = new Set((await db().selectFrom('store_goods').select('id').where('store_id', '=', DEMO).execute()).map((r) => r.id));
    expect(theirs.data.list.some((g) => ourIds.has(g.goodsId))).toBe(false);
  });

  it('releases goods for review; the operator approves (on shelf, snapshot) or rejects with a reason', async () => {
    const created = await h.call<{ goodsId: number; status: number }>(e.submit.path, tileGoods(), demo);
    expect([created.code, created.data.status]).toEqual([OK, GOODS_STATUS.underReview]);
    const detail = await h.call<GoodsDetail>(e.detail.path, { goodsId: created.data.goodsId }, demo);
    expect(detail.data).toMatchObject({ title: 'Test porcelain tile', categoryName: 'Tiles', status: GOODS_STATUS.underReview, detailType: 1 });
    expect(detail.data.skus.map((s) => [s.specValues.Size, s.price, s.stock, s.stockStatus])).toEqual([
      ['600x600', 9900, 30, STOCK_STATUS.inStock],
      ['800x800', 12900, 5, STOCK_STATUS.inStock],
    ]);
    expect((await goodsRow(created.data.goodsId))?.min_price_cents).toBe(9900);

    // Under review: the merchant cannot put it on shelf; the operator approves it.
    const early = await h.call(e.onShelf.path, { goodsIds: [created.data.goodsId] }, demo);
    expect(early.code).toBe('10100005');
    expect(early.msg).toMatch(/under review/);
    const approved = await operate(`/operator/goods/${created.data.goodsId}/approve`);
    expect([approved.code, approved.data?.status]).toEqual([OK, GOODS_STATUS.onShelf]);
    const snapshot = await h.call<{ goods: GoodsDetail }>(e.snapshotQueryById.path, { id: approved.data?.snapshotId }, demo);
    expect(snapshot.data.goods.title).toBe('Test porcelain tile');
    expect((await h.call(e.snapshotQueryById.path, { id: approved.data?.snapshotId }, other)).code).toBe('10100004');

    // On ↔ off shelf; an edit of on-shelf goods goes back to review keeping SKU ids.
    expect((await h.call(e.offShelf.path, { goodsIds: [created.data.goodsId] }, demo)).data).toEqual({ count: 1 });
    expect((await h.call(e.onShelf.path, { goodsIds: [created.data.goodsId] }, demo)).data).toEqual({ count: 1 });
    const skuIds = detail.data.skus.map((s) => s.skuId);
    const edited = await h.call(e.submit.path, tileGoods({ goodsId: created.data.goodsId, title: 'Edited tile', skus: [{ skuId: skuIds[0], specValues: { Size: '600x600', Finish: 'matte' }, price: 9500, stock: 30 }] }), demo);
    expect(edited.code).toBe(OK);
    expect((await skuOf(created.data.goodsId)).map((s) => [s.id, s.price_cents])).toEqual([[skuIds[0], 9500]]);

    const rejected = await operate(`/operator/goods/${created.data.goodsId}/reject`, { reason: 'Blurred main image' });
    expect([rejected.code, rejected.data?.status, rejected.data?.rejectReason]).toEqual([OK, GOODS_STATUS.rejected, 'Blurred main image']);
    const tab = await h.call<PageOf<GoodsListRow>>(e.list.path, { status: GOODS_STATUS.rejected, goodsId: created.data.goodsId }, demo);
    expect(tab.data.list[0]?.rejectReason).toBe('Blurred main image');
    // The operator refuses what the state machine does not allow, and bad commands.
    expect((await operate(`/operator/goods/${created.data.goodsId}/approve`)).code).toBe('10100005');
    expect((await operate(`/operator/goods/${created.data.goodsId}/reject`)).code).toBe('10100001');
    expect((await operate('/operator/goods/99999999/approve')).code).toBe('10100004');
  });

  it('keeps each SKU’s optional floor price (the margin guard): at most its price, refused on its field otherwise, answered by the detail', async () => {
    const [cheap, dear] = tileGoods().skus;
    const above = await h.call(e.submit.path, tileGoods({ skus: [{ ...cheap!, floorPrice: 9900 }, { ...dear!, floorPrice: 12901 }] }), demo);
    const problems = (above.errInfo?.problems ?? []) as Array<{ field: string; problem: { rule: string } }>;
    expect([above.code, problems]).toEqual(['10100001', [{ field: 'skus.1.floorPrice', problem: { rule: 'floorAbovePrice' } }]]);
    expect(above.msg).toBe('skus.1.floorPrice cannot be above the price');
    const count = await countGoods();

    const created = await h.call<{ goodsId: number }>(e.submit.path, tileGoods({ skus: [{ ...cheap!, floorPrice: 9900 }, dear!] }), demo);
    expect(created.code).toBe(OK);
    expect(await countGoods()).toBe(count + 1);
    const detail = await h.call<GoodsDetail>(e.detail.path, { goodsId: created.data.goodsId }, demo);
    expect(detail.data.skus.map((s) => [s.price, s.floorPrice])).toEqual([
      [9900, 9900],
      [12900, null],
    ]);
    expect((await skuOf(created.data.goodsId)).map((s) => (s.floor_price_cents === null ? null : Number(s.floor_price_cents)))).toEqual([9900, null]);

    // Once approved, an edit that leaves the floor out clears it, and one that gives it sets it.
    expect((await operate(`/operator/goods/${created.data.goodsId}/approve`)).code).toBe(OK);
    const skuIds = detail.data.skus.map((s) => s.skuId);
    const edited = await h.call(e.submit.path, tileGoods({ goodsId: created.data.goodsId, skus: [{ ...cheap!, skuId: skuIds[0] }, { ...dear!, skuId: skuIds[1], floorPrice: 10000 }] }), demo);
    expect(edited.code).toBe(OK);
    const after = await h.call<GoodsDetail>(e.detail.path, { goodsId: created.data.goodsId }, demo);
    expect(after.data.skus.map((s) => [s.skuId, s.floorPrice])).toEqual([
      [skuIds[0], null],
      [skuIds[1], 10000],
    ]);
  });

  it('keeps drafts on the server, edits them and submits a draft', async () => {
    const saved = await h.call<{ goodsId: number }>(e.saveDraft.path, { title: 'Half-written sofa', categoryId: 21 }, demo);
    expect(saved.code).toBe(OK);
    const list = await h.call<PageOf<GoodsListRow>>(e.draftList.path, { title: 'Half-written' }, demo);
    expect(list.data.list.map((g) => g.goodsId)).toEqual([saved.data.goodsId]);
    const again = await h.call(e.saveDraft.path, { goodsId: saved.data.goodsId, brandName: ' nordic home ', specList: [{ specName: 'Seats', values: ['3'] }], skus: [{ specValues: { Seats: '3' }, price: 100000, stock: 2 }] }, demo);
    expect(again.code).toBe(OK);
    expect((await goodsRow(saved.data.goodsId))).toMatchObject({ brand_name: 'Nordic Home', title: 'Half-written sofa', status: GOODS_STATUS.draft, min_price_cents: 100000 });
    // A draft of another store is not found; a submitted goods is no draft any more.
    const theirDraft = await h.call(e.saveDraft.path, { goodsId: saved.data.goodsId, title: 'hijack' }, other);
    expect(theirDraft.code).toBe('10100004');
    const submitted = await h.call(e.submit.path, tileGoods({ goodsId: saved.data.goodsId, categoryId: 21, specList: [{ specName: 'Seats', values: ['3'] }], skus: [{ specValues: { Seats: '3' }, price: 100000, stock: 2 }] }), demo);
    expect(submitted.code).toBe(OK);
    expect((await h.call(e.saveDraft.path, { goodsId: saved.data.goodsId, title: 'x' }, demo)).code).toBe('10100005');
  });

  it('refuses bad release forms with a clear message and changes nothing', async () => {
    const before = await countGoods();
    const cases: Array<[Partial<GoodsSubmitInput> | Record<string, unknown>, RegExp]> = [
      [{ title: '   ' }, /title is required/],
      [{ title: 'x'.repeat(61) }, /at most 60/],
      [{ skus: [] }, /skus: at least 1/],
      [{ skus: [{ specValues: { Size: '600x600' }, price: 100, stock: 1 }] }, /exactly one chosen value of every spec/],
      [{ skus: [{ specValues: { Size: '600x600', Finish: 'matte' }, price: 100, stock: 1 }, { specValues: { Size: '600x600', Finish: 'matte' }, price: 200, stock: 1 }] }, /same spec values/],
      [{ skus: [{ specValues: { Size: '600x600', Finish: 'matte' }, price: -1, stock: 1 }] }, /cannot be negative/],
      [{ skus: [{ specValues: { Size: '600x600', Finish: 'matte' }, price: 10.5, stock: 1 }] }, /whole cents/],
      [{ skus: [{ specValues: { Size: '600x600', Finish: 'matte' }, price: 100, stock: -3 }] }, /cannot be negative/],
      [{ video: { objectUrl: '/v.mp4', objectSuffix: 'mp4', size: 1000, duration: 121 } }, /must not be under 6 seconds and not over 120 seconds/],
      [{ video: { objectUrl: '/v.mp4', objectSuffix: 'mp4', size: 31 * 1024 * 1024, duration: 30 } }, /over 30MB/],
      [{ video: { objectUrl: '/v.png', objectSuffix: 'png', size: 1000, duration: 30 } }, /only videos/],
      [{ images: [] }, /images: at least 1/],
      [{ detailHtml: '  ' }, /write the goods detail/],
      [{ categoryId: 12, specList: [], skus: [{ specValues: {}, price: 100, stock: 1 }] }, /not one of the shop's business categories/],
      [{ unitId: 6 }, /unknown or disabled/],
      [{ specList: [{ specName: 'Colour', values: ['red'] }], skus: [{ specValues: { Colour: 'red' }, price: 1, stock: 1 }] }, /no spec "Colour"/],
      [{ goodsId: 99999999 }, /goods not found/],
    ];
    for (const [override, message] of cases) {
      const answer = await h.call(e.submit.path, tileGoods(override as Partial<GoodsSubmitInput>), demo);
      expect([JSON.stringify(override).slice(0, 60), answer.code === OK]).toEqual([JSON.stringify(override).slice(0, 60), false]);
      expect(answer.msg).toMatch(message);
    }
    for (const biz of [{ status: 0 }, { pageSize: 7 }, { createTimeStart: 200, createTimeEnd: 100 }, { priceMin: 500, priceMax: 100 }, { sortField: 'title' }]) {
      expect([biz, (await h.call(e.list.path, biz, demo)).code]).toEqual([biz, '10100001']);
    }
    expect(await countGoods()).toBe(before);
    expect((await h.call(e.list.path, {})).code).toBe('10302006');
  });

  it("releases only under the store's approved, unexpired brands (stored in their approved spelling); others are refused and change nothing", async () => {
    const brand = (storeId: number, brandName: string, status: number, expires: string) =>
      db().insertInto('store_brand_application').values({ store_id: storeId, brand_name: brandName, brand_expire_date: expires, certificate_file_ids: '[]', status }).execute();
    await brand(DEMO, 'Under Review Tiles', 1, '2099-01-01');
    await brand(DEMO, 'Rejected Tiles', 3, '2099-01-01');
    await brand(DEMO, 'Expired Tiles', 2, '2001-01-01');
    const otherStoresBrand = DEMO_BRANDS[1005]?.[0] as string;
    expect(DEMO_BRANDS[DEMO]).not.toContain(otherStoresBrand);
    const before = await countGoods();
    for (const brandName of ['Never Applied', 'Under Review Tiles', 'Rejected Tiles', 'Expired Tiles', otherStoresBrand]) {
      const submitted = await h.call(e.submit.path, tileGoods({ brandName }), demo);
      expect([brandName, submitted.code, submitted.msg]).toEqual([brandName, '10100001', `brand "${brandName}" is not one of the shop's approved brands; apply for it first`]);
      const draft = await h.call(e.saveDraft.path, { title: 'Draft of an unapproved brand', brandName }, demo);
      expect([brandName, draft.code]).toEqual([brandName, '10100001']);
    }
    expect(await countGoods()).toBe(before);
    // An edit cannot switch an existing goods to a brand that is not approved either.
    const [onShelf] = await goodsIdsOf(DEMO, GOODS_STATUS.onShelf);
    const brandBefore = (await goodsRow(onShelf as number))?.brand_name;
    expect((await h.call(e.submit.path, tileGoods({ goodsId: onShelf, brandName: 'Never Applied' }), demo)).code).toBe('10100001');
    expect((await goodsRow(onShelf as number))?.brand_name).toBe(brandBefore);

    // The approved brand in any case is kept as approved; a draft without a brand yet is fine.
    const created = await h.call<{ goodsId: number }>(e.submit.path, tileGoods({ brandName: 'STONE craft' }), demo);
    expect(created.code).toBe(OK);
    expect((await goodsRow(created.data.goodsId))?.brand_name).toBe('Stone Craft');
    expect((await h.call(e.saveDraft.path, { title: 'No brand yet' }, demo)).code).toBe(OK);
  });

  it('moves goods only along the state machine, all or nothing, and a disabled store cannot publish', async () => {
    const [on1, on2] = await goodsIdsOf(DEMO, GOODS_STATUS.onShelf);
    const [review] = await goodsIdsOf(DEMO, GOODS_STATUS.underReview);
    const [off] = await goodsIdsOf(DEMO, GOODS_STATUS.offShelf);
    const mixed = await h.call(e.offShelf.path, { goodsIds: [on1, review] }, demo);
    expect(mixed.code).toBe('10100005');
    expect((await goodsRow(on1 as number))?.status).toBe(GOODS_STATUS.onShelf);
    expect((await h.call(e.delete.path, { goodsIds: [on2] }, demo)).code).toBe('10100005');
    const deleted = await h.call(e.delete.path, { goodsIds: [off] }, demo);
    expect([deleted.code, await goodsRow(off as number)]).toEqual([OK, undefined]);
    expect((await h.call(e.offShelf.path, { goodsIds: [on1, on2] }, demo)).data).toEqual({ count: 2 });

    expect((await operate(`/operator/stores/${DEMO}/disable`, { reason: 'Licence expired' })).code).toBe(OK);
    const publish = await h.call(e.submit.path, tileGoods(), demo);
    expect(publish.code).toBe('10100005');
    expect(publish.msg).toMatch(/disabled by the platform and cannot publish/);
    expect((await h.call(e.onShelf.path, { goodsIds: [on1] }, demo)).code).toBe('10100005');
    expect((await goodsRow(on1 as number))?.status).toBe(GOODS_STATUS.offShelf);
    // Taking goods off shelf stays possible for a disabled store.
    const [stillOn] = await goodsIdsOf(DEMO, GOODS_STATUS.onShelf);
    expect((await h.call(e.offShelf.path, { goodsIds: [stillOn] }, demo)).code).toBe(OK);
  });

  it('changes stock atomically: 50 parallel updates stay consistent and never go negative', async () => {
    const [goodsId] = await goodsIdsOf(DEMO, GOODS_STATUS.onShelf);
    const [sku] = await skuOf(goodsId as number);
    const skuId = sku!.id;
    await db().updateTable('store_goods_sku').set({ stock: 30, warning_stock: null }).where('id', '=', skuId).execute();
    const clients = Array.from({ length: 50 }, () => h.client(demo));
    const answers = await Promise.all(clients.map((c) => c.request<{ stock: number }>(e.updateGoodsSkuStock.path, { skuId, delta: -1, idempotencyKey: randomUUID() }, { silent: true }).then((r) => r.code, (err: { code: string }) => err.code)));
    expect(answers.filter((c) => c === OK)).toHaveLength(30);
    expect(answers.filter((c) => c === '10100005')).toHaveLength(20);
    expect((await skuOf(goodsId as number))[0]?.stock).toBe(0);

    const mixed = await Promise.all(
      clients.map((c, i) => c.request(e.updateGoodsSkuStock.path, { skuId, delta: i % 2 === 0 ? 3 : -1, idempotencyKey: randomUUID() }, { silent: true }).then((r) => r.code, (err: { code: string }) => err.code)),
    );
    const ok = mixed.filter((c) => c === OK).length;
    const refusedTakes = mixed.filter((c) => c !== OK).length;
    // 25 adds of 3 always succeed; each accepted take removed one: the sum is exactly what was accepted.
    expect((await skuOf(goodsId as number))[0]?.stock).toBe(75 - (ok - 25));
    expect(ok + refusedTakes).toBe(50);
    const direct = await db().updateTable('store_goods_sku').set({ stock: -1 }).where('id', '=', skuId).execute().then(() => 'accepted', () => 'refused');
    expect(direct).toBe('refused'); // the CHECK (stock >= 0) holds whoever writes
  });

  it('fires a warning when stock crosses the line, closes it when stock recovers, and reports the badge', async () => {
    const [goodsId] = await goodsIdsOf(DEMO, GOODS_STATUS.offShelf);
    const [sku] = await skuOf(goodsId as number);
    const skuId = sku!.id;
    await db().updateTable('store_goods_sku').set({ stock: 15, warning_stock: null }).where('id', '=', skuId).execute();
    const line = await h.call<{ warningFired: boolean; stockStatus: number }>(e.updateGoodsSkuStock.path, { skuId, warningStock: 10 }, demo);
    expect([line.code, line.data.warningFired, line.data.stockStatus]).toEqual([OK, false, STOCK_STATUS.inStock]);
    const above = await h.call<{ warningFired: boolean }>(e.updateGoodsSkuStock.path, { skuId, delta: -4 }, demo);
    expect(above.data.warningFired).toBe(false);
    const crossed = await h.call<{ warningFired: boolean; stock: number; stockStatus: number }>(e.updateGoodsSkuStock.path, { skuId, delta: -1 }, demo);
    expect([crossed.data.warningFired, crossed.data.stock, crossed.data.stockStatus]).toEqual([true, 10, STOCK_STATUS.lowStock]);
    const below = await h.call<{ warningFired: boolean }>(e.updateGoodsSkuStock.path, { skuId, delta: -2 }, demo);
    expect(below.data.warningFired).toBe(false); // already below: one warning per crossing
    const open = await h.call<PageOf<StockWarningRow>>(e.stockWarningList.path, { status: 1, pageSize: 200 }, demo);
    const mine = open.data.list.filter((w) => w.skuId === skuId);
    expect(mine.map((w) => [w.stock, w.warningStock, w.currentStock])).toEqual([[10, 10, 8]]);
    const badge = await h.call<{ hasWarning: boolean; openWarningCount: number }>(e.checkStoreGoodsSkuStock.path, {}, demo);
    expect([badge.data.hasWarning, badge.data.openWarningCount]).toEqual([true, open.data.total]);
    await h.call(e.updateGoodsSkuStock.path, { skuId, stock: 50 }, demo);
    const after = await db().selectFrom('store_goods_stock_warning').select(['status', 'stock']).where('sku_id', '=', skuId).where('stock', '=', 10).execute();
    expect(after.map((w) => w.status)).toEqual([2]);
    expect((await h.call<PageOf<StockWarningRow>>(e.stockWarningList.path, { status: 1, pageSize: 200 }, demo)).data.list.some((w) => w.skuId === skuId)).toBe(false);

    const low = await h.call<PageOf<SkuStockRow>>(e.skuStockList.path, { stockStatus: STOCK_STATUS.outOfStock, pageSize: 200 }, demo);
    expect(low.data.total).toBeGreaterThan(0);
    expect(low.data.list.every((s) => s.stock === 0 && s.stockStatus === STOCK_STATUS.outOfStock)).toBe(true);
    const service = await h.call<{ openWarningCount: number; outOfStockSkuCount: number }>(e.checkStoreGoodsSkuStock.path, {}, other);
    expect(service.data.openWarningCount).toBe(0);
  });

  it('bulk-edits price and stock of selected SKUs in one go, and checks on-shelf goods of a category', async () => {
    const [g1, g2] = await goodsIdsOf(DEMO, GOODS_STATUS.onShelf);
    const [a] = await skuOf(g1 as number);
    const [b] = await skuOf(g2 as number);
    const edited = await h.call(e.bulkEditSkus.path, { skus: [{ skuId: a!.id, price: 1 }, { skuId: b!.id, stock: 777 }] }, demo);
    expect([edited.code, edited.data]).toEqual([OK, { count: 2 }]);
    expect([(await skuOf(g1 as number))[0]?.price_cents, (await skuOf(g2 as number))[0]?.stock, (await goodsRow(g1 as number))?.min_price_cents]).toEqual([1, 777, 1]);
    const [theirGoods] = await goodsIdsOf(OTHER, GOODS_STATUS.onShelf);
    const [theirSku] = await skuOf(theirGoods as number);
    const foreign = await h.call(e.bulkEditSkus.path, { skus: [{ skuId: a!.id, price: 2 }, { skuId: theirSku!.id, price: 2 }] }, demo);
    expect(foreign.code).toBe('10100004');
    expect([(await skuOf(g1 as number))[0]?.price_cents, (await skuOf(theirGoods as number))[0]?.price_cents]).toEqual([1, theirSku!.price_cents]);

    const tiles = await h.call<{ exists: boolean; count: number }>(e.checkExistsUpperShelfGoods.path, { categoryId: 11 }, demo);
    expect(tiles.data.exists).toBe(true);
    expect((await h.call<{ exists: boolean }>(e.checkExistsUpperShelfGoods.path, { categoryId: 22 }, demo)).data).toEqual({ exists: false, count: 0 });
    expect((await h.call<{ count: number }>(e.checkExistsUpperShelfGoods.path, { categoryId: 11 }, other)).data.count).toBe(OTHER_STORE_GOODS);
  });

  it("denies every goods call on another store's ids and changes nothing", async () => {
    const [theirs] = await goodsIdsOf(OTHER, GOODS_STATUS.onShelf);
    const [theirSku] = await skuOf(theirs as number);
    const warning = await db()
      .insertInto('store_goods_stock_warning')
      .values({ store_id: OTHER, goods_id: theirs as number, sku_id: theirSku!.id, stock: 1, warning_stock: 5 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const snapshot = await db().insertInto('store_goods_snapshot').values({ store_id: OTHER, goods_id: theirs as number, data: '{}' }).returning('id').executeTakeFirstOrThrow();
    const before = { goods: await goodsRow(theirs as number), skus: await skuOf(theirs as number) };
    const attempts: Array<[string, unknown]> = [
      [e.detail.path, { goodsId: theirs }],
      [e.saveDraft.path, { goodsId: theirs, title: 'mine now' }],
      [e.submit.path, tileGoods({ goodsId: theirs })],
      [e.onShelf.path, { goodsIds: [theirs] }],
      [e.offShelf.path, { goodsIds: [theirs] }],
      [e.delete.path, { goodsIds: [theirs] }],
      [e.bulkEditSkus.path, { skus: [{ skuId: theirSku!.id, price: 1 }] }],
      [e.updateGoodsSkuStock.path, { skuId: theirSku!.id, delta: 5 }],
      [e.handleStockWarnings.path, { warningIds: [warning.id] }],
      [e.snapshotQueryById.path, { id: snapshot.id }],
      [e.submit.path, tileGoods({ skus: [{ skuId: theirSku!.id, specValues: { Size: '600x600', Finish: 'matte' }, price: 1, stock: 1 }] })],
    ];
    for (const [path, biz] of attempts) expect([path, (await h.call(path, biz, demo)).code]).toEqual([path, '10100004']);
    for (const [path, biz] of [[e.list.path, { goodsId: theirs }], [e.skuStockList.path, { goodsId: theirs }], [e.stockWarningList.path, { pageSize: 200 }]] as const) {
      const page = await h.call<PageOf<{ goodsId: number }>>(path, biz, demo);
      expect([path, page.data.list.some((row) => row.goodsId === theirs)]).toEqual([path, false]);
    }
    expect({ goods: await goodsRow(theirs as number), skus: await skuOf(theirs as number) }).toEqual(before);
  });

  it('keeps saved views per user: create, replace by name, list, delete; another user cannot touch them', async () => {
    const views = '/v1/store/eshop/savedView';
    const saved = await h.call<{ viewId: number }>(`${views}/save`, { resource: 'goods.list', name: 'Cheap tiles', filters: { title: 'tile', priceMax: 10000 }, columns: ['title', 'minPrice'] }, demo);
    expect(saved.code).toBe(OK);
    const replaced = await h.call<{ viewId: number; columns: string[] }>(`${views}/save`, { resource: 'goods.list', name: 'Cheap tiles', filters: {}, columns: ['title'] }, demo);
    expect([replaced.data.viewId, replaced.data.columns]).toEqual([saved.data.viewId, ['title']]);
    expect((await h.call<{ list: unknown[] }>(`${views}/list`, { resource: 'goods.list' }, demo)).data.list).toHaveLength(1);
    const staff = await h.login('demo_staff', 'Demo12345');
    expect((await h.call<{ list: unknown[] }>(`${views}/list`, { resource: 'goods.list' }, staff)).data.list).toHaveLength(0);
    expect((await h.call(`${views}/delete`, { viewId: saved.data.viewId }, staff)).code).toBe('10100004');
    expect((await h.call(`${views}/save`, { viewId: saved.data.viewId, resource: 'goods.list', name: 'x', filters: {}, columns: [] }, other)).code).toBe('10100004');
    expect((await h.call(`${views}/save`, { resource: 'Goods List', name: 'x', filters: {}, columns: [] }, demo)).code).toBe('10100001');
    expect((await h.call(`${views}/delete`, { viewId: saved.data.viewId }, demo)).data).toEqual({ count: 1 });
  });
  it('refuses a sub-account without goods and inventory codes with 10100003 before reading anything', async () => {
    await db()
      .insertInto('store_user')
      .values({ store_id: DEMO, username: 'no_roles_user', password_hash: await hashSecret('Demo12345'), nickname: 'No roles', avatar_object_key: null, is_owner: false })
      .execute();
    const token = await h.login('no_roles_user', 'Demo12345');
    const [goodsId] = await goodsIdsOf(DEMO, GOODS_STATUS.onShelf);
    const [sku] = await skuOf(goodsId as number);
    const before = await goodsRow(goodsId as number);
    for (const [path, biz] of [
      [e.list.path, {}],
      [e.submit.path, tileGoods()],
      [e.offShelf.path, { goodsIds: [goodsId] }],
      [e.delete.path, { goodsIds: [goodsId] }],
      [e.updateGoodsSkuStock.path, { skuId: sku!.id, delta: -1 }],
      [inventoryEndpoints.itemList.path, {}],
      [inventoryEndpoints.inboundCreate.path, { warehouseName: 'x', lines: [{ itemId: 1, quantity: 1 }] }],
    ] as const) {
      expect([path, (await h.call(path, biz, token)).code]).toEqual([path, '10100003']);
    }
    expect(await goodsRow(goodsId as number)).toEqual(before);
    expect((await skuOf(goodsId as number))[0]?.stock).toBe(sku!.stock);
  });
});
