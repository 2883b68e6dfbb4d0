import { REFUND_KIND, REFUND_MACHINE } from '@merchant/api-contracts';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { OrdersFacade } from '../orders';
import { AfterSalesRepository, type LedgerRow } from './after-sales.repository';
import { orderTakesRefunds, payOutcome, recordNo, refundableCents } from './after-sales.rules';

// A refund the system decides (docs/orders.md "Refunds"; issue 28 §2: a group-buy team that failed refunds every
// member): on the caller's open transaction, a refund record for what is left on the order, paid through the same
// ledger as AfterSalesService.payRefund, once per idempotency key.

export interface SystemRefundInput {
  storeId: number;
  orderId: number;
  /** Deterministic per cause and order (e.g. `groupbuy:team:<teamId>:order:<orderId>`): a second call pays nothing. */
  idempotencyKey: string;
  /** The refund's reason as the store reads it, e.g. "拼团未成团". */
  reason: string;
  /** Integer seconds. */
  at: number;
}

export interface SystemRefundOutcome {
  refundId: number;
  ledgerId: number;
  amountCents: number;
  /** true: the key had paid before; nothing was paid now. */
  replayed: boolean;
}

/**
 * Refunds the order's remaining refundable amount in full, on `unit`: the order is locked, the ledger is asked for
 * the key again under the lock (a concurrent first call has committed its row by then), a refund record is
 * written as requested and approved by the system, and paid: ledger row, the order's refunded total, the refund's
 * `pay` (system) and, as the payment reaches the amount paid, the orders' refundInFull (which returns the coupon).
 * `orders`: the orders module's facade (its refundInFull on the same transaction).
 * null: nothing is left to refund (the order was withdrawn or refunded already), and nothing changed.
 */
export async function refundOrderBySystem(unit: UnitOfWork, input: SystemRefundInput, orders: Pick<OrdersFacade, 'refundInFull'>): Promise<SystemRefundOutcome | null> {
  const repo = new AfterSalesRepository(unit);
  const replay = (ledger: LedgerRow): SystemRefundOutcome => {
    if (ledger.orderId !== input.orderId) throw new StoreError(STORE_CODES.alreadyExists, text('该幂等键已用于另一笔退款', 'this idempotency key was already used for another refund'));
    return { refundId: ledger.refundId, ledgerId: ledger.ledgerId, amountCents: ledger.amountCents, replayed: true };
  };
  const order = await repo.lockOrder(input.orderId, input.storeId);
  if (!order) throw new StoreError(STORE_CODES.notFound, text('订单不存在', 'order not found'));
  const earlier = await repo.ledgerByKey(input.storeId, input.idempotencyKey);
  if (earlier) return replay(earlier);
  if (!orderTakesRefunds(order.status)) return null;
  const amountCents = refundableCents(order);
  const outcome = payOutcome(order, amountCents);
  if (!outcome) return null;

  const id = await repo.nextId('store_refund');
  await repo.insertRefund({
    id,
    storeId: order.storeId,
    orderId: order.orderId,
    refundNo: recordNo('R', id, input.at),
    kind: REFUND_KIND.refundOnly,
    amountCents,
    buyerAccid: order.buyerAccid,
    reason: input.reason,
    description: '',
    evidenceUrls: [],
    at: input.at,
  });
  await repo.insertRefundEvent(id, order.storeId, { event: 'request', actor: 'system', fromStatus: null, toStatus: REFUND_MACHINE.initial, note: input.reason, at: input.at });
  // Approved by the system's own decision (the merchant approves buyers' requests), then paid as REFUND_MACHINE allows.
  const requested = { id, storeId: order.storeId, orderId: order.orderId, status: REFUND_MACHINE.initial as number, kind: REFUND_KIND.refundOnly as number, amountCents, buyerAccid: order.buyerAccid };
  const approved = REFUND_MACHINE.next(requested.status, 'approveRefundOnly', 'merchant')!;
  await repo.moveRefund(requested, 'approveRefundOnly', 'system', approved, input.at);
  const paidStatus = REFUND_MACHINE.next(approved, 'pay', 'system');
  if (paidStatus === undefined) throw new Error('REFUND_MACHINE: the system cannot pay an approved refund');
  const ledger = await repo.insertLedger({
    storeId: order.storeId,
    orderId: order.orderId,
    refundId: id,
    amountCents,
    idempotencyKey: input.idempotencyKey,
    orderRefundedCents: outcome.refundedCents,
    orderRefundedInFull: outcome.inFull,
    at: input.at,
  });
  await repo.addRefunded(order.orderId, amountCents, input.at);
  await repo.moveRefund({ ...requested, status: approved }, 'pay', 'system', paidStatus, input.at);
  if (outcome.inFull) await orders.refundInFull(unit, order.storeId, order.orderId, input.at);
  return { refundId: id, ledgerId: ledger.ledgerId, amountCents, replayed: false };
}
