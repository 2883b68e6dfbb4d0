// The margin guard with the merchant's floors (issue 28 "Beyond the anchors"; docs/marketing.md "Margin guard"),
// through real HTTP on the app: every promotion path asks the goods module for the SKUs' floors, and a price or a
// coupon that would sell a SKU below its floor is refused naming the SKU and changes nothing; at exactly the floor
// it passes. The floors are written straight to store_goods_sku here; setting them through the release form is
// goods.int.spec's.
import { activityEndpoints as activities, flashSaleEndpoints as sales, groupBuyEndpoints as groupBuys, couponEndpoints as coupons, STORE_CODES } from '@merchant/api-contracts';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { maxActivityPriceCents } from '../activities/activities.service';
import { OPERATOR_KEY_HEADER } from '../operator/operator.schemas';
import { demoSkuIds } from '../orders';

const OK = STORE_CODES.success;
const INVALID = STORE_CODES.invalidParameter;
const NOT_ALLOWED = STORE_CODES.notAllowedInCurrentState;
const BUYER_KEY = 'margin-guard-test-buyer-key';
const OPERATOR_KEY = 'margin-guard-test-operator-key-0123456789';
const STORE = 1001;
const H = 3600;
const DAY = 24 * H;
const BUYER = { buyerAccid: 'c_margin_test', buyerName: 'Margin Buyer', buyerPhone: '13912345679' };
const RECEIVER = { name: 'Margin Receiver', phone: '13712345679', address: '9 Test Road, Shanghai' };

type Problems = Array<{ field: string; problem: { rule: string; limit?: number; values?: unknown[] } }>;

let h: TestHarness;
let token: string;
let sku: { id: number; goodsId: number; price: number };

beforeAll(async () => {
  h = await startTestServer({ config: { buyerKey: BUYER_KEY, operatorKey: OPERATOR_KEY } });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  token = await h.login('demo_merchant', 'Demo12345');
  const [id] = await demoSkuIds(db(), STORE, 1);
  const row = await db().selectFrom('store_goods_sku').select(['id', 'goods_id', 'price_cents']).where('id', '=', id!).executeTakeFirstOrThrow();
  sku = { id: row.id, goodsId: row.goods_id, price: row.price_cents };
  await db().updateTable('store_goods_sku').set({ stock: 1_000 }).where('id', '=', sku.id).execute();
});

const db = () => h.database.db;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const setFloor = (cents: number | null) => db().updateTable('store_goods_sku').set({ floor_price_cents: cents }).where('id', '=', sku.id).execute();
const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;
const named = (floor: number) => `SKU ${sku.id} below its floor price ${yuan(floor)}`;
const problemsOf = (errInfo: Record<string, unknown> | undefined) => (errInfo?.problems as Problems | undefined) ?? [];
const belowFloor = (field: string, floor: number) => [{ field, problem: { rule: 'belowFloor', limit: floor, values: [sku.id] } }];
const saleSkuRows = () => db().selectFrom('store_flash_sale_sku').selectAll().orderBy('sale_id').orderBy('sku_id').execute();

describe('time-limited sales', () => {
  const biz = (priceCents: number) => ({
    name: 'Margin sale',
    startTime: nowSeconds() - H,
    endTime: nowSeconds() + 2 * DAY,
    slots: [{ startMinute: 0, endMinute: 1440 }],
    perBuyerLimit: 5,
    skus: [{ skuId: sku.id, priceCents, stock: 10 }],
  });

  it('refuses a sale price below the floor on its field, naming the SKU, and saves nothing; at the floor it passes', async () => {
    const floor = sku.price - 300;
    await setFloor(floor);
    const before = await saleSkuRows();
    const below = await h.call(sales.addFlashSale.path, biz(floor - 1), token);
    expect([below.code, below.msg, problemsOf(below.errInfo)]).toEqual([INVALID, named(floor), belowFloor('skus.0.priceCents', floor)]);
    expect(await saleSkuRows()).toEqual(before);

    const at = await h.call<{ saleId: number }>(sales.addFlashSale.path, biz(floor), token);
    expect(at.code).toBe(OK);
    // Editing it below the floor is refused too, and the sale keeps its price.
    const edit = await h.call(sales.editFlashSale.path, { saleId: at.data.saleId, ...biz(floor - 1) }, token);
    expect([edit.code, edit.msg, problemsOf(edit.errInfo)]).toEqual([INVALID, named(floor), belowFloor('skus.0.priceCents', floor)]);
    const kept = await db().selectFrom('store_flash_sale_sku').select('price_cents').where('sale_id', '=', at.data.saleId).execute();
    expect(kept.map((row) => row.price_cents)).toEqual([floor]);
  });

  it('does not limit a SKU without a floor', async () => {
    await setFloor(null);
    expect((await h.call(sales.addFlashSale.path, biz(1), token)).code).toBe(OK);
  });
});

describe('group buys', () => {
  const biz = (groupPriceCents: number) => ({
    name: 'Margin team',
    skus: [{ skuId: sku.id, groupPriceCents }],
    teamSize: 2,
    formMinutes: 10,
    perBuyerLimit: 5,
    totalLimit: 100,
    startTime: nowSeconds() - 60,
    endTime: nowSeconds() + 7 * DAY,
  });

  it('refuses a group price below the floor on its field, naming the SKU, and saves nothing; at the floor it passes', async () => {
    const floor = sku.price - 200;
    await setFloor(floor);
    const before = await db().selectFrom('store_group_buy').select('id').execute();
    const below = await h.call(groupBuys.addGroupBuy.path, biz(floor - 1), token);
    expect([below.code, below.msg, problemsOf(below.errInfo)]).toEqual([INVALID, named(floor), belowFloor('skus.0.groupPriceCents', floor)]);
    expect(await db().selectFrom('store_group_buy').select('id').execute()).toEqual(before);

    const at = await h.call<{ groupBuyId: number }>(groupBuys.addGroupBuy.path, biz(floor), token);
    expect(at.code).toBe(OK);
    const edit = await h.call(groupBuys.editGroupBuy.path, { groupBuyId: at.data.groupBuyId, ...biz(floor - 1) }, token);
    expect([edit.code, edit.msg, problemsOf(edit.errInfo)]).toEqual([INVALID, named(floor), belowFloor('skus.0.groupPriceCents', floor)]);
    const kept = await db().selectFrom('store_group_buy_sku').select('group_price_cents').where('group_buy_id', '=', at.data.groupBuyId).execute();
    expect(kept.map((row) => Number(row.group_price_cents))).toEqual([floor]);
  });
});

describe('platform activities', () => {
  async function createCampaign(): Promise<number> {
    const now = nowSeconds();
    const created = await h.keyed<{ campaignId: number }>(
      '/operator/activities',
      { titleZh: '底价活动', titleEn: 'Floor campaign', signUpFrom: now - DAY, signUpUntil: now + DAY, runFrom: now + 2 * DAY, runUntil: now + 10 * DAY, minDiscountBp: 1_000, categoryIds: [], maxGoods: 2, quota: 5 },
      OPERATOR_KEY,
      OPERATOR_KEY_HEADER,
    );
    expect(created.code).toBe(OK);
    return created.data.campaignId;
  }

  it('refuses an activity price below the floor on its field, naming the SKU, and saves nothing; at the floor it passes', async () => {
    const campaignId = await createCampaign();
    // The campaign's own rule allows at most list − 10 %; the floor sits just under it.
    const floor = maxActivityPriceCents(sku.price, 1_000) - 100;
    await setFloor(floor);
    const item = (activityPriceCents: number) => ({ goodsId: sku.goodsId, skuId: sku.id, activityPriceCents });
    const before = await db().selectFrom('store_activity_application').select('id').execute();
    const below = await h.call(activities.applyActivity.path, { campaignId, items: [item(floor - 1)] }, token);
    expect([below.code, below.msg, problemsOf(below.errInfo)]).toEqual([INVALID, named(floor), belowFloor('items.0.activityPriceCents', floor)]);
    expect(await db().selectFrom('store_activity_application').select('id').execute()).toEqual(before);

    const at = await h.call(activities.applyActivity.path, { campaignId, items: [item(floor)] }, token);
    expect(at.code).toBe(OK);
  });
});

describe('orders with a coupon', () => {
  async function claimCoupon(amountCents: number): Promise<number> {
    const added = await h.call<{ templateId: number }>(
      coupons.addCoupon.path,
      { name: `Margin ${amountCents}`, kind: 1, amountCents, thresholdCents: 100, scope: 1, scopeIds: [], issueLimit: 10, perBuyerLimit: 1, validity: 2, validDays: 7 },
      token,
    );
    expect(added.code).toBe(OK);
    const claimed = await h.keyed<{ couponId: number }>('/buyer/coupons/claim', { storeId: STORE, templateId: added.data.templateId, buyerAccid: BUYER.buyerAccid, buyerPhone: BUYER.buyerPhone }, BUYER_KEY);
    expect(claimed.code).toBe(OK);
    return claimed.data.couponId;
  }
  const place = (quantity: number, couponId: number) =>
    h.keyed<{ orderId: number; amountCents: number }>('/buyer/orders/place', { storeId: STORE, ...BUYER, receiver: RECEIVER, items: [{ skuId: sku.id, quantity }], couponId }, BUYER_KEY);
  const snapshot = async (couponId: number) => ({
    orders: Number((await db().selectFrom('store_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    stock: (await db().selectFrom('store_goods_sku').select('stock').where('id', '=', sku.id).executeTakeFirstOrThrow()).stock,
    coupon: await db().selectFrom('store_coupon').select(['state', 'order_id']).where('id', '=', couponId).executeTakeFirstOrThrow(),
  });

  it('refuses a coupon that takes a line below floor × quantity with 10100005 naming the SKU: no order, stock and coupon untouched', async () => {
    // Two units: the line may give up to 2 × 250 under list.
    const floor = sku.price - 250;
    await setFloor(floor);
    const tooMuch = await claimCoupon(501);
    const before = await snapshot(tooMuch);
    const refused = await place(2, tooMuch);
    expect([refused.status, refused.code, refused.msg]).toEqual([409, NOT_ALLOWED, named(floor)]);
    expect(await snapshot(tooMuch)).toEqual(before);
    expect(before.coupon).toEqual({ state: 1, order_id: null });

    const exact = await claimCoupon(500);
    const placed = await place(2, exact);
    expect([placed.code, placed.data.amountCents]).toEqual([OK, 2 * floor]);
    expect((await snapshot(exact)).coupon).toEqual({ state: 2, order_id: placed.data.orderId });
  });

  it('leaves a coupon order alone when the SKU has no floor', async () => {
    await setFloor(null);
    expect((await place(1, await claimCoupon(501))).code).toBe(OK);
  });
});
