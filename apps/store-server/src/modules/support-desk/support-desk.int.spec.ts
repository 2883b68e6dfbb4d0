import { BUYER_ORDERS_LIMIT, STORE_CODES, supportDeskEndpoints as api, type BuyerOrder } from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../../testing/harness';

// Issue 32 support desk through real HTTP (PostgreSQL with DATABASE_URL, else PGlite): the customer's newest
// orders with the signed-in store by their IM account, never another store's; bad accounts refused.
const OK = STORE_CODES.success;
const INVALID = STORE_CODES.invalidParameter;
const STORE = 1001;
const OTHER_STORE = 1006;

let h: TestHarness;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const db = () => h.database.db;
type Answer = { storeId: number; list: BuyerOrder[] };

/** The store's paid orders of the buyer straight from the tables, newest first. */
async function expectedOrders(storeId: number, buyerAccid: string) {
  const rows = await db()
    .selectFrom('store_order')
    .select(['id', 'order_no', 'status', 'amount_cents', 'created_at'])
    .where('store_id', '=', storeId)
    .where('buyer_accid', '=', buyerAccid)
    .where('status', '>=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(BUYER_ORDERS_LIMIT)
    .execute();
  return rows.map((row) => ({ orderId: row.id, orderNo: row.order_no, status: row.status, amountCents: Number(row.amount_cents), createTime: Number(row.created_at) }));
}

describe("the customer's orders beside the chat", () => {
  it("answers the signed-in store's newest paid orders of that buyer, with their first items", async () => {
    const token = await h.login('demo_support', 'Demo12345');
    const answer = await h.call<Answer>(api.buyerOrders.path, { buyerAccid: 'c_demo1' }, token);
    expect(answer.code).toBe(OK);
    expect(answer.data.storeId).toBe(STORE);
    const expected = await expectedOrders(STORE, 'c_demo1');
    expect(expected.length).toBe(BUYER_ORDERS_LIMIT);
    expect(answer.data.list.map(({ orderId, orderNo, status, amountCents, createTime }) => ({ orderId, orderNo, status, amountCents, createTime }))).toEqual(expected);
    for (const order of answer.data.list) {
      const items = await db().selectFrom('store_order_item').select(['goods_id', 'title', 'quantity']).where('order_id', '=', order.orderId).orderBy('id').execute();
      expect(order.itemCount).toBe(items.reduce((sum, item) => sum + item.quantity, 0));
      expect(order.items).toEqual(items.slice(0, 3).map((item) => ({ goodsId: item.goods_id, title: item.title, quantity: item.quantity })));
    }
    // A buyer with no orders here: an empty list, not an error.
    expect((await h.call<Answer>(api.buyerOrders.path, { buyerAccid: 'c_nobody' }, token)).data).toEqual({ storeId: STORE, list: [] });
  });

  it("never answers another store's orders, and leaves out unpaid ones", async () => {
    const at = Math.floor(Date.now() / 1000);
    const [foreign] = await db()
      .insertInto('store_order')
      .values({ store_id: OTHER_STORE, status: 1, amount_cents: 12_300, created_at: at, buyer_accid: 'c_demo1', order_no: 'FOREIGN-1', receiver: JSON.stringify({ name: 'x', phone: 'y', address: 'z' }) })
      .returning('id')
      .execute();
    const [unpaid] = await db()
      .insertInto('store_order')
      .values({ store_id: STORE, status: 0, amount_cents: 500, created_at: at + 10, buyer_accid: 'c_demo1', order_no: 'UNPAID-1', receiver: JSON.stringify({ name: 'x', phone: 'y', address: 'z' }) })
      .returning('id')
      .execute();
    const ours = await h.call<Answer>(api.buyerOrders.path, { buyerAccid: 'c_demo1' }, await h.login('demo_merchant', 'Demo12345'));
    expect(ours.data.list.map((order) => order.orderId)).not.toContain(foreign.id);
    expect(ours.data.list.map((order) => order.orderId)).not.toContain(unpaid.id);
    const theirs = await h.call<Answer>(api.buyerOrders.path, { buyerAccid: 'c_demo1' }, await h.login('demo_service', 'Demo12345'));
    expect(theirs.data).toEqual({ storeId: OTHER_STORE, list: [expect.objectContaining({ orderId: foreign.id, orderNo: 'FOREIGN-1', amountCents: 12_300, itemCount: 0, items: [] })] });
  });

  it('refuses what cannot be an IM account', async () => {
    const token = await h.login('demo_merchant', 'Demo12345');
    for (const buyerAccid of ['', 'a b', 'x'.repeat(65), "c_demo1' or 1=1 --"]) {
      expect([buyerAccid, (await h.call(api.buyerOrders.path, { buyerAccid }, token)).code]).toEqual([buyerAccid, INVALID]);
    }
  });
});
