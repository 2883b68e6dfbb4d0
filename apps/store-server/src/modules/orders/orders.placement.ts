import { skuFloors } from '../goods';
import { postOrderPayment } from '../ledger';
import { checkCartMargin, marginRefused, type CouponRule } from '../marketing';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { changeStockFor, orderableSkus } from './orders.catalogue';
import { ORDER, UNPAID_ORDER_STATUS, notFound, payOrder } from './orders.domain';
import type { OrderPaidEvent } from './order-events';
import { priceWithPromotions, type OrderPromotion } from './orders.pricing';
import type { OrdersRepository } from './orders.repository';
import type { PaymentChannel, PlaceOrderInput, PlacedOrder } from './orders.buyer-input';

// Placing, paying and closing a buyer's order (docs/orders.md "Buyer side", "Promotions and coupons"): one
// path for the buyer routes and for the marketing modules that place orders through a promotion, each on the
// caller's transaction so a promotion's own rows and the order commit together.

/** The coupons module's use and return of a coupon, on the order's transaction (composition root wires it). */
export interface OrderCoupons {
  use(use: { storeId: number; couponId: number; buyerAccid: string; orderId: number }, unit: UnitOfWork): Promise<{ couponId: number; rule: CouponRule }>;
  returnForOrder(storeId: number, orderId: number, unit: UnitOfWork): Promise<{ returned: number[] }>;
}

const couponNotApplicable = (reason: 'belowThreshold' | 'outOfScope') =>
  new StoreError(
    STORE_CODES.notAllowedInCurrentState,
    reason === 'belowThreshold'
      ? text('订单未达到优惠券的使用门槛', 'the order does not reach the coupon’s threshold')
      : text('订单中没有可用该优惠券的商品', 'no goods of the order are in the coupon’s scope'),
  );

/**
 * An unpaid order (status 0): the SKUs' list prices, the promotion's unit prices, then the buyer's coupon —
 * used by compare-and-swap once the order row exists, so a coupon serves one order. A coupon that would take
 * nothing (below its threshold, no line in scope) is refused rather than spent, and so is one that would sell a
 * SKU below the merchant's floor (the margin guard). The quantities leave stock now.
 */
export async function placeOrder(orders: OrdersRepository, coupons: OrderCoupons | undefined, input: PlaceOrderInput, promotion: OrderPromotion | undefined, at: number): Promise<PlacedOrder> {
  const skus = await orderableSkus(orders, input.storeId, input.items);
  const categoryIds = [...new Set([...skus.values()].map((sku) => sku.categoryId).filter((id): id is number => id !== null))];
  const categoryPaths = input.couponId === undefined ? new Map<number, number[]>() : await orders.categoryPaths(categoryIds);
  const unpromoted = priceWithPromotions(input.items, skus, categoryPaths, promotion, null);
  await changeStockFor(orders, input.storeId, input.items, -1);
  const [orderId] = (await orders.insertOrders([
    {
      storeId: input.storeId,
      buyerAccid: input.buyerAccid,
      buyerName: input.buyerName,
      buyerPhone: input.buyerPhone,
      receiver: input.receiver,
      amountCents: unpromoted.amountCents,
      serviceOrder: unpromoted.serviceOrder,
      createdAt: at,
      status: UNPAID_ORDER_STATUS,
      paidAt: null,
      returnDeadline: null,
    },
  ])) as [number];
  let priced = unpromoted;
  let couponId: number | null = null;
  if (input.couponId !== undefined) {
    if (!coupons) throw notFound({ zh: '优惠券', en: 'coupon' });
    const used = await coupons.use({ storeId: input.storeId, couponId: input.couponId, buyerAccid: input.buyerAccid, orderId }, orders.connection as UnitOfWork);
    priced = priceWithPromotions(input.items, skus, categoryPaths, promotion, used.rule);
    if (priced.couponNotApplied) throw couponNotApplicable(priced.couponNotApplied);
    // The margin guard: no line below the merchant's floor after its coupon share (10100005 naming the SKUs; the
    // transaction rolls back, so the coupon stays unused and the stock untouched).
    const floors = await skuFloors(orders.connection, input.storeId, priced.cart.lines.map((line) => line.skuId));
    const refusal = checkCartMargin(priced.cart, floors);
    if (refusal) throw marginRefused(refusal);
    couponId = used.couponId;
  }
  if (promotion || couponId !== null) {
    await orders.setPromotion(orderId, priced.amountCents, {
      promotionDiscountCents: priced.promotionDiscountCents,
      couponDiscountCents: priced.couponDiscountCents,
      couponId,
      promotionKind: promotion?.kind ?? null,
      promotionActivityId: promotion?.activityId ?? null,
      heldForTeam: promotion?.holdForTeam === true,
    });
  }
  await orders.insertItems(priced.items.map((item) => ({ orderId, storeId: input.storeId, item })));
  return { orderId, orderNo: await orders.orderNo(orderId), status: UNPAID_ORDER_STATUS, amountCents: priced.amountCents };
}

/** Payment of the buyer's own unpaid, open order: it reaches the store (status 1). Answers the paid event for after the commit. */
export async function payOwnOrder(orders: OrdersRepository, orderId: number, buyerAccid: string, at: number, channel: PaymentChannel = {}): Promise<OrderPaidEvent> {
  const order = await orders.lock(orderId, { buyerAccid });
  if (!order) throw notFound(ORDER);
  if (order.closed) {
    throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('订单已超时关闭，请重新下单', 'the order was closed when its payment time ran out; place it again'));
  }
  const move = payOrder(order, at);
  await orders.saveMove(order, move.state, move.entry, { paidAt: at, ...channel });
  // The payment reaches the store's pending settlement in the same transaction (docs/ledger.md "Postings").
  await postOrderPayment(orders.connection, { storeId: order.storeId, orderId, amountCents: order.amountCents, at: new Date(at * 1000) });
  return { storeId: order.storeId, orderId, amountCents: order.amountCents, paidAt: at };
}

/**
 * Closes an unpaid, open order by compare-and-swap: its quantities go back to stock and its coupon back to the
 * buyer. False (nothing changed) when it was paid or closed meanwhile, so a second close gives nothing back twice.
 */
export async function closeUnpaidOrder(orders: OrdersRepository, coupons: OrderCoupons | undefined, storeId: number, orderId: number, at: number): Promise<boolean> {
  if (!(await orders.closeUnpaid(storeId, orderId, at))) return false;
  const items = (await orders.items([orderId])).get(orderId) ?? [];
  await changeStockFor(orders, storeId, items, 1);
  await coupons?.returnForOrder(storeId, orderId, orders.connection as UnitOfWork);
  return true;
}
