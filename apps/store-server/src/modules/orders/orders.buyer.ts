import { ORDER_LIMITS, ORDER_MACHINE, type ShipmentStatus } from '@merchant/api-contracts';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { postOrderRefund } from '../ledger';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { changeStockFor } from './orders.catalogue';
import { ORDER, SHIPMENT, moveOrder, nextShipmentStatus, notFound } from './orders.domain';
import type { OrderEvents } from './order-events';
import type { PaymentChannel, PlaceOrderInput, PlacedOrder } from './orders.buyer-input';
import { closeUnpaidOrder, payOwnOrder, placeOrder, type OrderCoupons } from './orders.placement';
import type { OrdersRepository } from './orders.repository';

// The buyer side (docs/orders.md "Buyer side"): customers place, pay, confirm and withdraw orders, and
// carriers report pickups and deliveries. Kept out of the console: keyed routes (`x-buyer-key`).

export class BuyerOrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly events: OrderEvents,
    private readonly clock: Clock,
    private readonly coupons?: OrderCoupons,
  ) {}

  private now(): number {
    return epochSecondsOf(this.clock.now());
  }

  /** Places an unpaid order of on-shelf SKUs of one store at today's prices, with the buyer's coupon if any; the quantities leave stock now. */
  place(input: PlaceOrderInput): Promise<PlacedOrder> {
    return this.orders.transaction((orders) => placeOrder(orders, this.coupons, input, undefined, this.now()));
  }

  /** Payment: the order reaches the store (status 1); the new-order event goes out after the commit. */
  async pay(orderId: number, buyerAccid: string, channel: PaymentChannel = {}): Promise<{ orderId: number; status: number; paidAt: number }> {
    const paid = await this.orders.transaction((orders) => payOwnOrder(orders, orderId, buyerAccid, this.now(), channel));
    this.events.emitPaid(paid);
    return { orderId, status: 1, paidAt: paid.paidAt };
  }

  /**
   * Closes unpaid orders whose payment window (ORDER_LIMITS.unpaidMinutes) has ended, each in its own
   * transaction: stock and coupon go back. Orders placed through a promotion are left to that promotion's
   * sweeper, which gives its own stock back in the same transaction. Answers how many it closed.
   */
  async closeExpiredUnpaid(limit = 200): Promise<number> {
    const before = this.now() - ORDER_LIMITS.unpaidMinutes * 60;
    let closed = 0;
    for (const order of await this.orders.expiredUnpaid(before, limit)) {
      if (await this.orders.transaction((orders) => closeUnpaidOrder(orders, this.coupons, order.storeId, order.id, this.now()))) closed += 1;
    }
    return closed;
  }

  confirmReceipt(orderId: number, buyerAccid: string): Promise<{ orderId: number; status: number }> {
    return this.orders.transaction(async (orders) => {
      const order = await orders.lock(orderId, { buyerAccid });
      if (!order) throw notFound(ORDER);
      const move = moveOrder(order, 'confirmReceipt', 'buyer', this.now());
      await orders.saveMove(order, move.state, move.entry);
      return { orderId, status: move.state.status };
    });
  }

  /**
   * Before shipping the buyer may withdraw: the quantities go back to stock and the payment goes back in
   * full. Not once a refund paid part of it back: the full payment would be returned twice, so that
   * buyer continues through after-sales (docs/orders.md).
   */
  withdraw(orderId: number, buyerAccid: string): Promise<{ orderId: number; status: number }> {
    return this.orders.transaction(async (orders) => {
      const order = await orders.lock(orderId, { buyerAccid });
      if (!order) throw notFound(ORDER);
      if (order.refundedCents > 0) {
        throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('已有退款的订单不能撤销，请通过售后继续', 'an order with a refund paid cannot be withdrawn; continue through after-sales'));
      }
      if (order.heldForTeam) {
        throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('拼团中的订单不能撤销：成团失败将自动全额退款', 'an order waiting for its group cannot be withdrawn: if the group fails it is refunded in full'));
      }
      const move = moveOrder(order, 'withdraw', 'buyer', this.now());
      const items = (await orders.items([orderId])).get(orderId) ?? [];
      await changeStockFor(orders, order.storeId, items, 1);
      await orders.saveMove(order, move.state, move.entry);
      // The whole payment goes back to the buyer through the ledger (docs/ledger.md "Postings"), once per order.
      if (order.amountCents > 0) {
        await postOrderRefund(orders.connection, { storeId: order.storeId, orderId, refundId: orderId, amountCents: order.amountCents, idempotencyKey: `withdraw-${orderId}`, at: new Date(move.entry.at * 1000), source: { type: 'order', id: orderId } });
      }
      // The whole payment goes back: so does the coupon (unless it expired meanwhile).
      await this.coupons?.returnForOrder(order.storeId, orderId, orders.connection as UnitOfWork);
      return { orderId, status: move.state.status };
    });
  }

  /** Carrier callback: the parcel was picked up (SHIPMENT `pickUp` by the system). */
  pickUp(shipmentId: number): Promise<{ shipmentId: number; status: ShipmentStatus }> {
    return this.orders.transaction(async (orders) => {
      const shipment = await orders.shipment(shipmentId, undefined, true);
      if (!shipment) throw notFound(SHIPMENT);
      const status = nextShipmentStatus(shipment.status, 'pickUp', 'system');
      await orders.updateShipment(shipmentId, { status, pickedUpAt: this.now() });
      return { shipmentId, status };
    });
  }

  /**
   * Carrier callback: delivered. The shipment's `deliver` fires the order's `deliver` when the order
   * still awaits it (a buyer who confirmed first, or a refunded order, keeps its status).
   */
  deliver(shipmentId: number): Promise<{ shipmentId: number; status: ShipmentStatus; orderStatus: number }> {
    return this.orders.transaction(async (orders) => {
      const found = await orders.shipment(shipmentId);
      if (!found) throw notFound(SHIPMENT);
      // Order first, then shipment: the same lock order as shipping, so the two never wait on each other.
      const order = await orders.lock(found.orderId, {});
      const shipment = await orders.shipment(shipmentId, undefined, true);
      if (!order || !shipment) throw notFound(SHIPMENT);
      const at = this.now();
      const status = nextShipmentStatus(shipment.status, 'deliver', 'system');
      await orders.updateShipment(shipmentId, { status, deliveredAt: at });
      let orderStatus = order.status;
      if (ORDER_MACHINE.next(order.status, 'deliver', 'system') !== undefined) {
        const move = moveOrder(order, 'deliver', 'system', at);
        await orders.saveMove(order, move.state, move.entry);
        orderStatus = move.state.status;
      }
      return { shipmentId, status, orderStatus };
    });
  }
}
