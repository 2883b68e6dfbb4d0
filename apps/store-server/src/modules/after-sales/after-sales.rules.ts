import { DISPUTE_MACHINE, ORDER_MACHINE, REFUND_KIND, type Actor, type DisputeEvent, type OrderStatus, type RefundKind } from '@merchant/api-contracts';

// The after-sales decisions that need no database (docs/orders.md "Refunds", "Complaints", "Reviews"):
// the services ask these and the unit tests prove them.

/** What is left to refund on an order: the amount paid minus what refunds returned so far. */
export const refundableCents = (order: { amountCents: number; refundedCents: number }) => Math.max(0, order.amountCents - order.refundedCents);

/** Shipping-order statuses a buyer may ask a refund on: paid and not yet withdrawn or refunded in full. */
const REFUNDABLE_ORDER_STATUSES: readonly OrderStatus[] = [1, 2, 3, 4];
/** Goods can only come back once they left: a return needs a shipped, delivered or completed order. */
const RETURNABLE_ORDER_STATUSES: readonly OrderStatus[] = [2, 3, 4];

/** A withdrawn order (5) had its payment returned in full and a refunded one (6) has nothing left: neither takes refunds. */
export const orderTakesRefunds = (status: number) => (REFUNDABLE_ORDER_STATUSES as readonly number[]).includes(status);

export type RefundRequestRefusal = 'orderClosed' | 'nothingToReturn' | 'amountTooLarge' | 'nothingLeft';

/** Why a buyer's refund request is refused, or null when it may be made. */
export function refundRequestRefusal(order: { status: number; amountCents: number; refundedCents: number }, request: { kind: RefundKind; amountCents: number }): RefundRequestRefusal | null {
  if (!orderTakesRefunds(order.status)) return 'orderClosed';
  if (request.kind === REFUND_KIND.returnAndRefund && !(RETURNABLE_ORDER_STATUSES as readonly number[]).includes(order.status)) return 'nothingToReturn';
  const left = refundableCents(order);
  if (left === 0) return 'nothingLeft';
  if (request.amountCents > left) return 'amountTooLarge';
  return null;
}

export interface PayOutcome {
  /** The order's refunded total after the payment. */
  refundedCents: number;
  /** The payment brings the refunded total to the amount paid. */
  inFull: boolean;
  /** The order's status after the payment: ORDER_MACHINE's refundInFull (system) when in full, else unchanged. */
  orderStatus: number;
}

/**
 * What paying `amountCents` does to the order, or null when it is more than is left (the payment is refused and
 * nothing changes). The refund that reaches the amount paid fires refundInFull; a partial one leaves the status.
 */
export function payOutcome(order: { status: number; amountCents: number; refundedCents: number }, amountCents: number): PayOutcome | null {
  if (!orderTakesRefunds(order.status) || amountCents <= 0 || amountCents > refundableCents(order)) return null;
  const refundedCents = order.refundedCents + amountCents;
  const inFull = refundedCents === order.amountCents;
  const orderStatus = inFull ? (ORDER_MACHINE.next(order.status, 'refundInFull', 'system') ?? order.status) : order.status;
  return { refundedCents, inFull, orderStatus };
}

/**
 * The DISPUTE_MACHINE events `actor` may fire on a complaint. The machine lets buyer and merchant revoke, meaning
 * "the party who filed it": revoke is offered only to the filer. The platform ends any open complaint.
 */
export function complaintEventsFor(status: number, filedBy: string, actor: Actor): DisputeEvent[] {
  return DISPUTE_MACHINE.eventsFrom(status, actor).filter((event) => event !== 'revoke' || filedBy === actor);
}

/** A record number people read and search: prefix, the creation day (UTC, yyyymmdd) and the id, e.g. R20261123700001. */
export function recordNo(prefix: string, id: number, createdAtSeconds: number): string {
  const day = new Date(createdAtSeconds * 1000).toISOString().slice(0, 10).replace(/-/g, '');
  return `${prefix}${day}${id}`;
}
