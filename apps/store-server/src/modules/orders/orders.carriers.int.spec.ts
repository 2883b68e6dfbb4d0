// Carriers against a real store-server and database (docs/orders.md "Carriers"): the contract's CARRIERS
// list is the only one; a carrier it does not know is refused with 10100001 and changes nothing, alone or as
// a row of a bulk shipment; a known one, by code or by name, is kept as its code.
import { CARRIER_CODES, orderEndpoints as O } from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';
const INVALID = '10100001';
const BUYER_KEY = 'orders-carriers-buyer-key';
const DEMO = 1001;
const BUYER = { buyerAccid: 'c_carriers_test', buyerName: 'Carrier Buyer', buyerPhone: '13912345678' };
const RECEIVER = { name: 'Carrier Receiver', phone: '13712345678', address: '3 Test Road, Shanghai' };

describe('shipping takes only a carrier of the list', () => {
  let h: TestHarness;
  let demo: string;

  beforeAll(async () => {
    h = await startTestServer({ config: { buyerKey: BUYER_KEY } });
    demo = await h.login('demo_merchant', 'Demo12345');
  });
  afterAll(() => h.close());

  const db = () => h.database.db;
  const buyer = (path: string, body: unknown) => h.keyed<{ orderId: number }>(`/buyer/orders${path}`, body, BUYER_KEY);
  const paidOrder = async () => {
    const sku = await db()
      .selectFrom('store_goods_sku as s')
      .innerJoin('store_goods as g', 'g.id', 's.goods_id')
      .select('s.id')
      .where('g.store_id', '=', DEMO)
      .where('g.status', '=', 2)
      .where('s.stock', '>=', 50)
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    const placed = await buyer('/place', { storeId: DEMO, ...BUYER, receiver: RECEIVER, items: [{ skuId: sku.id, quantity: 1 }] });
    expect(placed.code).toBe(OK);
    expect((await buyer(`/${placed.data.orderId}/pay`, { buyerAccid: BUYER.buyerAccid })).code).toBe(OK);
    return placed.data.orderId;
  };
  /** What a refused shipment must leave alone: the order's status and updated time, its shipments and history. */
  const stateOf = async (orderId: number) => ({
    order: await db().selectFrom('store_order').select(['status', 'updated_at']).where('id', '=', orderId).executeTakeFirstOrThrow(),
    shipments: await db().selectFrom('store_shipment').select('id').where('order_id', '=', orderId).execute(),
    events: await db().selectFrom('store_order_event').select('event').where('order_id', '=', orderId).orderBy('id').execute(),
  });

  it('refuses an unknown carrier with 10100001 and changes nothing; a name of the list is kept as its code', async () => {
    const orderId = await paidOrder();
    const before = await stateOf(orderId);
    const refused = await h.call(O.shipOrder.path, { orderId, carrier: 'Pigeon Post', trackingNo: 'PP123' }, demo);
    expect(refused.code).toBe(INVALID);
    expect(refused.msg).toBe(`carrier must be one of the listed carriers (${CARRIER_CODES.join(', ')})`);
    expect(await stateOf(orderId)).toEqual(before);
    expect(before.order.status).toBe(1);

    const shipped = await h.call<{ carrier: string }>(O.shipOrder.path, { orderId, carrier: '顺丰速运', trackingNo: 'SF123' }, demo);
    expect(shipped.code).toBe(OK);
    expect(shipped.data.carrier).toBe('SF');
    expect((await db().selectFrom('store_shipment').select('carrier').where('order_id', '=', orderId).executeTakeFirstOrThrow()).carrier).toBe('SF');
  });

  it('refuses the bulk row with an unknown carrier, in the caller language, and ships the others', async () => {
    const [good, bad] = [await paidOrder(), await paidOrder()];
    const before = await stateOf(bad);
    const zh = h.client(demo, 'none', 'zh-CN');
    const answer = await zh.request<{ results: Array<{ orderId: number; code: string; msg: string }> }>(O.bulkShip.path, {
      rows: [
        { orderId: good, carrier: 'ZTO Express', trackingNo: 'ZT1' },
        { orderId: bad, carrier: 'Pigeon Post', trackingNo: 'PP1' },
      ],
    });
    expect(answer.data.results.map((row) => [row.orderId, row.code])).toEqual([
      [good, OK],
      [bad, INVALID],
    ]);
    expect(answer.data.results[1]?.msg).toContain('carrier须为列表中的快递公司');
    expect(await stateOf(bad)).toEqual(before);
    expect((await db().selectFrom('store_shipment').select('carrier').where('order_id', '=', good).executeTakeFirstOrThrow()).carrier).toBe('ZTO');
  });
});
