import { createHash } from 'node:crypto';
import { WITHDRAWAL_STALE_SECONDS, WITHDRAWAL_STATE, type WithdrawalRecord } from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { addSeconds, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { freeze, postPending, voidPending } from '../ledger';
import { withdrawalView, type WalletRepository, type WithdrawalRow } from './wallet.repository';

/** The pay module's check of the caller's pay password (wrong: 10105001, counted; N wrong: 10103002 for M minutes). */
export interface PayPasswordCheck {
  check(caller: Caller, payPassword: string): Promise<unknown>;
}

/** The settlement card to pay out to; refuses when none is bound or withdrawals pause after a change (account module). */
export interface WithdrawalCards {
  withdrawalCard(storeId: number): Promise<{ bank_code: string; card_number: string; account_name: string }>;
}

/** A payout as the payment provider reports it. */
export interface PayoutView {
  transferId: string;
  status: 'pending' | 'succeeded' | 'failed';
  failureReason: string | null;
}

/**
 * Where withdrawals are paid out (the sandbox payment provider, over signed HTTP). A repeat of one reference
 * answers the first payout, so asking again after a crash never pays twice.
 */
export interface PayoutGateway {
  requestPayout(input: { reference: string; amountCents: number; cardNo: string }): Promise<PayoutView>;
  payout(transferId: string): Promise<PayoutView>;
}

/**
 * The provider reference of a withdrawal, and back: its id and a digest of its idempotency key, so a reference
 * names one withdrawal even where ids start again (a test database reset to its seed).
 */
export const payoutReference = (w: { id: number; idempotencyKey: string }) => `W${w.id}-${createHash('sha256').update(w.idempotencyKey).digest('hex').slice(0, 12)}`;
export const withdrawalIdOf = (reference: string): number | undefined => {
  const match = /^W(\d+)-[0-9a-f]{12}$/.exec(reference);
  return match ? Number(match[1]) : undefined;
};

const notFound = () => new StoreError(STORE_CODES.notFound, text('提现记录不存在', 'withdrawal not found'));
export const blacklisted = (remark: string) =>
  new StoreError(STORE_CODES.notAllowedInCurrentState, text(`店铺在提现黑名单中，不能提现：${remark}`, `the store is on the withdrawal blacklist and cannot withdraw: ${remark}`), { blacklistRemark: remark });
const keyReused = () => new StoreError(STORE_CODES.alreadyExists, text('该幂等键已用于另一笔提现', 'this idempotency key was already used for another withdrawal'));

export interface WalletLog {
  error(message: string, error: unknown): void;
}

/**
 * Withdrawals to the settlement account (docs/ledger.md "Withdrawals"): pay password, then the card (and its
 * 24-hour pause), then in one transaction the blacklist, the freeze of the available balance (refused when short)
 * and the withdrawal row; after the commit the payout is asked for. Its outcome (the provider's callback, its answer,
 * or the sweep) posts the freeze (paid out) or voids it (failed), once.
 */
export class WalletService {
  constructor(
    private readonly repository: WalletRepository,
    private readonly clock: Clock,
    private readonly payPassword: PayPasswordCheck,
    private readonly cards: WithdrawalCards,
    private readonly payouts: PayoutGateway,
    private readonly log: WalletLog = { error: () => undefined },
  ) {}

  async apply(caller: Caller, input: { amountCents: number; payPassword: string; idempotencyKey: string }): Promise<WithdrawalRecord> {
    const earlier = await this.repository.byKey(caller.storeId, input.idempotencyKey);
    if (earlier) {
      if (earlier.amountCents !== input.amountCents) throw keyReused();
      return withdrawalView(earlier);
    }
    await this.payPassword.check(caller, input.payPassword);
    const card = await this.cards.withdrawalCard(caller.storeId);
    const now = this.clock.now();
    const withdrawal = await this.repository.transaction(async (repo) => {
      const remark = await repo.blacklistRemark(caller.storeId);
      if (remark !== undefined) throw blacklisted(remark);
      const id = await repo.nextId();
      const { pendingId } = await freeze(repo.db, { storeId: caller.storeId, amountCents: input.amountCents, source: { type: 'withdrawal', id }, at: now });
      const row = {
        id,
        storeId: caller.storeId,
        amountCents: input.amountCents,
        pendingTransferId: pendingId,
        bankCode: card.bank_code,
        cardLast4: card.card_number.slice(-4),
        accountName: card.account_name,
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
      };
      await repo.insert(row);
      return row;
    });
    await this.requestPayout(withdrawal, card.card_number);
    return withdrawalView((await this.repository.get(caller.storeId, withdrawal.id))!);
  }

  /** Asks for the payout; a failure to reach the provider leaves the withdrawal processing for the sweep. */
  private async requestPayout(w: { id: number; amountCents: number; idempotencyKey: string }, cardNo: string): Promise<void> {
    const id = w.id;
    try {
      const payout = await this.payouts.requestPayout({ reference: payoutReference(w), amountCents: w.amountCents, cardNo });
      await this.repository.setPayoutReference(id, payout.transferId);
      if (payout.status !== 'pending') await this.finish(id, payout.status === 'succeeded', payout.failureReason);
    } catch (error) {
      this.log.error(`withdrawal ${id}: payout request failed; the sweep asks again`, error);
    }
  }

  /**
   * The payout's outcome: processing → paid (the freeze posted to the platform's payouts) or failed (voided back to
   * available), on `repository`'s transaction (the provider callback's), once: a second outcome finds it moved.
   */
  async finish(id: number, succeeded: boolean, failReason: string | null, repository: WalletRepository = this.repository): Promise<boolean> {
    return repository.transaction(async (repo) => {
      const now = this.clock.now();
      const moved = await repo.finish(id, succeeded ? WITHDRAWAL_STATE.paid : WITHDRAWAL_STATE.failed, now, succeeded ? null : (failReason ?? 'payout failed'));
      if (!moved) return false;
      const resolution = succeeded ? await postPending(repo.db, moved.pendingTransferId, now) : await voidPending(repo.db, moved.pendingTransferId, now);
      if (!resolution.resolved) throw new Error(`withdrawal ${id}: its freeze was resolved outside the withdrawal`);
      return true;
    });
  }

  /**
   * Withdrawals left processing for WITHDRAWAL_STALE_SECONDS (a crash between the freeze and the payout, or a lost
   * callback): never asked → asked now (same reference, so at most one payout); asked → the provider's state is read
   * and a final one resolves it. Answers how many it resolved.
   */
  async sweepStale(cardOf: (storeId: number) => Promise<string | undefined>, limit = 100): Promise<number> {
    const stale = await this.repository.staleProcessing(addSeconds(this.clock.now(), -WITHDRAWAL_STALE_SECONDS), limit);
    let resolved = 0;
    for (const w of stale) {
      try {
        resolved += (await this.resolveStale(w, cardOf)) ? 1 : 0;
      } catch (error) {
        this.log.error(`withdrawal ${w.id}: sweep failed`, error);
      }
    }
    return resolved;
  }

  private async resolveStale(w: WithdrawalRow, cardOf: (storeId: number) => Promise<string | undefined>): Promise<boolean> {
    let payout: PayoutView;
    if (w.payoutReference === null) {
      const cardNo = await cardOf(w.storeId);
      // The card is gone (unbound meanwhile): nothing was paid, so the money goes back.
      if (!cardNo || !cardNo.endsWith(w.cardLast4)) return this.finish(w.id, false, 'settlement account changed before the payout');
      payout = await this.payouts.requestPayout({ reference: payoutReference(w), amountCents: w.amountCents, cardNo });
      await this.repository.setPayoutReference(w.id, payout.transferId);
    } else {
      payout = await this.payouts.payout(w.payoutReference);
    }
    return payout.status === 'pending' ? false : this.finish(w.id, payout.status === 'succeeded', payout.failureReason);
  }

  async list(caller: Caller, query: { pageNum: number; pageSize: number; state?: number }) {
    const page = await this.repository.page(caller.storeId, query);
    return { ...page, list: page.list.map(withdrawalView) };
  }

  async detail(caller: Caller, withdrawalId: number): Promise<WithdrawalRecord> {
    const row = await this.repository.get(caller.storeId, withdrawalId);
    if (!row) throw notFound();
    return withdrawalView(row);
  }
}
