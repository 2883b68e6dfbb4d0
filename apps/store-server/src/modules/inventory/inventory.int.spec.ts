// The inventory centre against a real store-server and database: the seeded tables page; inbound,
// outbound and counts move quantities atomically (never below zero) with a ledger; warnings fire when
// a quantity crosses its configured line; bad input and another store's ids change nothing.
import { inventoryEndpoints as e, INVENTORY_MOVEMENT_KIND, STOCK_STATUS, type PageOf } from '@merchant/api-contracts';
import { DEMO_INVENTORY_ITEMS, DEMO_WAREHOUSES } from '../../db/goods.seed';
import { startTestServer, type TestHarness } from '../../testing/harness';

const OK = '00000000';
const DEMO = 1001;
const OTHER = 1006;
const WAREHOUSE = DEMO_WAREHOUSES[0];

interface Item {
  itemId: number;
  quantity: number;
  warningLine: number | null;
  stockStatus: number;
  warehouseName: string;
  movements?: Array<{ kind: number; delta: number; quantityAfter: number; refNo: string }>;
}

describe('inventory centre', () => {
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

  const db = () => h.database.db;
  const quantityOf = async (itemId: number) => (await db().selectFrom('store_inventory_item').select('quantity').where('id', '=', itemId).executeTakeFirstOrThrow()).quantity;
  /** A demo item at the first warehouse with a quantity set for the test, and no warning config. */
  const freshItem = async (quantity: number, index = 0) => {
    const rows = await db()
      .selectFrom('store_inventory_item as i')
      .leftJoin('store_inventory_warning_config as c', 'c.item_id', 'i.id')
      .select('i.id')
      .where('i.store_id', '=', DEMO)
      .where('i.warehouse_name', '=', WAREHOUSE)
      .where('c.id', 'is', null)
      .orderBy('i.id')
      .execute();
    const id = rows[index]!.id;
    await db().updateTable('store_inventory_item').set({ quantity }).where('id', '=', id).execute();
    return id;
  };
  const otherItem = async () => (await db().selectFrom('store_inventory_item').select('id').where('store_id', '=', OTHER).orderBy('id').executeTakeFirstOrThrow()).id;

  it('pages the seeded items, configs, warnings, counts and applications of the own store only', async () => {
    const items = await h.call<PageOf<Item>>(e.itemList.path, { pageSize: 20, pageNum: 3 }, demo);
    expect([items.code, items.data.total, items.data.list.length]).toEqual([OK, DEMO_INVENTORY_ITEMS, 20]);
    const out = await h.call<PageOf<Item>>(e.itemList.path, { stockStatus: STOCK_STATUS.outOfStock, pageSize: 200 }, demo);
    expect(out.data.total).toBeGreaterThan(0);
    expect(out.data.list.every((i) => i.quantity === 0)).toBe(true);
    const low = await h.call<PageOf<Item>>(e.itemList.path, { stockStatus: STOCK_STATUS.lowStock, pageSize: 200 }, demo);
    expect(low.data.list.every((i) => i.warningLine !== null && i.quantity > 0 && i.quantity <= i.warningLine)).toBe(true);
    const here = await h.call<PageOf<Item>>(e.itemList.path, { warehouseName: 'Shenzhen', pageSize: 5 }, demo);
    expect(here.data.total).toBe(DEMO_INVENTORY_ITEMS / 2);
    for (const path of [e.warningConfigList.path, e.serviceWarningList.path, e.countList.path, e.inboundList.path, e.outboundList.path]) {
      const page = await h.call<PageOf<unknown>>(path, { pageSize: 5 }, demo);
      expect([path, page.code, page.data.list.length]).toEqual([path, OK, 5]);
      expect(page.data.total).toBeGreaterThan(5);
    }
    const theirs = await h.call<PageOf<Item>>(e.itemList.path, { pageSize: 200 }, other);
    expect(theirs.data.total).toBe(2);
    expect((await h.call<PageOf<unknown>>(e.countList.path, {}, other)).data.total).toBe(0);
  });

  it('receives inbound and dispatches outbound applications with a ledger; outbound beyond stock changes nothing', async () => {
    const a = await freshItem(10, 0);
    const b = await freshItem(2, 1);
    const inbound = await h.call<{ orderId: number }>(e.inboundCreate.path, { warehouseName: WAREHOUSE, lines: [{ itemId: a, quantity: 5 }], remark: 'restock' }, demo);
    expect(inbound.code).toBe(OK);
    expect(await quantityOf(a)).toBe(10); // nothing moves until the warehouse receives it
    const received = await h.call<{ status: number; lines: unknown[] }>(e.inboundReceive.path, { orderId: inbound.data.orderId }, demo);
    expect([received.code, received.data.status]).toEqual([OK, 2]);
    expect(await quantityOf(a)).toBe(15);
    expect((await h.call(e.inboundReceive.path, { orderId: inbound.data.orderId }, demo)).code).toBe('10100005');

    const outbound = await h.call<{ orderId: number }>(
      e.outboundCreate.path,
      { warehouseName: WAREHOUSE, lines: [{ itemId: a, quantity: 4 }, { itemId: b, quantity: 3 }], contactName: 'Li Wei', contactMobile: '13912345678', address: '1 Test Road' },
      demo,
    );
    const refused = await h.call(e.outboundDispatch.path, { orderId: outbound.data.orderId }, demo);
    expect(refused.code).toBe('10100005');
    expect(refused.msg).toMatch(/not enough stock/);
    expect([await quantityOf(a), await quantityOf(b)]).toEqual([15, 2]); // all lines or none
    await db().updateTable('store_inventory_item').set({ quantity: 3 }).where('id', '=', b).execute();
    const dispatched = await h.call(e.outboundDispatch.path, { orderId: outbound.data.orderId }, demo);
    expect(dispatched.code).toBe(OK);
    expect([await quantityOf(a), await quantityOf(b)]).toEqual([11, 0]);
    const detail = await h.call<Item>(e.itemDetail.path, { itemId: a }, demo);
    expect(detail.data.movements?.slice(0, 2).map((m) => [m.kind, m.delta, m.quantityAfter])).toEqual([
      [INVENTORY_MOVEMENT_KIND.outbound, -4, 11],
      [INVENTORY_MOVEMENT_KIND.inbound, 5, 15],
    ]);
    const cancel = await h.call<{ orderId: number }>(e.inboundCreate.path, { warehouseName: WAREHOUSE, lines: [{ itemId: a, quantity: 1 }] }, demo);
    expect((await h.call(e.inboundCancel.path, { orderId: cancel.data.orderId }, demo)).code).toBe(OK);
    expect((await h.call(e.inboundReceive.path, { orderId: cancel.data.orderId }, demo)).code).toBe('10100005');
    expect(await quantityOf(a)).toBe(11);
  });

  it('counts a warehouse: counted quantities become the stock, and a finished count cannot complete twice', async () => {
    const a = await freshItem(40, 0);
    const b = await freshItem(7, 1);
    const created = await h.call<{ countId: number }>(e.countCreate.path, { warehouseName: WAREHOUSE, itemIds: [a, b] }, demo);
    expect(created.code).toBe(OK);
    const sheet = await h.call<{ lines: Array<{ itemId: number; bookQuantity: number }> }>(e.countDetail.path, { countId: created.data.countId }, demo);
    expect(sheet.data.lines.map((l) => [l.itemId, l.bookQuantity])).toEqual([[a, 40], [b, 7]]);
    const done = await h.call<{ status: number; difference: number }>(e.countComplete.path, { countId: created.data.countId, lines: [{ itemId: a, countedQuantity: 38 }, { itemId: b, countedQuantity: 7 }] }, demo);
    expect([done.code, done.data.status, done.data.difference]).toEqual([OK, 2, -2]);
    expect([await quantityOf(a), await quantityOf(b)]).toEqual([38, 7]);
    expect((await h.call(e.countComplete.path, { countId: created.data.countId, lines: [{ itemId: a, countedQuantity: 1 }] }, demo)).code).toBe('10100005');
    expect(await quantityOf(a)).toBe(38);
  });

  it('fires a service warning when a quantity crosses its configured line, and not again below it', async () => {
    const a = await freshItem(25, 0);
    const added = await h.call<{ configId: number }>(e.warningConfigAdd.path, { itemId: a, warningLine: 20, remark: 'reorder' }, demo);
    expect(added.code).toBe(OK);
    expect((await h.call(e.warningConfigAdd.path, { itemId: a, warningLine: 5 }, demo)).code).toBe('10100009');
    const ship = async (quantity: number) => {
      const created = await h.call<{ orderId: number }>(
        e.outboundCreate.path,
        { warehouseName: WAREHOUSE, lines: [{ itemId: a, quantity }], contactName: 'Li', contactMobile: '13912345678', address: 'Somewhere 1' },
        demo,
      );
      return h.call(e.outboundDispatch.path, { orderId: created.data.orderId }, demo);
    };
    const warningsOf = () => db().selectFrom('store_inventory_warning').select(['quantity', 'warning_line', 'status', 'id']).where('item_id', '=', a).orderBy('id').execute();
    await ship(4); // 21: above
    expect(await warningsOf()).toEqual([]);
    await ship(1); // 20: crossed
    await ship(3); // 17: already below
    const fired = await warningsOf();
    expect(fired.map((w) => [w.quantity, w.warning_line, w.status])).toEqual([[20, 20, 1]]);
    const detail = await h.call<{ currentQuantity: number; movements: Array<{ delta: number }> }>(e.serviceWarningDetail.path, { warningId: fired[0]!.id }, demo);
    expect([detail.data.currentQuantity, detail.data.movements.slice(0, 3).map((m) => m.delta)]).toEqual([17, [-3, -1, -4]]);
    const edited = await h.call<{ warningLine: number; enabled: boolean }>(e.warningConfigEdit.path, { configId: added.data.configId, warningLine: 10 }, demo);
    expect([edited.data.warningLine, edited.data.enabled]).toEqual([10, true]);
    expect((await h.call<{ warningLine: number }>(e.warningConfigDetail.path, { configId: added.data.configId }, demo)).data.warningLine).toBe(10);
    const handled = await h.call(e.serviceWarningHandle.path, { warningIds: [fired[0]!.id] }, demo);
    expect([handled.code, (await warningsOf())[0]?.status]).toEqual([OK, 2]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const a = await freshItem(10, 0);
    const cases: Array<[string, unknown, string, RegExp]> = [
      [e.inboundCreate.path, { warehouseName: WAREHOUSE, lines: [] }, '10100001', /Add at least one item/],
      [e.inboundCreate.path, { warehouseName: WAREHOUSE, lines: [{ itemId: a, quantity: 0 }] }, '10100001', /at least 1/],
      [e.inboundCreate.path, { warehouseName: WAREHOUSE, lines: [{ itemId: a, quantity: 1 }, { itemId: a, quantity: 2 }] }, '10100001', /the same item is listed twice/],
      [e.inboundCreate.path, { warehouseName: DEMO_WAREHOUSES[1], lines: [{ itemId: a, quantity: 1 }] }, '10100004', /no such item at that warehouse/],
      [e.outboundCreate.path, { warehouseName: WAREHOUSE, lines: [{ itemId: a, quantity: 1 }], contactName: 'Li', contactMobile: '12345', address: 'x' }, '10100001', /phone number format error/],
      [e.outboundCreate.path, { warehouseName: WAREHOUSE, lines: [{ itemId: a, quantity: 1 }], contactMobile: '13912345678', address: 'x' }, '10100001', /contactName/],
      [e.warningConfigAdd.path, { itemId: a, warningLine: -1 }, '10100001', /cannot be negative/],
      [e.countComplete.path, { countId: 1, lines: [{ itemId: a, countedQuantity: 2.5 }] }, '10100001', /whole number/],
      [e.itemList.path, { stockStatus: 9 }, '10100001', /stockStatus/],
      [e.countList.path, { createTimeStart: 10, createTimeEnd: 5 }, '10100001', /end cannot be less than start/],
      [e.itemAdd.path, { skuId: 1, warehouseName: ' ' }, '10100001', /warehouseName is required/],
    ];
    const orders = async () => Number((await db().selectFrom('store_inventory_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await orders();
    for (const [path, biz, code, message] of cases) {
      const answer = await h.call(path, biz, demo);
      expect([path, answer.code]).toEqual([path, code]);
      expect(answer.msg).toMatch(message);
    }
    expect([await orders(), await quantityOf(a)]).toEqual([before, 10]);
    expect((await h.call(e.itemList.path, {})).code).toBe('10302006');
  });

  it("denies every inventory call on another store's ids and changes nothing", async () => {
    const theirs = await otherItem();
    const theirSku = (await db().selectFrom('store_goods_sku').select('id').where('store_id', '=', OTHER).orderBy('id').executeTakeFirstOrThrow()).id;
    const config = await db().insertInto('store_inventory_warning_config').values({ store_id: OTHER, item_id: theirs, warning_line: 5 }).returning('id').executeTakeFirstOrThrow();
    const warning = await db().insertInto('store_inventory_warning').values({ store_id: OTHER, item_id: theirs, quantity: 1, warning_line: 5 }).returning('id').executeTakeFirstOrThrow();
    const count = await db().insertInto('store_inventory_count').values({ store_id: OTHER, warehouse_name: WAREHOUSE }).returning('id').executeTakeFirstOrThrow();
    const makeOrder = async (direction: number) =>
      (await db().insertInto('store_inventory_order').values({ store_id: OTHER, direction, warehouse_name: WAREHOUSE }).returning('id').executeTakeFirstOrThrow()).id;
    const inbound = await makeOrder(1);
    const outbound = await makeOrder(2);
    await db().insertInto('store_inventory_order_line').values([{ order_id: inbound, item_id: theirs, quantity: 1 }, { order_id: outbound, item_id: theirs, quantity: 1 }]).execute();
    const before = await quantityOf(theirs);
    const attempts: Array<[string, unknown]> = [
      [e.itemDetail.path, { itemId: theirs }],
      [e.itemAdd.path, { skuId: theirSku, warehouseName: 'Mine' }],
      [e.warningConfigDetail.path, { configId: config.id }],
      [e.warningConfigAdd.path, { itemId: theirs, warningLine: 3 }],
      [e.warningConfigEdit.path, { configId: config.id, warningLine: 1 }],
      [e.serviceWarningDetail.path, { warningId: warning.id }],
      [e.serviceWarningHandle.path, { warningIds: [warning.id] }],
      [e.countDetail.path, { countId: count.id }],
      [e.countCreate.path, { warehouseName: WAREHOUSE, itemIds: [theirs] }],
      [e.countComplete.path, { countId: count.id, lines: [{ itemId: theirs, countedQuantity: 0 }] }],
      [e.countCancel.path, { countId: count.id }],
      [e.inboundDetail.path, { orderId: inbound }],
      [e.inboundCreate.path, { warehouseName: WAREHOUSE, lines: [{ itemId: theirs, quantity: 1 }] }],
      [e.inboundReceive.path, { orderId: inbound }],
      [e.inboundCancel.path, { orderId: inbound }],
      [e.outboundDetail.path, { orderId: outbound }],
      [e.outboundCreate.path, { warehouseName: WAREHOUSE, lines: [{ itemId: theirs, quantity: 1 }], contactName: 'x', contactMobile: '13912345678', address: 'y' }],
      [e.outboundDispatch.path, { orderId: outbound }],
      [e.outboundCancel.path, { orderId: outbound }],
      // An inbound id is not an outbound one either.
      [e.outboundDispatch.path, { orderId: inbound }],
    ];
    for (const [path, biz] of attempts) expect([path, (await h.call(path, biz, demo)).code]).toEqual([path, '10100004']);
    expect(await quantityOf(theirs)).toBe(before);
    const statuses = await db().selectFrom('store_inventory_order').select('status').where('id', 'in', [inbound, outbound]).execute();
    expect(statuses.map((s) => s.status)).toEqual([1, 1]);
    expect((await db().selectFrom('store_inventory_warning').select('status').where('id', '=', warning.id).executeTakeFirstOrThrow()).status).toBe(1);
    expect((await db().selectFrom('store_inventory_warning_config').select('warning_line').where('id', '=', config.id).executeTakeFirstOrThrow()).warning_line).toBe(5);
  });

  it("opens an outbound application of the own store with its recipient and lines; another store's or an inbound id is not found", async () => {
    const [a, b] = [await freshItem(9, 0), await freshItem(9, 1)];
    const address = `${Date.now() % 100000} Nanjing Road, Huangpu, Shanghai`;
    const created = await h.call<{ orderId: number }>(
      e.outboundCreate.path,
      { warehouseName: WAREHOUSE, lines: [{ itemId: a, quantity: 4 }, { itemId: b, quantity: 2 }], contactName: 'Li Wei', contactMobile: '13912345678', address, remark: 'Back door' },
      demo,
    );
    expect(created.code).toBe(OK);
    const detail = await h.call<{ orderId: number; status: number; address: string; contactName: string; totalQuantity: number; lineCount: number; lines: Array<{ itemId: number; itemName: string; skuText: string; quantity: number }> }>(
      e.outboundDetail.path,
      { orderId: created.data.orderId },
      demo,
    );
    expect(detail.code).toBe(OK);
    expect(detail.data).toMatchObject({ orderId: created.data.orderId, status: 1, address, contactName: 'Li Wei', totalQuantity: 6, lineCount: 2, remark: 'Back door' });
    const names = await db().selectFrom('store_inventory_item').select(['id', 'item_name', 'sku_text']).where('id', 'in', [a, b]).orderBy('id').execute();
    expect(detail.data.lines).toEqual(names.map((item) => ({ itemId: item.id, itemName: item.item_name, skuText: item.sku_text, quantity: item.id === a ? 4 : 2 })));

    // Another store does not see it; an inbound id is not an outbound application; nothing changed by asking.
    expect((await h.call(e.outboundDetail.path, { orderId: created.data.orderId }, other)).code).toBe('10100004');
    const inbound = await h.call<{ orderId: number }>(e.inboundCreate.path, { warehouseName: WAREHOUSE, lines: [{ itemId: a, quantity: 1 }] }, demo);
    expect((await h.call(e.outboundDetail.path, { orderId: inbound.data.orderId }, demo)).code).toBe('10100004');
    expect((await h.call(e.inboundDetail.path, { orderId: created.data.orderId }, demo)).code).toBe('10100004');
    expect([await quantityOf(a), await quantityOf(b)]).toEqual([9, 9]);
  });

  it('registers a SKU at a warehouse once', async () => {
    const sku = (await db().selectFrom('store_goods_sku').select('id').where('store_id', '=', DEMO).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const added = await h.call<{ itemId: number }>(e.itemAdd.path, { skuId: sku, warehouseName: 'Hangzhou Service Warehouse' }, demo);
    expect(added.code).toBe(OK);
    expect((await h.call<Item>(e.itemDetail.path, { itemId: added.data.itemId }, demo)).data).toMatchObject({ quantity: 0, stockStatus: STOCK_STATUS.outOfStock });
    expect((await h.call(e.itemAdd.path, { skuId: sku, warehouseName: 'Hangzhou Service Warehouse' }, demo)).code).toBe('10100009');
  });
});
