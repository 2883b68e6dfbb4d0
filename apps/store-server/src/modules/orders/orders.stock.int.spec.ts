// An order's stock against a real store-server and database (docs/orders.md "Stock"): placing takes the
// quantities in the order's transaction, refuses more than the stock with 10100005 and changes nothing, two
// buyers of the last units never both get them, and crossing a SKU's warning line opens the same stock
// warning a manual change opens (the inventoryWarning list); a withdrawal gives the stock back and closes it.
import { goodsEndpoints as G, type PageOf, type StockWarningRow, type StoreSkuStockCheck } from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';
const NOT_ALLOWED = '10100005';
const BUYER_KEY = 'orders-stock-buyer-key';
const DEMO = 1001;
const BUYER = { buyerAccid: 'c_stock_test', buyerName: 'Stock Buyer', buyerPhone: '13912345678' };
const RECEIVER = { name: 'Stock Receiver', phone: '13712345678', address: '4 Test Road, Shanghai' };

describe("placing an order takes stock and raises the SKU's stock warning", () => {
  let h: TestHarness;
  let demo: string;
  let skuIds: number[];

  beforeAll(async () => {
    h = await startTestServer({ config: { buyerKey: BUYER_KEY } });
    demo = await h.login('demo_merchant', 'Demo12345');
    skuIds = (
      await h.database.db
        .selectFrom('store_goods_sku as s')
        .innerJoin('store_goods as g', 'g.id', 's.goods_id')
        .select('s.id')
        .where('g.store_id', '=', DEMO)
        .where('g.status', '=', 2)
        .orderBy('s.id')
        .limit(4)
        .execute()
    ).map((row) => row.id);
  });
  afterAll(() => h.close());

  const db = () => h.database.db;
  const buyer = <T = { orderId: number }>(path: string, body: unknown) => h.keyed<T>(`/buyer/orders${path}`, body, BUYER_KEY);
  const place = (skuId: number, quantity: number) => buyer('/place', { storeId: DEMO, ...BUYER, receiver: RECEIVER, items: [{ skuId, quantity }] });
  /** The merchant's manual change (updateGoodsSkuStock), the reference the order's change must match. */
  const setStock = async (skuId: number, stock: number, warningStock: number | null) =>
    expect((await h.call(G.updateGoodsSkuStock.path, { skuId, stock, warningStock }, demo)).code).toBe(OK);
  const stockOf = async (skuId: number) => (await db().selectFrom('store_goods_sku').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
  const orderCount = async () => Number((await db().selectFrom('store_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const warningsOf = async (skuId: number) => {
    const page = await h.call<PageOf<StockWarningRow>>(G.stockWarningList.path, { pageNum: 1, pageSize: 50 }, demo);
    expect(page.code).toBe(OK);
    return page.data.list.filter((row) => row.skuId === skuId).map(({ stock, warningStock, status }) => ({ stock, warningStock, status }));
  };
  const badge = async () => (await h.call<StoreSkuStockCheck>(G.checkStoreGoodsSkuStock.path, {}, demo)).data;

  it('takes the quantities, refuses more than the stock with 10100005 and changes nothing', async () => {
    const [skuId, other] = skuIds as [number, number];
    await setStock(skuId, 3, null);
    await setStock(other, 50, null);
    const orders = await orderCount();

    const tooMany = await buyer('/place', { storeId: DEMO, ...BUYER, receiver: RECEIVER, items: [{ skuId: other, quantity: 2 }, { skuId, quantity: 4 }] });
    expect([tooMany.status, tooMany.code]).toEqual([409, NOT_ALLOWED]);
    expect(tooMany.msg).toContain(`SKU ${skuId}`);
    // Nothing of the refused order stays: no order, and the first line's stock went back with the transaction.
    expect([await stockOf(skuId), await stockOf(other), await orderCount()]).toEqual([3, 50, orders]);

    const placed = await place(skuId, 3);
    expect(placed.code).toBe(OK);
    expect([await stockOf(skuId), await orderCount()]).toEqual([0, orders + 1]);
    const none = await place(skuId, 1);
    expect([none.status, none.code]).toEqual([409, NOT_ALLOWED]);
    expect(await stockOf(skuId)).toBe(0);
  });

  it('gives the last units to one of two buyers placing at once', async () => {
    const skuId = skuIds[2] as number;
    await setStock(skuId, 3, null);
    const answers = await Promise.all([place(skuId, 2), place(skuId, 2)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([OK, NOT_ALLOWED]);
    expect(await stockOf(skuId)).toBe(1);
  });

  it('opens the stock warning as a manual change does when an order takes the stock to the line, and a withdrawal closes it', async () => {
    const [manualSku, orderedSku] = [skuIds[3] as number, skuIds[1] as number];
    // The reference: a manual change from 10 to 5 with the line at 5.
    await setStock(manualSku, 10, 5);
    await setStock(manualSku, 5, 5);
    const manual = await warningsOf(manualSku);
    expect(manual).toEqual([{ stock: 5, warningStock: 5, status: 1 }]);

    await setStock(orderedSku, 10, 5);
    const openBefore = (await badge()).openWarningCount;
    const first = await place(orderedSku, 4);
    expect(first.code).toBe(OK);
    expect(await warningsOf(orderedSku)).toEqual([]);
    const crossing = await place(orderedSku, 1);
    expect(crossing.code).toBe(OK);
    // The same warning the manual change left: stock and line at the crossing, open.
    expect(await warningsOf(orderedSku)).toEqual(manual);
    expect(await badge()).toMatchObject({ hasWarning: true, openWarningCount: openBefore + 1 });
    // Further orders below the line add none.
    expect((await place(orderedSku, 1)).code).toBe(OK);
    expect(await warningsOf(orderedSku)).toEqual(manual);

    // Paid and withdrawn before shipping: the 4 go back (8 > 5) and the open warning closes.
    expect((await buyer(`/${first.data.orderId}/pay`, { buyerAccid: BUYER.buyerAccid })).code).toBe(OK);
    expect((await buyer(`/${first.data.orderId}/withdraw`, { buyerAccid: BUYER.buyerAccid })).code).toBe(OK);
    expect(await stockOf(orderedSku)).toBe(8);
    expect(await warningsOf(orderedSku)).toEqual([{ stock: 5, warningStock: 5, status: 2 }]);
    expect((await badge()).openWarningCount).toBe(openBefore);
  });
});
