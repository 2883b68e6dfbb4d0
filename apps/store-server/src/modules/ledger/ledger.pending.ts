import type { LedgerSourceType } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { int8, type PlatformLedgerAccount } from './ledger.accounts';
import { inTransaction, transferMany } from './ledger.core';

type Db = Kysely<StoreDatabase>;

// Two-phase moves (docs/ledger.md "Two-phase withdrawals"): the freeze moves the amount from available to frozen at
// once (so the available balance is what may still be spent), and leaves a pending row. Exactly one of post (frozen
// → a platform account: paid out) or void (frozen → available: refused or failed) resolves it, by a conditional
// update of that row: a second resolve, concurrent or late, finds it resolved and moves nothing.

export interface FreezeInput {
  storeId: number;
  amountCents: number;
  source: { type: LedgerSourceType; id: number };
  idempotencyKey?: string;
  at: Date;
}

export type PendingState = 'pending' | 'posted' | 'voided';

export interface Resolution {
  /** True when this call resolved it; false when it had been resolved before (nothing moved). */
  resolved: boolean;
  state: PendingState;
  transferId: number | null;
}

/** Freezes `amountCents` of the store's available balance; answers the pending id (the freeze transfer's id). Refused when available is short. */
export async function freeze(db: Db, input: FreezeInput): Promise<{ pendingId: number; replayed: boolean }> {
  return inTransaction(db, async (trx) => {
    const [posted] = await transferMany(trx, [
      {
        storeId: input.storeId,
        debit: { store: 'available' },
        credit: { store: 'frozen' },
        amountCents: input.amountCents,
        kind: 'withdrawal_freeze',
        source: input.source,
        idempotencyKey: input.idempotencyKey,
        at: input.at,
      },
    ]);
    if (!posted!.replayed) {
      await trx
        .insertInto('store_ledger_pending')
        .values({ transfer_id: posted!.transferId, store_id: input.storeId, amount_cents: input.amountCents, state: 'pending', resolved_transfer_id: null, created_at: input.at, resolved_at: null })
        .execute();
    }
    return { pendingId: posted!.transferId, replayed: posted!.replayed };
  });
}

async function resolve(db: Db, pendingId: number, to: 'posted' | 'voided', at: Date, payoutAccount: PlatformLedgerAccount): Promise<Resolution> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('store_ledger_pending as p')
      .innerJoin('store_ledger_transfer as t', 't.id', 'p.transfer_id')
      .select(['p.store_id', 'p.amount_cents', 'p.state', 'p.resolved_transfer_id', 't.source_type', 't.source_id'])
      .where('p.transfer_id', '=', pendingId)
      .forUpdate('p')
      .executeTakeFirst();
    if (!row) throw new Error(`ledger: no pending transfer ${pendingId}`);
    if (row.state !== 'pending') return { resolved: false, state: row.state, transferId: row.resolved_transfer_id === null ? null : int8(row.resolved_transfer_id) };
    const [posted] = await transferMany(trx, [
      {
        storeId: row.store_id,
        debit: { store: 'frozen' },
        credit: to === 'posted' ? { platform: payoutAccount } : { store: 'available' },
        amountCents: int8(row.amount_cents),
        kind: to === 'posted' ? 'withdrawal_payout' : 'withdrawal_void',
        source: { type: row.source_type as LedgerSourceType, id: int8(row.source_id) },
        pendingId,
        at,
      },
    ]);
    // Conditional: only a pending row moves, so a resolve can happen once whatever the interleaving.
    const moved = await trx
      .updateTable('store_ledger_pending')
      .set({ state: to, resolved_transfer_id: posted!.transferId, resolved_at: at })
      .where('transfer_id', '=', pendingId)
      .where('state', '=', 'pending')
      .returning('transfer_id')
      .executeTakeFirst();
    if (!moved) throw new Error(`ledger: pending transfer ${pendingId} resolved under its lock`);
    return { resolved: true, state: to, transferId: posted!.transferId };
  });
}

/** Posts a freeze: frozen → the platform's payouts account (the money left for the bank). Once. */
export const postPending = (db: Db, pendingId: number, at: Date) => resolve(db, pendingId, 'posted', at, 'payouts');

/** Voids a freeze: frozen → available again. Once. */
export const voidPending = (db: Db, pendingId: number, at: Date) => resolve(db, pendingId, 'voided', at, 'payouts');
