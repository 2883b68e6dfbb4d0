import type { UnitOfWork } from '../../shared/unit-of-work';
import { ORDER, moveOrder, notFound, UNPAID_ORDER_STATUS } from './orders.domain';
import type { OrderPaidEvent } from './order-events';
import { closeUnpaidOrder, payOwnOrder, placeOrder, type OrderCoupons } from './orders.placement';
import type { OrderPromotion } from './orders.pricing';
import type { PlaceOrderInput, PlacedOrder } from './orders.buyer-input';
import { OrdersRepository } from './orders.repository';

/**
 * What other modules may ask of orders, each on the caller's open transaction so their own rows and the
 * order commit together: the marketing modules place, pay and close orders through a promotion and end a
 * group-buy order's hold; a system refund fires refundInFull (docs/orders.md "Promotions and coupons").
 */
export interface OrdersFacade {
  /** Places an unpaid order (status 0) like POST /buyer/orders/place, at the promotion's unit prices and then the buyer's coupon (`input.couponId`). */
  place(unit: UnitOfWork, input: PlaceOrderInput, promotion?: OrderPromotion): Promise<PlacedOrder>;
  /** Pays the buyer's unpaid, open order (status 0 → 1); the caller emits the answered event after its commit (OrderEvents.emitPaid). */
  pay(unit: UnitOfWork, orderId: number, buyerAccid: string, at: number): Promise<OrderPaidEvent>;
  /** The group formed: the store's held orders may ship now; the ids released. */
  releaseHold(unit: UnitOfWork, storeId: number, orderIds: readonly number[], at: number): Promise<number[]>;
  /** Compare-and-swap: an unpaid, open order is closed, its stock and coupon given back; false when it was paid or closed already. */
  closeUnpaid(unit: UnitOfWork, storeId: number, orderId: number, at: number): Promise<boolean>;
  /** `refundInFull` by the system (refunds reached the amount paid); 10100004 / 10100005 otherwise, nothing changed. Returns the coupon. */
  refundInFull(unit: UnitOfWork, storeId: number, orderId: number, at: number): Promise<{ status: number }>;
}

export function createOrdersFacade(coupons: OrderCoupons | undefined, now: () => number): OrdersFacade {
  return {
    place: (unit, input, promotion) => placeOrder(new OrdersRepository(unit), coupons, input, promotion, now()),
    pay: (unit, orderId, buyerAccid, at) => payOwnOrder(new OrdersRepository(unit), orderId, buyerAccid, at),
    releaseHold: (unit, storeId, orderIds, at) => new OrdersRepository(unit).releaseHold(storeId, orderIds, at),
    closeUnpaid: (unit, storeId, orderId, at) => closeUnpaidOrder(new OrdersRepository(unit), coupons, storeId, orderId, at),
    async refundInFull(unit, storeId, orderId, at) {
      const orders = new OrdersRepository(unit);
      const order = await orders.lock(orderId, { storeId });
      if (!order || order.status === UNPAID_ORDER_STATUS) throw notFound(ORDER);
      const move = moveOrder(order, 'refundInFull', 'system', at);
      await orders.saveMove(order, move.state, move.entry);
      await coupons?.returnForOrder(storeId, orderId, unit);
      return { status: move.state.status };
    },
  };
}
