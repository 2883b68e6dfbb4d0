import { createHash } from 'node:crypto';
import { TOP_UP_STATE, type DepositTopUpRecord, type DepositTransferDetail, type DepositTransferDirection, type DepositTransferRecord } from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { addSeconds, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { balances, postDepositTopUp, postWalletDepositMove } from '../ledger';
import type { PayPasswordCheck } from '../wallet';
import { topUpView, type DepositRepository, type TopUpRow, type TransferQuery } from './deposit.repository';

/** A payment as the payment provider reports it. */
export interface PaymentView {
  transferId: string;
  status: 'pending' | 'succeeded' | 'failed';
  failureReason: string | null;
}

/** Where top-ups are paid (the sandbox payment provider over signed HTTP); a repeat of one reference answers the first payment. */
export interface PaymentGateway {
  requestPayment(input: { reference: string; amountCents: number }): Promise<PaymentView>;
  /** The payment now, as the provider reports it (a look when its callback has not arrived). */
  payment(transferId: string): Promise<PaymentView>;
}

/**
 * A top-up still pending this long after it was asked for is looked up at the provider when the merchant looks at it
 * (its callbacks may all have failed to arrive): a final state there resolves it as the callback would have, once.
 */
export const TOP_UP_RECHECK_SECONDS = 60;

/** The provider reference of a top-up, and back: its id and a digest of its key (ids start again after a test reset). */
export const topUpReference = (t: { id: number; idempotencyKey: string }) => `D${t.id}-${createHash('sha256').update(t.idempotencyKey).digest('hex').slice(0, 12)}`;
export const topUpIdOf = (reference: string): number | undefined => {
  const match = /^D(\d+)-[0-9a-f]{12}$/.exec(reference);
  return match ? Number(match[1]) : undefined;
};
/** The ledger key of a top-up's posting: one posting per top-up, whatever delivers its outcome. */
export const topUpLedgerKey = (topUpId: number) => `top-up-${topUpId}`;

const topUpNotFound = () => new StoreError(STORE_CODES.notFound, text('充值记录不存在', 'top-up not found'));
const transferNotFound = () => new StoreError(STORE_CODES.notFound, text('转账记录不存在', 'transfer not found'));
const keyReused = () => new StoreError(STORE_CODES.alreadyExists, text('该幂等键已用于另一笔资金变动', 'this idempotency key was already used for another money movement'));

export interface DepositLog {
  error(message: string, error: unknown): void;
}

/**
 * The warranty deposit (docs/ledger.md "Deposit top-ups and transfers"). A top-up is recorded pending, then the
 * provider is asked for the payment; its signed callback resolves it once (paid: posted to the deposit; failed:
 * nothing posted). A transfer checks the pay password (the pay module's check and lockout, as withdrawals do) and
 * moves the money on the ledger in the transaction that records its document, refused when the source is short.
 */
export class DepositService {
  constructor(
    private readonly repository: DepositRepository,
    private readonly clock: Clock,
    private readonly payPassword: PayPasswordCheck,
    private readonly payments: PaymentGateway,
    private readonly log: DepositLog = { error: () => undefined },
  ) {}

  async applyTopUp(caller: Caller, input: { amountCents: number; idempotencyKey: string }): Promise<DepositTopUpRecord> {
    const earlier = await this.repository.topUpByKey(caller.storeId, input.idempotencyKey);
    if (earlier) {
      if (earlier.amountCents !== input.amountCents) throw keyReused();
      if (earlier.state === TOP_UP_STATE.pending && earlier.providerTransferId === null) await this.requestPayment(earlier);
      return topUpView((await this.repository.topUp(caller.storeId, earlier.id))!);
    }
    const id = await this.repository.nextTopUpId();
    const topUp = await this.repository.insertTopUp({
      id,
      storeId: caller.storeId,
      amountCents: input.amountCents,
      idempotencyKey: input.idempotencyKey,
      providerReference: topUpReference({ id, idempotencyKey: input.idempotencyKey }),
      createdAt: this.clock.now(),
    });
    await this.requestPayment(topUp);
    return topUpView((await this.repository.topUp(caller.storeId, id))!);
  }

  /** Asks the provider for the payment; when it cannot be reached the top-up stays pending and the next look asks again (same reference: one payment). */
  private async requestPayment(topUp: TopUpRow): Promise<void> {
    try {
      const payment = await this.payments.requestPayment({ reference: topUp.providerReference, amountCents: topUp.amountCents });
      await this.repository.setProviderTransfer(topUp.id, payment.transferId);
    } catch (error) {
      this.log.error(`top-up ${topUp.id}: payment request failed; asked again on the next look`, error);
    }
  }

  /**
   * The payment's outcome (the provider's signed callback), on the transaction that records the event: pending →
   * paid (postDepositTopUp, keyed by the top-up) or failed, once. Another reference, amount or a second outcome moves nothing.
   */
  async onPaymentOutcome(event: { reference: string; amountCents: number; status: 'succeeded' | 'failed'; failureReason: string | null }, repository: DepositRepository): Promise<boolean> {
    const id = topUpIdOf(event.reference);
    if (id === undefined) return false;
    const topUp = await repository.topUpById(id);
    if (!topUp || topUp.providerReference !== event.reference || topUp.amountCents !== event.amountCents) return false;
    return repository.transaction(async (repo) => {
      const now = this.clock.now();
      const succeeded = event.status === 'succeeded';
      const moved = await repo.resolveTopUp(id, succeeded ? TOP_UP_STATE.paid : TOP_UP_STATE.failed, now, succeeded ? null : (event.failureReason ?? 'payment failed'));
      if (!moved) return false;
      if (succeeded) await postDepositTopUp(repo.db, { storeId: moved.storeId, topUpId: moved.id, amountCents: moved.amountCents, idempotencyKey: topUpLedgerKey(moved.id), at: now });
      return true;
    });
  }

  async topUps(caller: Caller, query: { pageNum: number; pageSize: number; state?: number }) {
    const page = await this.repository.topUpPage(caller.storeId, query);
    return { ...page, list: page.list.map(topUpView) };
  }

  async topUp(caller: Caller, topUpId: number): Promise<DepositTopUpRecord> {
    const row = await this.repository.topUp(caller.storeId, topUpId);
    if (!row) throw topUpNotFound();
    if (row.state !== TOP_UP_STATE.pending) return topUpView(row);
    if (row.providerTransferId === null) await this.requestPayment(row);
    else if (row.createdAt <= addSeconds(this.clock.now(), -TOP_UP_RECHECK_SECONDS)) await this.recheck(row, row.providerTransferId);
    return topUpView((await this.repository.topUp(caller.storeId, topUpId))!);
  }

  /** Asks the provider for a pending top-up's payment; a final one resolves the top-up as its callback would. */
  private async recheck(topUp: TopUpRow, transferId: string): Promise<void> {
    try {
      const payment = await this.payments.payment(transferId);
      if (payment.status === 'pending') return;
      await this.onPaymentOutcome({ reference: topUp.providerReference, amountCents: topUp.amountCents, status: payment.status, failureReason: payment.failureReason }, this.repository);
    } catch (error) {
      this.log.error(`top-up ${topUp.id}: provider look-up failed; the next look asks again`, error);
    }
  }

  async applyTransfer(caller: Caller, input: { direction: DepositTransferDirection; amountCents: number; payPassword: string; idempotencyKey: string }): Promise<DepositTransferRecord> {
    const earlier = await this.repository.transferByKey(caller.storeId, input.idempotencyKey);
    if (earlier) {
      if (earlier.kind !== input.direction || earlier.amountCents !== input.amountCents) throw keyReused();
      return earlier;
    }
    await this.payPassword.check(caller, input.payPassword);
    const posted = await this.repository.transaction(async (repo) => {
      const at = this.clock.now();
      const docId = await repo.insertTransferDoc({ storeId: caller.storeId, kind: input.direction, amountCents: input.amountCents, idempotencyKey: input.idempotencyKey, createdAt: at });
      return postWalletDepositMove(repo.db, { storeId: caller.storeId, direction: input.direction, transferDocId: docId, amountCents: input.amountCents, idempotencyKey: input.idempotencyKey, at });
    });
    return (await this.repository.transfer(caller.storeId, posted.transferId))!;
  }

  transfers(caller: Caller, query: TransferQuery) {
    return this.repository.transferPage(caller.storeId, query);
  }

  async transfer(caller: Caller, transferId: number): Promise<DepositTransferDetail> {
    // The ledger transfer's id (the transfer record's rows), else its document's id (how a money-flow entry names its
    // source: sourceType transfer/adjustment, sourceId). Document ids start at 900001, past any ledger id in use.
    const record = (await this.repository.transfer(caller.storeId, transferId)) ?? (await this.repository.transferByDocument(caller.storeId, transferId));
    if (!record) throw transferNotFound();
    const now = await balances(this.repository.db, caller.storeId);
    return { ...record, depositCents: now.deposit, availableCents: now.available };
  }
}
