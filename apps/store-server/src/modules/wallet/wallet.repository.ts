import { WITHDRAWAL_STATE, type PageOf, type WithdrawalRecord } from '@merchant/api-contracts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { int8 } from '../ledger';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

export interface WithdrawalRow {
  id: number;
  storeId: number;
  amountCents: number;
  state: number;
  pendingTransferId: number;
  bankCode: string;
  cardLast4: string;
  accountName: string;
  idempotencyKey: string;
  payoutReference: string | null;
  failReason: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

type Row = Selectable<StoreDatabase['store_withdrawal']>;

const toRow = (r: Row): WithdrawalRow => ({
  id: r.id,
  storeId: r.store_id,
  amountCents: int8(r.amount_cents),
  state: r.state,
  pendingTransferId: int8(r.pending_transfer_id),
  bankCode: r.bank_code,
  cardLast4: r.card_last4,
  accountName: r.account_name,
  idempotencyKey: r.idempotency_key,
  payoutReference: r.payout_reference,
  failReason: r.fail_reason,
  createdAt: new Date(r.created_at),
  resolvedAt: r.resolved_at ? new Date(r.resolved_at) : null,
});

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export const withdrawalView = (w: WithdrawalRow): WithdrawalRecord => ({
  withdrawalId: w.id,
  amountCents: w.amountCents,
  state: w.state,
  bankCode: w.bankCode,
  cardLast4: w.cardLast4,
  accountName: w.accountName,
  failReason: w.failReason,
  createTime: seconds(w.createdAt),
  resolveTime: w.resolvedAt ? seconds(w.resolvedAt) : null,
});

/** Withdrawals (migration 0038), always addressed with the caller's store; money moves go through the ledger. */
export class WalletRepository {
  constructor(readonly db: Db) {}

  transaction<T>(work: (repository: WalletRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => work(new WalletRepository(trx)));
  }

  /**
   * The withdrawal blacklist row of the store (the pay module's table, read here inside the withdrawal's own
   * transaction, beside the balance check of the freeze).
   */
  async blacklistRemark(storeId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('store_withdraw_blacklist').select('remark').where('store_id', '=', storeId).forShare().executeTakeFirst();
    return row?.remark;
  }

  async nextId(): Promise<number> {
    const { rows } = await sql<{ id: string | number }>`select nextval(pg_get_serial_sequence('store_withdrawal', 'id')) as id`.execute(this.db);
    return int8(rows[0]!.id);
  }

  async insert(w: Omit<WithdrawalRow, 'resolvedAt' | 'failReason' | 'payoutReference' | 'state'>): Promise<void> {
    await this.db
      .insertInto('store_withdrawal')
      .values({
        id: w.id,
        store_id: w.storeId,
        amount_cents: w.amountCents,
        state: WITHDRAWAL_STATE.processing,
        pending_transfer_id: w.pendingTransferId,
        bank_code: w.bankCode,
        card_last4: w.cardLast4,
        account_name: w.accountName,
        idempotency_key: w.idempotencyKey,
        created_at: w.createdAt,
      })
      .execute();
  }

  async byKey(storeId: number, key: string): Promise<WithdrawalRow | undefined> {
    const row = await this.db.selectFrom('store_withdrawal').selectAll().where('store_id', '=', storeId).where('idempotency_key', '=', key).executeTakeFirst();
    return row && toRow(row);
  }

  async get(storeId: number, id: number): Promise<WithdrawalRow | undefined> {
    const row = await this.db.selectFrom('store_withdrawal').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
    return row && toRow(row);
  }

  /** Any store's withdrawal (the provider's callback and the sweep know only the id). */
  async byId(id: number): Promise<WithdrawalRow | undefined> {
    const row = await this.db.selectFrom('store_withdrawal').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRow(row);
  }

  async page(storeId: number, query: { pageNum: number; pageSize: number; state?: number }): Promise<PageOf<WithdrawalRow>> {
    let base = this.db.selectFrom('store_withdrawal').where('store_id', '=', storeId);
    if (query.state !== undefined) base = base.where('state', '=', query.state);
    const total = int8(String((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n));
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute();
    return { pageNum: query.pageNum, pageSize: query.pageSize, total, list: rows.map(toRow) };
  }

  async setPayoutReference(id: number, reference: string): Promise<void> {
    await this.db.updateTable('store_withdrawal').set({ payout_reference: reference }).where('id', '=', id).where('payout_reference', 'is', null).execute();
  }

  /** Compare-and-swap out of processing: the row answered when this call moved it, undefined when it had moved before. */
  async finish(id: number, state: number, at: Date, failReason: string | null): Promise<WithdrawalRow | undefined> {
    const row = await this.db
      .updateTable('store_withdrawal')
      .set({ state, resolved_at: at, fail_reason: failReason })
      .where('id', '=', id)
      .where('state', '=', WITHDRAWAL_STATE.processing)
      .returningAll()
      .executeTakeFirst();
    return row && toRow(row);
  }

  /** Withdrawals still processing that were created before `before` (the sweep's work). */
  async staleProcessing(before: Date, limit: number): Promise<WithdrawalRow[]> {
    const rows = await this.db
      .selectFrom('store_withdrawal')
      .selectAll()
      .where('state', '=', WITHDRAWAL_STATE.processing)
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map(toRow);
  }
}
