// Promotions and coupons in real orders (issue 28; docs/orders.md "Promotions and coupons"), against a real
// store-server and database: a buyer's coupon lowers the order's amount and is split over its lines in whole
// cents; a coupon serves one order; one that would take nothing is refused and spends nothing; a whole-order
// refund or a withdrawal gives it back; an unpaid order closes when its payment window ends and gives back its
// stock and coupon, once; a group-buy order paid and held for its team cannot ship until the hold ends.
import { couponEndpoints as C, goodsEndpoints as G, orderEndpoints as O, afterSalesEndpoints as A, ORDER_LIMITS, type OrderDetail } from '@merchant/api-contracts';
import { randomUUID } from 'node:crypto';
import { ManualClock } from '../../testing/manual-clock';
import { startTestServer, type TestHarness } from '../../testing/harness';
import { CouponsRepository } from '../coupons/coupons.repository';
import { CouponsService } from '../coupons/coupons.service';
import { OrderEvents } from './order-events';
import { BuyerOrdersService } from './orders.buyer';
import { createOrdersFacade } from './orders.facade';
import { OrdersRepository } from './orders.repository';

const OK = '00000000';
const NOT_ALLOWED = '10100005';
const BUYER_KEY = 'orders-promotions-buyer-key';
const DEMO = 1001;
const BUYER = { buyerAccid: 'c_promo_test', buyerName: 'Promo Buyer', buyerPhone: '13912345670' };
const RECEIVER = { name: 'Promo Receiver', phone: '13712345670', address: '5 Test Road, Shanghai' };

describe('promotions and coupons in orders', () => {
  const clock = new ManualClock(Date.now());
  let h: TestHarness;
  let demo: string;
  let skus: Array<{ id: number; price: number }>;

  beforeAll(async () => {
    h = await startTestServer({ clock, config: { buyerKey: BUYER_KEY } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.reset();
    demo = await h.login('demo_merchant', 'Demo12345');
    skus = (
      await db()
        .selectFrom('store_goods_sku as s')
        .innerJoin('store_goods as g', 'g.id', 's.goods_id')
        .select(['s.id', 's.price_cents'])
        .where('g.store_id', '=', DEMO)
        .where('g.status', '=', 2)
        .orderBy('s.id')
        .limit(3)
        .execute()
    ).map((row) => ({ id: row.id, price: Number(row.price_cents) }));
    for (const sku of skus) expect((await h.call(G.updateGoodsSkuStock.path, { skuId: sku.id, stock: 50, warningStock: null }, demo)).code).toBe(OK);
  });

  const db = () => h.database.db;
  const buyer = <T = { orderId: number; amountCents: number }>(path: string, body: unknown) => h.keyed<T>(`/buyer/orders${path}`, body, BUYER_KEY);
  const stockOf = async (skuId: number) => (await db().selectFrom('store_goods_sku').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
  const couponState = async (couponId: number) => {
    const row = await db().selectFrom('store_coupon').select(['state', 'order_id']).where('id', '=', couponId).executeTakeFirstOrThrow();
    return { state: row.state, orderId: row.order_id };
  };
  const orderCount = async () => Number((await db().selectFrom('store_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** A whole-store coupon of `amountCents` off from `thresholdCents`, claimed by BUYER: its coupon id. */
  async function claimCoupon(amountCents: number, thresholdCents: number): Promise<number> {
    const added = await h.call<{ templateId: number }>(
      C.addCoupon.path,
      { name: `Promo ${amountCents}`, kind: 1, amountCents, thresholdCents, scope: 1, scopeIds: [], issueLimit: 10, perBuyerLimit: 2, validity: 2, validDays: 7 },
      demo,
    );
    expect(added.code).toBe(OK);
    const claimed = await h.keyed<{ couponId: number }>('/buyer/coupons/claim', { storeId: DEMO, templateId: added.data.templateId, buyerAccid: BUYER.buyerAccid, buyerPhone: BUYER.buyerPhone }, BUYER_KEY);
    expect(claimed.code).toBe(OK);
    return claimed.data.couponId;
  }
  const place = (items: Array<{ skuId: number; quantity: number }>, couponId?: number) => buyer('/place', { storeId: DEMO, ...BUYER, receiver: RECEIVER, items, couponId });
  const detail = async (orderId: number) => {
    const answer = await h.call<OrderDetail>(O.orderDetail.path, { orderId }, demo);
    expect(answer.code).toBe(OK);
    return answer.data;
  };

  it('takes the coupon off the amount, splits it over the lines in whole cents, and uses the coupon for that order', async () => {
    const [a, b] = skus as [{ id: number; price: number }, { id: number; price: number }];
    const listCents = a.price * 2 + b.price;
    const couponId = await claimCoupon(1_001, 100);
    const placed = await place([{ skuId: a.id, quantity: 2 }, { skuId: b.id, quantity: 1 }], couponId);
    expect(placed.code).toBe(OK);
    expect(placed.data.amountCents).toBe(listCents - 1_001);
    expect(await couponState(couponId)).toEqual({ state: 2, orderId: placed.data.orderId });
    expect((await buyer(`/${placed.data.orderId}/pay`, { buyerAccid: BUYER.buyerAccid })).code).toBe(OK);

    const order = await detail(placed.data.orderId);
    expect(order.pricing).toEqual({ listCents, promotionDiscountCents: 0, couponDiscountCents: 1_001, couponId, promotion: null });
    expect(order.amountCents).toBe(listCents - 1_001);
    expect(order.items.reduce((sum, item) => sum + item.couponShareCents, 0)).toBe(1_001);
    expect(order.items.every((item) => Number.isInteger(item.couponShareCents) && item.couponShareCents <= item.unitPriceCents * item.quantity)).toBe(true);
    expect(order.items.map((item) => item.listUnitCents)).toEqual([a.price, b.price]);
  });

  it('uses a coupon once: a second order with it is refused and changes nothing', async () => {
    const [a] = skus as [{ id: number; price: number }];
    const couponId = await claimCoupon(500, 100);
    expect((await place([{ skuId: a.id, quantity: 1 }], couponId)).code).toBe(OK);
    const [stock, orders] = [await stockOf(a.id), await orderCount()];
    const again = await place([{ skuId: a.id, quantity: 1 }], couponId);
    expect([again.status, again.code]).toEqual([409, NOT_ALLOWED]);
    expect([await stockOf(a.id), await orderCount()]).toEqual([stock, orders]);
  });

  it('refuses a coupon the order does not reach, and the coupon and stock stay as they were', async () => {
    const [a] = skus as [{ id: number; price: number }];
    const couponId = await claimCoupon(500, a.price * 3 + 1);
    const [stock, orders] = [await stockOf(a.id), await orderCount()];
    const below = await place([{ skuId: a.id, quantity: 3 }], couponId);
    expect([below.status, below.code, below.msg]).toEqual([409, NOT_ALLOWED, 'the order does not reach the coupon’s threshold']);
    expect([await stockOf(a.id), await orderCount(), await couponState(couponId)]).toEqual([stock, orders, { state: 1, orderId: null }]);
    // At the threshold it applies.
    expect((await place([{ skuId: a.id, quantity: 3 }, { skuId: (skus[1] as { id: number }).id, quantity: 1 }], couponId)).code).toBe(OK);
  });

  it('gives the coupon back when refunds reach the amount paid, and not on a partial refund', async () => {
    const [a] = skus as [{ id: number; price: number }];
    const couponId = await claimCoupon(300, 100);
    const placed = await place([{ skuId: a.id, quantity: 2 }], couponId);
    const orderId = placed.data.orderId;
    await buyer(`/${orderId}/pay`, { buyerAccid: BUYER.buyerAccid });
    const refund = async (amountCents: number) => {
      const requested = await h.keyed<{ refundId: number }>('/buyer/refunds/request', { orderId, buyerAccid: BUYER.buyerAccid, kind: 1, amountCents, reason: 'changed my mind' }, BUYER_KEY);
      expect(requested.code).toBe(OK);
      expect((await h.call(A.approveRefundOnly.path, { refundId: requested.data.refundId }, demo)).code).toBe(OK);
      expect((await h.call(A.payRefund.path, { refundId: requested.data.refundId, idempotencyKey: randomUUID() }, demo)).code).toBe(OK);
    };
    await refund(100);
    expect(await couponState(couponId)).toEqual({ state: 2, orderId });
    await refund(placed.data.amountCents - 100);
    expect(await couponState(couponId)).toEqual({ state: 1, orderId: null });
    expect((await detail(orderId)).status).toBe(6);
  });

  it('gives the coupon and the stock back when the buyer withdraws before shipping', async () => {
    const [a] = skus as [{ id: number; price: number }];
    const couponId = await claimCoupon(300, 100);
    const stock = await stockOf(a.id);
    const placed = await place([{ skuId: a.id, quantity: 2 }], couponId);
    await buyer(`/${placed.data.orderId}/pay`, { buyerAccid: BUYER.buyerAccid });
    expect((await buyer(`/${placed.data.orderId}/withdraw`, { buyerAccid: BUYER.buyerAccid })).code).toBe(OK);
    expect([await couponState(couponId), await stockOf(a.id)]).toEqual([{ state: 1, orderId: null }, stock]);
  });

  it('closes an unpaid order when its payment window ends: stock and coupon come back once, and it can no longer be paid', async () => {
    const [a, b] = skus as [{ id: number; price: number }, { id: number; price: number }];
    const couponId = await claimCoupon(300, 100);
    const stock = await stockOf(a.id);
    const open = await place([{ skuId: a.id, quantity: 2 }], couponId);
    const paidLater = await place([{ skuId: b.id, quantity: 1 }]);
    expect((await buyer(`/${paidLater.data.orderId}/pay`, { buyerAccid: BUYER.buyerAccid })).code).toBe(OK);
    const bStock = await stockOf(b.id);

    const coupons = new CouponsService(new CouponsRepository(db()), clock);
    const sweeper = new BuyerOrdersService(new OrdersRepository(db()), new OrderEvents(), clock, coupons);
    clock.advanceSeconds(ORDER_LIMITS.unpaidMinutes * 60 - 1);
    expect(await sweeper.closeExpiredUnpaid()).toBe(0);
    clock.advanceSeconds(2);
    // Two sweeps at once: the compare-and-swap lets one close it.
    expect((await Promise.all([sweeper.closeExpiredUnpaid(), sweeper.closeExpiredUnpaid()])).reduce((x, y) => x + y, 0)).toBe(1);
    expect([await stockOf(a.id), await couponState(couponId), await stockOf(b.id)]).toEqual([stock, { state: 1, orderId: null }, bStock]);
    const late = await buyer(`/${open.data.orderId}/pay`, { buyerAccid: BUYER.buyerAccid });
    expect([late.status, late.code]).toEqual([409, NOT_ALLOWED]);
    expect(await sweeper.closeExpiredUnpaid()).toBe(0);
  });

  it('prices a group-buy order at the group price and holds it from shipping until its team forms', async () => {
    const [a] = skus as [{ id: number; price: number }];
    const facade = createOrdersFacade(undefined, () => Math.floor(clock.now().getTime() / 1000));
    const groupPrice = a.price - 1;
    const placed = await db()
      .transaction()
      .execute(async (unit) => {
        const order = await facade.place(unit, { storeId: DEMO, ...BUYER, receiver: RECEIVER, items: [{ skuId: a.id, quantity: 2 }] }, { kind: 'groupBuy', activityId: 77, unitCents: new Map([[a.id, groupPrice]]), holdForTeam: true });
        await facade.pay(unit, order.orderId, BUYER.buyerAccid, Math.floor(clock.now().getTime() / 1000));
        return order;
      });
    expect(placed.amountCents).toBe(groupPrice * 2);
    const held = await detail(placed.orderId);
    expect([held.heldForTeam, held.actions, held.pricing.promotion, held.pricing.promotionDiscountCents]).toEqual([true, [], { kind: 'groupBuy', activityId: 77 }, 2]);
    const ship = { orderId: placed.orderId, carrier: 'SF', trackingNo: 'SF1234567890' };
    const refused = await h.call(O.shipOrder.path, ship, demo);
    expect([refused.code, refused.msg]).toEqual([NOT_ALLOWED, 'the order waits for its group to form; it cannot ship yet']);
    const withdraw = await buyer(`/${placed.orderId}/withdraw`, { buyerAccid: BUYER.buyerAccid });
    expect(withdraw.code).toBe(NOT_ALLOWED);

    const released = await db()
      .transaction()
      .execute((unit) => facade.releaseHold(unit, DEMO, [placed.orderId], 0));
    expect(released).toEqual([placed.orderId]);
    expect((await detail(placed.orderId)).actions).toEqual(['ship']);
    expect((await h.call(O.shipOrder.path, ship, demo)).code).toBe(OK);
  });
});
