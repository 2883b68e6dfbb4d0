// Idempotent calls (docs/security.md "Idempotent calls") against two real store-server instances on one
// real database (PGlite, or PostgreSQL when DATABASE_URL is set): identical requests fired at once change
// the database once and all get the first answer; a key with another biz is refused; a new key, an
// expired key and a key whose first call was refused run the call again.
import { randomUUID } from 'node:crypto';
import { GOODS_STATUS, goodsEndpoints as G, inventoryEndpoints as I, STORE_CODES } from '@merchant/api-contracts';
import { createSecureClient, isSecureTransportError, type SecureClient } from '@merchant/secure-transport';
import { DEMO_WAREHOUSES } from '../db/goods.seed';
import { createStoreServer, type StoreServer } from '../server';
import { startTestServer, type CallResult, type TestHarness } from '../testing/harness';
import { IDEMPOTENCY_KEY_TTL_SECONDS } from './idempotency';

const DEMO = 1001;
const OK = STORE_CODES.success;
/** Identical requests fired at once, half at each instance. */
const AT_ONCE = 20;

interface StockAnswer {
  skuId: number;
  stock: number;
}

describe('idempotent calls', () => {
  let h: TestHarness;
  let second: StoreServer;
  let secondUrl: string;
  let demo: string;
  const clients: SecureClient[] = [];

  beforeAll(async () => {
    h = await startTestServer();
    // A second instance on the same database: nothing in one instance's memory coordinates the two.
    second = await createStoreServer({ host: '127.0.0.1', port: 0, logLevel: 'silent' }, { database: h.database });
    secondUrl = (await second.listen()).url;
  });
  afterAll(async () => {
    for (const client of clients) client.dispose();
    await second.close();
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
    demo = await h.login('demo_merchant', 'Demo12345');
  });

  const db = () => h.database.db;

  /** A fresh envelope client of the demo store on the first (even) or the second (odd) instance. */
  const clientFor = (index: number): SecureClient => {
    if (index % 2 === 0) return h.client(demo);
    const client = createSecureClient({ baseUrl: secondUrl, mode: 'none', accessToken: demo, getLanguage: () => 'en-US' });
    clients.push(client);
    return client;
  };
  /** One call as the envelope answers it, success or refusal. */
  const send = <T>(client: SecureClient, path: string, biz: unknown): Promise<CallResult<T>> =>
    client.request<T>(path, biz, { silent: true }).then(
      (answer) => answer as CallResult<T>,
      (error: unknown) => {
        if (!isSecureTransportError(error)) throw error;
        return { code: error.code, msg: error.msg, data: null as T, errInfo: error.errInfo as Record<string, unknown> | undefined };
      },
    );
  const fireAtOnce = <T>(path: string, biz: unknown) => Promise.all(Array.from({ length: AT_ONCE }, (_, i) => send<T>(clientFor(i), path, biz)));

  /** An on-shelf SKU of the demo store with its stock set for the test and no warning line. */
  const skuWithStock = async (stock: number) => {
    const sku = await db()
      .selectFrom('store_goods_sku as s')
      .innerJoin('store_goods as g', 'g.id', 's.goods_id')
      .select('s.id')
      .where('g.store_id', '=', DEMO)
      .where('g.status', '=', GOODS_STATUS.onShelf)
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    await db().updateTable('store_goods_sku').set({ stock, warning_stock: null }).where('id', '=', sku.id).execute();
    return sku.id;
  };
  const stockOf = async (skuId: number) => (await db().selectFrom('store_goods_sku').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
  const keyRow = (key: string) => db().selectFrom('store_idempotency_key').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

  it(`changes stock once for ${AT_ONCE} identical requests fired at once at two instances, and answers each the same`, async () => {
    const skuId = await skuWithStock(10);
    const biz = { skuId, delta: 1, idempotencyKey: randomUUID() };
    const answers = await fireAtOnce<StockAnswer>(G.updateGoodsSkuStock.path, biz);
    expect(answers.map((answer) => answer.code)).toEqual(Array(AT_ONCE).fill(OK));
    expect(answers[0]!.data).toMatchObject({ skuId, stock: 11 });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await stockOf(skuId)).toBe(11);

    // A later repeat answers the kept answer; the stock stays where the first request put it.
    expect(await h.call<StockAnswer>(G.updateGoodsSkuStock.path, biz, demo)).toEqual(answers[0]);
    expect(await stockOf(skuId)).toBe(11);
    // A new submit (another key) is another change.
    const again = await h.call<StockAnswer>(G.updateGoodsSkuStock.path, { ...biz, idempotencyKey: randomUUID() }, demo);
    expect([again.code, again.data.stock, await stockOf(skuId)]).toEqual([OK, 12, 12]);
  });

  it(`creates one inbound application for ${AT_ONCE} identical requests at once, every answer naming it`, async () => {
    const item = await db().selectFrom('store_inventory_item').select('id').where('store_id', '=', DEMO).where('warehouse_name', '=', DEMO_WAREHOUSES[0]).orderBy('id').executeTakeFirstOrThrow();
    const applications = async () => Number((await db().selectFrom('store_inventory_order').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', DEMO).executeTakeFirstOrThrow()).n);
    const before = await applications();
    const biz = { warehouseName: DEMO_WAREHOUSES[0], lines: [{ itemId: item.id, quantity: 3 }], idempotencyKey: randomUUID() };
    const answers = await fireAtOnce<{ orderId: number }>(I.inboundCreate.path, biz);
    expect(answers.map((answer) => answer.code)).toEqual(Array(AT_ONCE).fill(OK));
    expect(new Set(answers.map((answer) => answer.data.orderId)).size).toBe(1);
    expect(await applications()).toBe(before + 1);
  });

  it('refuses a key already used with another biz (10100009) and changes nothing', async () => {
    const skuId = await skuWithStock(10);
    const idempotencyKey = randomUUID();
    expect((await h.call(G.updateGoodsSkuStock.path, { skuId, delta: 2, idempotencyKey }, demo)).code).toBe(OK);
    const reused = await h.call(G.updateGoodsSkuStock.path, { skuId, delta: 5, idempotencyKey }, demo);
    expect([reused.code, reused.msg]).toEqual([STORE_CODES.alreadyExists, 'this idempotency key was already used for a different request; submit again']);
    const zh = await send(h.client(demo, 'none', 'zh-CN'), G.updateGoodsSkuStock.path, { skuId, delta: 5, idempotencyKey });
    expect([zh.code, zh.msg]).toEqual([STORE_CODES.alreadyExists, '该幂等键已用于内容不同的另一次提交，请重新提交']);
    expect(await stockOf(skuId)).toBe(12);
    // Keys are per store and call: the same key on another call is that call's own first submit.
    const bulk = await h.call(G.bulkEditSkus.path, { skus: [{ skuId, stock: 20 }], idempotencyKey }, demo);
    expect([bulk.code, await stockOf(skuId)]).toEqual([OK, 20]);
  });

  it('runs the call again for a key that expired (24 h after its first answer)', async () => {
    const skuId = await skuWithStock(10);
    const biz = { skuId, delta: 1, idempotencyKey: randomUUID() };
    expect((await h.call(G.updateGoodsSkuStock.path, biz, demo)).code).toBe(OK);
    const kept = await keyRow(biz.idempotencyKey);
    expect(kept).toMatchObject({ store_id: DEMO, path: G.updateGoodsSkuStock.path, state: 'done' });
    expect((kept!.expires_at.getTime() - kept!.created_at.getTime()) / 1000).toBe(IDEMPOTENCY_KEY_TTL_SECONDS);

    // A day later: the row is past its expiry, so the same key is a new submit.
    await db().updateTable('store_idempotency_key').set({ expires_at: new Date(Date.now() - 1000) }).where('idempotency_key', '=', biz.idempotencyKey).execute();
    const later = await h.call<StockAnswer>(G.updateGoodsSkuStock.path, biz, demo);
    expect([later.code, later.data.stock, await stockOf(skuId)]).toEqual([OK, 12, 12]);
  });

  it('keeps no answer for a refused call: the same key runs the call again once it can succeed', async () => {
    const skuId = await skuWithStock(1);
    const biz = { skuId, delta: -3, idempotencyKey: randomUUID() };
    expect((await h.call(G.updateGoodsSkuStock.path, biz, demo)).code).toBe(STORE_CODES.notAllowedInCurrentState);
    expect(await keyRow(biz.idempotencyKey)).toBeUndefined();
    await db().updateTable('store_goods_sku').set({ stock: 5 }).where('id', '=', skuId).execute();
    const retried = await h.call<StockAnswer>(G.updateGoodsSkuStock.path, biz, demo);
    expect([retried.code, retried.data.stock]).toEqual([OK, 2]);
  });

  it('refuses an idempotent call without a key or with a key that is not a UUID (10100001), naming the field', async () => {
    const skuId = await skuWithStock(10);
    const missing = await send(h.client(demo), G.updateGoodsSkuStock.path, { skuId, delta: 1 });
    expect([missing.code, missing.errInfo]).toEqual([STORE_CODES.invalidParameter, { problems: [{ field: 'idempotencyKey', problem: { rule: 'required' } }] }]);
    const malformed = await send(h.client(demo), G.updateGoodsSkuStock.path, { skuId, delta: 1, idempotencyKey: 'twice' });
    expect(malformed.code).toBe(STORE_CODES.invalidParameter);
    expect(malformed.errInfo).toMatchObject({ problems: [{ field: 'idempotencyKey' }] });
    expect(await stockOf(skuId)).toBe(10);
  });
});
