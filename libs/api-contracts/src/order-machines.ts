// The order, shipment, refund and dispute state machines (issue 11; docs/orders.md has the diagrams).
// Status codes are console-spec §4's where it has them (shipping-order 1–6, refund-order, dispute 1–3);
// the shipment record is our design; their labels are ./status-tables. store-server enforces these
// tables; an illegal transition answers 10100005 (notAllowedInCurrentState) and changes nothing.
import { defineStateMachine, type Actor } from './state-machine';

/** §4 shipping-order status: 1 to ship, 2 shipped, 3 shipped (delivered, awaiting the buyer), 4 completed, 5 withdrawn, 6 refunded. */
export type OrderStatus = 1 | 2 | 3 | 4 | 5 | 6;
export type OrderEvent = 'ship' | 'deliver' | 'confirmReceipt' | 'withdraw' | 'refundInFull';

export const ORDER_MACHINE = defineStateMachine<OrderStatus, OrderEvent>({
  name: 'order',
  states: [1, 2, 3, 4, 5, 6],
  // Orders reach the store once paid: an unpaid order is the buyer's cart, not the merchant's work.
  initial: 1,
  transitions: [
    { event: 'ship', from: [1], to: 2, actors: ['merchant'] },
    { event: 'deliver', from: [2], to: 3, actors: ['system'] },
    // The buyer confirms, or the system does when the return period ends without an open refund.
    { event: 'confirmReceipt', from: [2, 3], to: 4, actors: ['buyer', 'system'] },
    // Before shipping the buyer may withdraw the order; the payment goes back in full.
    { event: 'withdraw', from: [1], to: 5, actors: ['buyer'] },
    // A refund that returns everything paid closes the order, even after completion (within the return period).
    { event: 'refundInFull', from: [1, 2, 3, 4], to: 6, actors: ['system'] },
  ],
});

/** Our shipment record: 1 awaiting pickup (slip printed), 2 in transit, 3 delivered, 4 returned to sender. */
export type ShipmentStatus = 1 | 2 | 3 | 4;
export type ShipmentEvent = 'pickUp' | 'deliver' | 'returnToSender';

export const SHIPMENT_MACHINE = defineStateMachine<ShipmentStatus, ShipmentEvent>({
  name: 'shipment',
  states: [1, 2, 3, 4],
  initial: 1,
  transitions: [
    { event: 'pickUp', from: [1], to: 2, actors: ['merchant', 'system'] },
    { event: 'deliver', from: [2], to: 3, actors: ['system'] },
    { event: 'returnToSender', from: [2], to: 4, actors: ['system'] },
  ],
});

/**
 * §4 refund-order status: 0 pending review, 1 confirmed (return accepted, awaiting the goods),
 * 2 refunded, 3 closed, 4 pending refund (goods back), 7 pending refund (refund only, no return),
 * 9 refund rejected. 5 "refund succeeded" belongs to the payment side's refund record (the trade
 * screens' mapping), not to this machine.
 */
export type RefundStatus = 0 | 1 | 2 | 3 | 4 | 7 | 9;
export type RefundEvent = 'approveRefundOnly' | 'approveReturn' | 'receiveReturn' | 'reject' | 'withdraw' | 'pay';

export const REFUND_MACHINE = defineStateMachine<RefundStatus, RefundEvent>({
  name: 'refund',
  states: [0, 1, 2, 3, 4, 7, 9],
  initial: 0,
  transitions: [
    { event: 'approveRefundOnly', from: [0], to: 7, actors: ['merchant'] },
    { event: 'approveReturn', from: [0], to: 1, actors: ['merchant'] },
    { event: 'receiveReturn', from: [1], to: 4, actors: ['merchant'] },
    // Refused at review, or when the returned goods are not what was sold.
    { event: 'reject', from: [0, 1], to: 9, actors: ['merchant'] },
    { event: 'withdraw', from: [0, 1], to: 3, actors: ['buyer'] },
    // The money goes out once (idempotency key, amount ≤ paid − refunded): docs/orders.md "Refunds".
    { event: 'pay', from: [4, 7], to: 2, actors: ['merchant', 'system'] },
  ],
});

/** What the buyer asks for: 1 the money only (nothing to send back), 2 return the goods and the money. */
export const REFUND_KIND = { refundOnly: 1, returnAndRefund: 2 } as const;
export type RefundKind = (typeof REFUND_KIND)[keyof typeof REFUND_KIND];
export const REFUND_KINDS = [1, 2] as const satisfies readonly RefundKind[];

/**
 * The states each kind's path passes through (issue 35 §9): a refund-only request has no goods to send back,
 * so it never reaches "return accepted" (1) or "goods back" (4); a return-and-refund request is never
 * "pending refund (refund only)" (7). REFUND_MACHINE says what each event does; a refund of a kind may fire
 * an event only where the move starts and ends on its kind's path.
 */
export const REFUND_KIND_STATES: Readonly<Record<RefundKind, readonly RefundStatus[]>> = {
  [REFUND_KIND.refundOnly]: [0, 7, 2, 3, 9],
  [REFUND_KIND.returnAndRefund]: [0, 1, 4, 2, 3, 9],
};

const onPathOf = (kind: number, status: number) => (REFUND_KIND_STATES[kind as RefundKind] as readonly number[] | undefined)?.includes(status) ?? false;

/** The status `event` leads a refund of `kind` in `status` to, or undefined when its kind or its status does not allow it. */
export function nextRefundStatus(kind: number, status: number, event: RefundEvent, actor?: Actor): RefundStatus | undefined {
  if (!onPathOf(kind, status)) return undefined;
  const to = REFUND_MACHINE.next(status, event, actor);
  return to !== undefined && onPathOf(kind, to) ? to : undefined;
}

/** The events a refund of `kind` in `status` allows `actor` (any actor when omitted), in table order; none for an unknown kind. */
export function refundEventsFor(kind: number, status: number, actor?: Actor): RefundEvent[] {
  return REFUND_MACHINE.eventsFrom(status, actor).filter((event) => nextRefundStatus(kind, status, event, actor) !== undefined);
}

/**
 * What the merchant is offered on a refund (the console's buttons, the detail's `actions`): its kind's
 * merchant events, except that a refund-only approval is one confirmed step with its payment, `approveAndPay`
 * (approveRefundOnly then pay, in one transaction on the idempotent pay path): approving without paying
 * only made the merchant come back to pay (issue 35 §9).
 */
export type RefundAction = Exclude<RefundEvent, 'approveRefundOnly' | 'withdraw'> | 'approveAndPay';
/** The machine's events that approveAndPay fires, in order. */
export const APPROVE_AND_PAY_EVENTS = ['approveRefundOnly', 'pay'] as const satisfies readonly RefundEvent[];

export function merchantRefundActions(kind: number, status: number): RefundAction[] {
  return refundEventsFor(kind, status, 'merchant').map((event): RefundAction => (event === 'approveRefundOnly' ? 'approveAndPay' : (event as RefundAction)));
}

/** §4 dispute (appeal) status: 1 in dispute, 2 dispute ended, 3 dispute revoked. */
export type DisputeStatus = 1 | 2 | 3;
export type DisputeEvent = 'end' | 'revoke';

export const DISPUTE_MACHINE = defineStateMachine<DisputeStatus, DisputeEvent>({
  name: 'dispute',
  states: [1, 2, 3],
  initial: 1,
  transitions: [
    // The platform rules on it; the party who filed it may take it back while it is open.
    { event: 'end', from: [1], to: 2, actors: ['platform'] },
    { event: 'revoke', from: [1], to: 3, actors: ['buyer', 'merchant'] },
  ],
});
