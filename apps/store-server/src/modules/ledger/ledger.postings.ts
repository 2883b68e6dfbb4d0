import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { inTransaction, lockStoreAccounts, transferMany, type PostedTransfer } from './ledger.core';
import { orderMoney } from './ledger.reads';

type Db = Kysely<StoreDatabase>;

// The money moves of the order and after-sales areas (docs/ledger.md "Postings"), each on the caller's transaction
// so the order's or refund's own rows and the money commit together.

export interface OrderPayment {
  storeId: number;
  orderId: number;
  amountCents: number;
  at: Date;
}

/**
 * The buyer's payment reached the platform: clearing → the store's pending settlement, once per order (keyed by
 * the order). Batched for the demo seed; a free order (0 cents) moves nothing.
 */
export async function postOrderPayments(db: Db, payments: readonly OrderPayment[]): Promise<PostedTransfer[]> {
  const paid = payments.filter((p) => p.amountCents > 0);
  return inTransaction(db, (trx) =>
    transferMany(
      trx,
      paid.map((p) => ({
        storeId: p.storeId,
        debit: { platform: 'clearing' as const },
        credit: { store: 'pending_settlement' as const },
        amountCents: p.amountCents,
        kind: 'order_payment' as const,
        source: { type: 'order' as const, id: p.orderId },
        orderId: p.orderId,
        idempotencyKey: `order-${p.orderId}`,
        at: p.at,
      })),
    ),
  );
}

export const postOrderPayment = async (db: Db, payment: OrderPayment): Promise<PostedTransfer | undefined> => (await postOrderPayments(db, [payment]))[0];

export interface OrderRefund {
  storeId: number;
  orderId: number;
  refundId: number;
  amountCents: number;
  /** The refund payment's own key: a repeat answers the first transfer. */
  idempotencyKey: string;
  at: Date;
  /** The source document when it is not the refund record (a buyer's withdrawal of the order: the order). */
  source?: { type: 'order' | 'refund'; id: number };
}

export const refundOverCaptured = (leftCents: number) =>
  new StoreError(
    STORE_CODES.notAllowedInCurrentState,
    text(`退款金额超过订单已收款项（剩余 ${leftCents} 分）`, `the refund is more than the order's captured payment (${leftCents} cents left)`),
    { leftCents },
  );

/**
 * A refund paid back to the buyer: the store's pending settlement (or, once the order has settled, its available
 * balance) → clearing. Under the store's account locks, the order's refunds never pass what its payment captured.
 */
export async function postOrderRefund(db: Db, refund: OrderRefund): Promise<PostedTransfer> {
  return inTransaction(db, async (trx) => {
    await lockStoreAccounts(trx, refund.storeId);
    const money = await orderMoney(trx, refund.orderId);
    const left = money.capturedCents - money.refundedCents;
    // A repeat of a posted refund is answered by transferMany; a new one must fit in what is left.
    const repeat = await trx.selectFrom('store_ledger_transfer').select('id').where('store_id', '=', refund.storeId).where('kind', '=', 'order_refund').where('idempotency_key', '=', refund.idempotencyKey).executeTakeFirst();
    if (!repeat && refund.amountCents > left) throw refundOverCaptured(Math.max(left, 0));
    const [posted] = await transferMany(trx, [
      {
        storeId: refund.storeId,
        debit: { store: money.settled ? 'available' : 'pending_settlement' },
        credit: { platform: 'clearing' },
        amountCents: refund.amountCents,
        kind: 'order_refund',
        source: refund.source ?? { type: 'refund', id: refund.refundId },
        orderId: refund.orderId,
        idempotencyKey: refund.idempotencyKey,
        at: refund.at,
      },
    ]);
    return posted!;
  });
}

export interface DepositTopUp {
  storeId: number;
  topUpId: number;
  amountCents: number;
  idempotencyKey: string;
  at: Date;
}

/** A deposit top-up the payment provider confirmed: the platform's top-ups → the store's deposit. Once per key. */
export async function postDepositTopUp(db: Db, topUp: DepositTopUp): Promise<PostedTransfer> {
  return inTransaction(db, async (trx) => {
    const [posted] = await transferMany(trx, [
      {
        storeId: topUp.storeId,
        debit: { platform: 'top_ups' },
        credit: { store: 'deposit' },
        amountCents: topUp.amountCents,
        kind: 'deposit_top_up',
        source: { type: 'top_up', id: topUp.topUpId },
        idempotencyKey: topUp.idempotencyKey,
        at: topUp.at,
      },
    ]);
    return posted!;
  });
}

export interface WalletDepositMove {
  storeId: number;
  direction: 'wallet_to_deposit' | 'deposit_to_wallet';
  transferDocId: number;
  amountCents: number;
  idempotencyKey: string;
  at: Date;
}

/** Between the store's available balance and its deposit (either way); refused when the source is short. */
export async function postWalletDepositMove(db: Db, move: WalletDepositMove): Promise<PostedTransfer> {
  const toDeposit = move.direction === 'wallet_to_deposit';
  return inTransaction(db, async (trx) => {
    const [posted] = await transferMany(trx, [
      {
        storeId: move.storeId,
        debit: { store: toDeposit ? 'available' : 'deposit' },
        credit: { store: toDeposit ? 'deposit' : 'available' },
        amountCents: move.amountCents,
        kind: move.direction,
        source: { type: 'transfer', id: move.transferDocId },
        idempotencyKey: move.idempotencyKey,
        at: move.at,
      },
    ]);
    return posted!;
  });
}
