// Goods images against a real store-server, database and media storage: the library's URLs are signed
// and expire, so every read answers a fresh URL signed by fileId for the reading store only.
import { GOODS_MEDIA_UNAVAILABLE_URL, GOODS_STATUS, goodsEndpoints as e, type GoodsSubmitInput, type GoodsDetail, type GoodsListRow, type GoodsSnapshot, type PageOf, type SkuStockRow } from '@merchant/api-contracts';
import { MEDIA_OBJECT_PATH } from '@merchant/media-library';
import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';
const DEMO = 1001;
const OTHER = 1006;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

describe('goods images are signed afresh by fileId', () => {
  let h: TestHarness;
  let demo: string;
  let other: string;

  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.reset();
    demo = await h.login('demo_merchant', 'Demo12345');
    other = await h.login('demo_service', 'Demo12345');
  });

  async function fetchImage(url: string) {
    const response = await fetch(url);
    return { status: response.status, type: response.headers.get('content-type'), bytes: [...new Uint8Array(await response.arrayBuffer()).slice(0, 4)] };
  }

  it('a seeded good lists, details and snapshots with a signed URL of its library file that loads', async () => {
    const page = await h.call<PageOf<GoodsListRow>>(e.list.path, { status: GOODS_STATUS.onShelf, pageNum: 1, pageSize: 5 }, demo);
    expect(page.code).toBe(OK);
    const row = page.data.list[0] as GoodsListRow;
    expect(row.mainImageUrl.startsWith(`${h.url}${MEDIA_OBJECT_PATH}?`)).toBe(true);
    expect(new URL(row.mainImageUrl).searchParams.get('signature')).toBeTruthy();
    expect(await fetchImage(row.mainImageUrl)).toEqual({ status: 200, type: 'image/png', bytes: PNG_SIGNATURE });
    // What the database keeps is not a working URL by itself: the answer is signed at read time.
    const stored = await h.database.db.selectFrom('store_goods').select('images').where('id', '=', row.goodsId).executeTakeFirstOrThrow();
    const storedUrl = (stored.images as Array<{ objectUrl: string }>)[0]?.objectUrl ?? '';
    expect((await fetch(new URL(storedUrl, h.url))).status).not.toBe(200);

    const detail = await h.call<GoodsDetail>(e.detail.path, { goodsId: row.goodsId }, demo);
    const image = detail.data.images[0] as { fileId?: number; objectUrl: string };
    expect(image.fileId).toEqual(expect.any(Number));
    expect(await fetchImage(image.objectUrl)).toMatchObject({ status: 200, bytes: PNG_SIGNATURE });

    const stock = await h.call<PageOf<SkuStockRow>>(e.skuStockList.path, { goodsId: row.goodsId, pageNum: 1, pageSize: 5 }, demo);
    expect(await fetchImage((stock.data.list[0] as SkuStockRow).mainImageUrl)).toMatchObject({ status: 200 });

    // A snapshot keeps the approved goods; its pictures are signed on read too.
    const snapshotId = await h.database.db
      .insertInto('store_goods_snapshot')
      .values({ store_id: DEMO, goods_id: row.goodsId, data: JSON.stringify(detail.data) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const snapshot = await h.call<GoodsSnapshot>(e.snapshotQueryById.path, { id: snapshotId.id }, demo);
    expect(snapshot.code).toBe(OK);
    expect(await fetchImage((snapshot.data.goods.images[0] as { objectUrl: string }).objectUrl)).toMatchObject({ status: 200 });
  });

  it("a good of another store never gets a URL for this store's file", async () => {
    const files = await sql<{ id: number; object_key: string }>`select id, object_key from store_media_file where store_id = ${DEMO} order by id limit 1`.execute(h.database.db);
    const demoFile = files.rows[0] as { id: number; object_key: string };
    const otherGoods = await h.database.db.selectFrom('store_goods').select('id').where('store_id', '=', OTHER).where('status', '=', GOODS_STATUS.onShelf).executeTakeFirstOrThrow();
    // As if a crafted form had named the demo store's fileId (and a URL of it).
    const crafted = [{ fileId: demoFile.id, objectUrl: `${MEDIA_OBJECT_PATH}?key=${encodeURIComponent(demoFile.object_key)}` }];
    await h.database.db.updateTable('store_goods').set({ images: JSON.stringify(crafted), detail_type: 2, detail_images: JSON.stringify(crafted) }).where('id', '=', otherGoods.id).execute();

    const page = await h.call<PageOf<GoodsListRow>>(e.list.path, { goodsId: otherGoods.id, pageNum: 1, pageSize: 5 }, other);
    const row = page.data.list[0] as GoodsListRow;
    expect(row.mainImageUrl).toBe(GOODS_MEDIA_UNAVAILABLE_URL);
    const detail = await h.call<GoodsDetail>(e.detail.path, { goodsId: otherGoods.id }, other);
    expect(detail.code).toBe(OK);
    const answered = JSON.stringify(detail.data);
    expect(answered).not.toContain(demoFile.object_key);
    expect(answered).not.toContain(encodeURIComponent(demoFile.object_key));
    expect(detail.data.images).toEqual([{ fileId: demoFile.id, objectUrl: GOODS_MEDIA_UNAVAILABLE_URL }]);
    // And the demo store cannot read the other store's goods at all.
    expect((await h.call(e.detail.path, { goodsId: otherGoods.id }, demo)).code).toBe('10100004');
  });

  it("saving goods refuses another store's library files by fileId and changes nothing", async () => {
    const files = await sql<{ id: number }>`select id from store_media_file where store_id = ${DEMO} order by id limit 1`.execute(h.database.db);
    const demoFileId = (files.rows[0] as { id: number }).id;
    const form = (fileId: number): GoodsSubmitInput => ({
      categoryId: 11,
      brandName: 'Marco Tiles', // approved for both stores (DEMO_BRANDS)
      title: 'Signed tile',
      unitId: 3,
      specList: [{ specName: 'Size', values: ['600x600'] }],
      skus: [{ specValues: { Size: '600x600' }, price: 9900, stock: 30 }],
      images: [{ fileId, objectUrl: '/any/url.png' }],
      video: null,
      detailType: 1,
      detailHtml: '<p>Frost resistant.</p>',
      freightTemplateId: 1,
    });
    const count = async () => (await h.database.db.selectFrom('store_goods').select('id').execute()).length;
    const before = await count();
    const foreign = await h.call(e.submit.path, form(demoFileId), other);
    expect([foreign.code, foreign.msg]).toEqual(['10100001', `media files are not in your media library: ${demoFileId}`]);
    const draft = await h.call(e.saveDraft.path, { title: 'draft', images: [{ fileId: demoFileId, objectUrl: '/x.png' }] }, other);
    expect(draft.code).toBe('10100001');
    expect(await count()).toBe(before);

    const own = await h.call<{ goodsId: number }>(e.submit.path, form(demoFileId), demo);
    expect(own.code).toBe(OK);
    const detail = await h.call<GoodsDetail>(e.detail.path, { goodsId: own.data.goodsId }, demo);
    expect(await fetchImage((detail.data.images[0] as { objectUrl: string }).objectUrl)).toMatchObject({ status: 200, bytes: PNG_SIGNATURE });
  });
});
