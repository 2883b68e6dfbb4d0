// Order item images against a real store-server, database and media storage (docs/orders.md "Item
// images"): a line keeps the library file of its goods' first image, and every read answers a fresh URL
// signed for the reading store, which loads; the stored URL does not, and another store never gets one.
import { GOODS_MEDIA_UNAVAILABLE_URL, orderEndpoints as O } from '@merchant/api-contracts';
import { MEDIA_OBJECT_PATH } from '@merchant/media-library';
import { sql } from 'kysely';
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';
const NOT_FOUND = '10100004';
const BUYER_KEY = 'orders-images-buyer-key';
const DEMO = 1001;
const OTHER = 1006;
const BUYER = { buyerAccid: 'c_images_test', buyerName: 'Image Buyer', buyerPhone: '13912345678' };
const RECEIVER = { name: 'Image Receiver', phone: '13712345678', address: '2 Test Road, Shanghai' };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

type Item = { skuId: number; imageUrl: string };

describe('order item images are signed afresh for the reading store', () => {
  let h: TestHarness;
  let demo: string;
  let other: string;

  beforeAll(async () => {
    h = await startTestServer({ config: { buyerKey: BUYER_KEY } });
    demo = await h.login('demo_merchant', 'Demo12345');
    other = await h.login('demo_service', 'Demo12345');
  });
  afterAll(() => h.close());

  const db = () => h.database.db;
  const call = <T>(endpoint: { path: string }, biz: unknown, token: string) => h.call<T>(endpoint.path, biz, token);
  const buyer = (path: string, body: unknown) => h.keyed<{ orderId: number }>(`/buyer/orders${path}`, body, BUYER_KEY);
  async function fetchImage(url: string) {
    const response = await fetch(url);
    return { status: response.status, type: response.headers.get('content-type'), bytes: [...new Uint8Array(await response.arrayBuffer()).slice(0, 4)] };
  }
  /** On-shelf SKUs of the store in stock, with whether their goods' first image is a library file. */
  const orderableSkus = async (storeId: number) =>
    (
      await db()
        .selectFrom('store_goods_sku as s')
        .innerJoin('store_goods as g', 'g.id', 's.goods_id')
        .select(['s.id', 'g.images'])
        .where('g.store_id', '=', storeId)
        .where('g.status', '=', 2)
        .where('s.stock', '>=', 5)
        .orderBy('s.id')
        .execute()
    ).map((row) => ({ skuId: row.id, libraryImage: typeof (row.images as Array<{ fileId?: unknown }>)[0]?.fileId === 'number' }));
  const paidOrder = async (storeId: number, skuId: number) => {
    const placed = await buyer('/place', { storeId, ...BUYER, receiver: RECEIVER, items: [{ skuId, quantity: 1 }] });
    expect(placed.code).toBe(OK);
    expect((await buyer(`/${placed.data.orderId}/pay`, { buyerAccid: BUYER.buyerAccid })).code).toBe(OK);
    return placed.data.orderId;
  };

  it('answers a signed URL that loads in the detail, the shipment, the slip and the certificate; the stored one does not load', async () => {
    const skuId = (await orderableSkus(DEMO)).find((sku) => sku.libraryImage)?.skuId;
    expect(skuId).toEqual(expect.any(Number));
    const orderId = await paidOrder(DEMO, skuId as number);

    const stored = await db().selectFrom('store_order_item').select(['image_url', 'image_file_id']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(stored.image_file_id).toEqual(expect.any(Number));
    expect((await fetch(new URL(stored.image_url, h.url))).status).not.toBe(200);

    const detail = await call<{ items: Item[] }>(O.orderDetail, { orderId }, demo);
    expect(detail.code).toBe(OK);
    const url = (detail.data.items[0] as Item).imageUrl;
    expect(url.startsWith(`${h.url}${MEDIA_OBJECT_PATH}?`)).toBe(true);
    expect(new URL(url).searchParams.get('signature')).toBeTruthy();
    expect(await fetchImage(url)).toEqual({ status: 200, type: 'image/png', bytes: PNG_SIGNATURE });

    const shipped = await call<{ shipmentId: number }>(O.shipOrder, { orderId, carrier: 'SF Express', trackingNo: `SF${orderId}` }, demo);
    expect(shipped.code).toBe(OK);
    const shipment = await call<{ items: Item[] }>(O.shipmentDetail, { shipmentId: shipped.data.shipmentId }, demo);
    const slip = await call<{ slips: Array<{ items: Item[] }> }>(O.deliverySlip, { orderIds: [orderId] }, demo);
    const certificate = await call<{ items: Item[] }>(O.salesCertificate, { orderId }, demo);
    for (const answered of [shipment.data.items, slip.data.slips[0]?.items ?? [], certificate.data.items]) {
      expect(await fetchImage((answered[0] as Item).imageUrl)).toMatchObject({ status: 200, bytes: PNG_SIGNATURE });
    }

    // Another store reaches neither the order nor its signed image.
    expect((await call(O.orderDetail, { orderId }, other)).code).toBe(NOT_FOUND);
    expect((await call(O.deliverySlip, { orderIds: [orderId] }, other)).code).toBe(NOT_FOUND);
  });

  it("an order line of another store naming this store's file never gets a URL of it", async () => {
    const files = await sql<{ id: number; object_key: string }>`select id, object_key from store_media_file where store_id = ${DEMO} order by id limit 1`.execute(db());
    const demoFile = files.rows[0] as { id: number; object_key: string };
    const [otherSku] = await orderableSkus(OTHER);
    const orderId = await paidOrder(OTHER, otherSku?.skuId as number);
    // As if the line had been written naming the demo store's file (and a URL of it).
    await db()
      .updateTable('store_order_item')
      .set({ image_file_id: demoFile.id, image_url: `${MEDIA_OBJECT_PATH}?key=${encodeURIComponent(demoFile.object_key)}` })
      .where('order_id', '=', orderId)
      .execute();

    const detail = await call<{ items: Item[] }>(O.orderDetail, { orderId }, other);
    expect(detail.code).toBe(OK);
    expect((detail.data.items[0] as Item).imageUrl).toBe(GOODS_MEDIA_UNAVAILABLE_URL);
    const answered = JSON.stringify(detail.data);
    expect(answered).not.toContain(demoFile.object_key);
    expect(answered).not.toContain(encodeURIComponent(demoFile.object_key));
  });
});
