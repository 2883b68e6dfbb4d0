import type { UnitOfWork } from '../../shared/unit-of-work';
import { ORDER, moveOrder, notFound, UNPAID_ORDER_STATUS } from './orders.domain';
import { OrdersRepository } from './orders.repository';

/**
 * What other modules may ask of orders (after-sales' refund transaction): a system move of the ORDER
 * machine on the caller's open transaction, with the order row locked and its history line written.
 */
export interface OrdersFacade {
  /** `refundInFull` by the system (refunds reached the amount paid); 10100004 / 10100005 otherwise, nothing changed. */
  refundInFull(unit: UnitOfWork, storeId: number, orderId: number, at: number): Promise<{ status: number }>;
}

export const ordersFacade: OrdersFacade = {
  async refundInFull(unit, storeId, orderId, at) {
    const orders = new OrdersRepository(unit);
    const order = await orders.lock(orderId, { storeId });
    if (!order || order.status === UNPAID_ORDER_STATUS) throw notFound(ORDER);
    const move = moveOrder(order, 'refundInFull', 'system', at);
    await orders.saveMove(order, move.state, move.entry);
    return { status: move.state.status };
  },
};
