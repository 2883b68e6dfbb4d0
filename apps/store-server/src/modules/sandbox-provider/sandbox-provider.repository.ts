import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { SandboxProviderTransferTable, StoreDatabase } from '../../db/schema';

export type SandboxTransferKind = 'payment' | 'payout';
export type SandboxTransferStatus = 'pending' | 'succeeded' | 'failed';

/** One payment or payout as the provider answers it (amounts in cents, times in epoch ms). */
export interface SandboxTransfer {
  transferId: string;
  kind: SandboxTransferKind;
  reference: string;
  amountCents: number;
  cardNo: string | null;
  callbackUrl: string;
  status: SandboxTransferStatus;
  failureReason: string | null;
  createdAt: number;
  completedAt: number | null;
  callbackAttempts: number;
  callbackDeliveredAt: number | null;
}

export interface NewSandboxTransfer {
  transferId: string;
  kind: SandboxTransferKind;
  reference: string;
  amountCents: number;
  cardNo: string | null;
  callbackUrl: string;
  createdAt: number;
  dueAt: number;
}

/** What store-server received from one callback event. */
export interface SandboxCallbackReceipt {
  eventId: string;
  transferId: string;
  kind: string;
  reference: string;
  status: string;
  amountCents: number;
  receivedAt: number;
}

const nullableNumber = (value: number | string | null): number | null => (value === null ? null : Number(value));

function toTransfer(row: Selectable<SandboxProviderTransferTable>): SandboxTransfer {
  return {
    transferId: row.id,
    kind: row.kind,
    reference: row.reference,
    amountCents: Number(row.amount_cents),
    cardNo: row.card_no,
    callbackUrl: row.callback_url,
    status: row.status,
    failureReason: row.failure_reason,
    createdAt: Number(row.created_at),
    completedAt: nullableNumber(row.completed_at),
    callbackAttempts: row.callback_attempts,
    callbackDeliveredAt: nullableNumber(row.callback_delivered_at),
  };
}

/** The provider's state and store-server's callback receipts, all in PostgreSQL. */
export class SandboxProviderRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  /** Inserts the transfer unless its (kind, reference) exists; answers the row that holds the reference. */
  async insertOrFind(transfer: NewSandboxTransfer): Promise<{ transfer: SandboxTransfer; created: boolean }> {
    const inserted = await this.db
      .insertInto('sandbox_provider_transfer')
      .values({
        id: transfer.transferId,
        kind: transfer.kind,
        reference: transfer.reference,
        amount_cents: transfer.amountCents,
        card_no: transfer.cardNo,
        callback_url: transfer.callbackUrl,
        created_at: transfer.createdAt,
        due_at: transfer.dueAt,
      })
      .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { transfer: toTransfer(inserted), created: true };
    const existing = await this.db
      .selectFrom('sandbox_provider_transfer')
      .selectAll()
      .where('kind', '=', transfer.kind)
      .where('reference', '=', transfer.reference)
      .executeTakeFirstOrThrow();
    return { transfer: toTransfer(existing), created: false };
  }

  async find(transferId: string): Promise<SandboxTransfer | null> {
    const row = await this.db.selectFrom('sandbox_provider_transfer').selectAll().where('id', '=', transferId).executeTakeFirst();
    return row ? toTransfer(row) : null;
  }

  /** Pending transfers whose time has come, oldest first. */
  async dueIds(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sandbox_provider_transfer')
      .select('id')
      .where('status', '=', 'pending')
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Settles a pending transfer by compare-and-swap: false when another instance settled it first. */
  async settle(transferId: string, outcome: { status: 'succeeded' | 'failed'; failureReason: string | null }, now: number): Promise<boolean> {
    const updated = await this.db
      .updateTable('sandbox_provider_transfer')
      .set({ status: outcome.status, failure_reason: outcome.failureReason, completed_at: now, next_callback_at: now })
      .where('id', '=', transferId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /**
   * Claims settled transfers whose callback is due, pushing their next attempt `leaseMs` ahead in the same
   * statement, so two instances never send the same attempt (a crash mid-send only delays it).
   */
  async claimCallbacks(now: number, leaseMs: number, limit: number): Promise<SandboxTransfer[]> {
    const rows = await sql<Selectable<SandboxProviderTransferTable>>`
      update sandbox_provider_transfer set next_callback_at = ${now + leaseMs}, callback_attempts = callback_attempts + 1
      where id in (
        select id from sandbox_provider_transfer
        where status <> 'pending' and callback_delivered_at is null and next_callback_at <= ${now}
        order by next_callback_at limit ${limit} for update skip locked
      )
      returning *`.execute(this.db);
    return rows.rows.map(toTransfer);
  }

  async markDelivered(transferId: string, now: number): Promise<void> {
    await this.db.updateTable('sandbox_provider_transfer').set({ callback_delivered_at: now, next_callback_at: null }).where('id', '=', transferId).execute();
  }

  async retryCallbackAt(transferId: string, at: number | null): Promise<void> {
    await this.db.updateTable('sandbox_provider_transfer').set({ next_callback_at: at }).where('id', '=', transferId).execute();
  }

  /** Runs work in one transaction (a receipt and what the callback changes commit together). */
  transaction<T>(work: (trx: Transaction<StoreDatabase>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Records a callback event once; false when its event id was received before. */
  async recordReceipt(trx: Kysely<StoreDatabase>, receipt: SandboxCallbackReceipt): Promise<boolean> {
    const inserted = await trx
      .insertInto('sandbox_provider_callback_receipt')
      .values({
        event_id: receipt.eventId,
        transfer_id: receipt.transferId,
        kind: receipt.kind,
        reference: receipt.reference,
        status: receipt.status,
        amount_cents: receipt.amountCents,
        received_at: receipt.receivedAt,
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}
