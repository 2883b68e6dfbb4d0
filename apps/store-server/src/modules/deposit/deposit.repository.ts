import { DEPOSIT_TRANSFER_KINDS, TOP_UP_STATE, type DepositTopUpRecord, type DepositTransferKind, type DepositTransferRecord, type PageOf } from '@merchant/api-contracts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { int8 } from '../ledger';
import type { StoreDepositTopUpTable } from './deposit.tables';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

export interface TopUpRow {
  id: number;
  storeId: number;
  amountCents: number;
  state: number;
  idempotencyKey: string;
  providerReference: string;
  providerTransferId: string | null;
  failReason: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

const toTopUp = (r: Selectable<StoreDepositTopUpTable>): TopUpRow => ({
  id: r.id,
  storeId: r.store_id,
  amountCents: int8(r.amount_cents),
  state: r.state,
  idempotencyKey: r.idempotency_key,
  providerReference: r.provider_reference,
  providerTransferId: r.provider_transfer_id,
  failReason: r.fail_reason,
  createdAt: new Date(r.created_at),
  resolvedAt: r.resolved_at ? new Date(r.resolved_at) : null,
});

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export const topUpView = (t: TopUpRow): DepositTopUpRecord => ({
  topUpId: t.id,
  amountCents: t.amountCents,
  state: t.state,
  failReason: t.failReason,
  createTime: seconds(t.createdAt),
  resolveTime: t.resolvedAt ? seconds(t.resolvedAt) : null,
});

export interface TransferQuery {
  pageNum: number;
  pageSize: number;
  kind?: DepositTransferKind;
  createTimeStart?: number;
  createTimeEnd?: number;
}

/**
 * Top-ups and deposit transfers (migration 0042), always addressed with the caller's store. The transfer record is
 * read from the ledger (every wallet/deposit move and adjustment of the store, also those posted without a document,
 * like the demo history's), with the document's remark beside it.
 */
export class DepositRepository {
  constructor(readonly db: Db) {}

  transaction<T>(work: (repository: DepositRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return (this.db as Kysely<StoreDatabase>).transaction().execute((trx) => work(new DepositRepository(trx)));
  }

  async nextTopUpId(): Promise<number> {
    const { rows } = await sql<{ id: string | number }>`select nextval(pg_get_serial_sequence('store_deposit_top_up', 'id')) as id`.execute(this.db);
    return int8(rows[0]!.id);
  }

  async insertTopUp(t: Pick<TopUpRow, 'id' | 'storeId' | 'amountCents' | 'idempotencyKey' | 'providerReference' | 'createdAt'> & Partial<Pick<TopUpRow, 'state' | 'failReason' | 'resolvedAt'>>): Promise<TopUpRow> {
    const row = await this.db
      .insertInto('store_deposit_top_up')
      .values({
        id: t.id,
        store_id: t.storeId,
        amount_cents: t.amountCents,
        state: t.state ?? TOP_UP_STATE.pending,
        idempotency_key: t.idempotencyKey,
        provider_reference: t.providerReference,
        fail_reason: t.failReason ?? null,
        created_at: t.createdAt,
        resolved_at: t.resolvedAt ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTopUp(row);
  }

  async topUpByKey(storeId: number, key: string): Promise<TopUpRow | undefined> {
    const row = await this.db.selectFrom('store_deposit_top_up').selectAll().where('store_id', '=', storeId).where('idempotency_key', '=', key).executeTakeFirst();
    return row && toTopUp(row);
  }

  async topUp(storeId: number, id: number): Promise<TopUpRow | undefined> {
    const row = await this.db.selectFrom('store_deposit_top_up').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
    return row && toTopUp(row);
  }

  /** Any store's top-up (the provider's callback knows only the reference). */
  async topUpById(id: number): Promise<TopUpRow | undefined> {
    const row = await this.db.selectFrom('store_deposit_top_up').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toTopUp(row);
  }

  async setProviderTransfer(id: number, transferId: string): Promise<void> {
    await this.db.updateTable('store_deposit_top_up').set({ provider_transfer_id: transferId }).where('id', '=', id).where('provider_transfer_id', 'is', null).execute();
  }

  /** Compare-and-swap out of pending: the row when this call moved it, undefined when it had moved before. */
  async resolveTopUp(id: number, state: number, at: Date, failReason: string | null): Promise<TopUpRow | undefined> {
    const row = await this.db
      .updateTable('store_deposit_top_up')
      .set({ state, resolved_at: at, fail_reason: failReason })
      .where('id', '=', id)
      .where('state', '=', TOP_UP_STATE.pending)
      .returningAll()
      .executeTakeFirst();
    return row && toTopUp(row);
  }

  async topUpPage(storeId: number, query: { pageNum: number; pageSize: number; state?: number }): Promise<PageOf<TopUpRow>> {
    let base = this.db.selectFrom('store_deposit_top_up').where('store_id', '=', storeId);
    if (query.state !== undefined) base = base.where('state', '=', query.state);
    const total = int8(String((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n));
    const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.pageSize).offset((query.pageNum - 1) * query.pageSize).execute();
    return { pageNum: query.pageNum, pageSize: query.pageSize, total, list: rows.map(toTopUp) };
  }

  async insertTransferDoc(doc: { storeId: number; kind: DepositTransferKind; amountCents: number; idempotencyKey: string; remark?: string | null; createdAt: Date }): Promise<number> {
    const row = await this.db
      .insertInto('store_deposit_transfer')
      .values({ store_id: doc.storeId, kind: doc.kind, amount_cents: doc.amountCents, idempotency_key: doc.idempotencyKey, remark: doc.remark ?? null, created_at: doc.createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The store's move with this key (either direction), as the ledger posted it. */
  async transferByKey(storeId: number, key: string): Promise<DepositTransferRecord | undefined> {
    return (await this.transfers(storeId, { key })).list[0];
  }

  async transfer(storeId: number, transferId: number): Promise<DepositTransferRecord | undefined> {
    return (await this.transfers(storeId, { transferId })).list[0];
  }

  /** The store's move or adjustment whose document (store_deposit_transfer) has this id: the money flow names it as the source. */
  async transferByDocument(storeId: number, documentId: number): Promise<DepositTransferRecord | undefined> {
    return (await this.transfers(storeId, { documentId })).list[0];
  }

  transferPage(storeId: number, query: TransferQuery): Promise<PageOf<DepositTransferRecord>> {
    return this.transfers(storeId, { query });
  }

  private async transfers(storeId: number, by: { key?: string; transferId?: number; documentId?: number; query?: TransferQuery }): Promise<PageOf<DepositTransferRecord>> {
    const query = by.query ?? { pageNum: 1, pageSize: 1 };
    let base = this.db
      .selectFrom('store_ledger_transfer as t')
      .innerJoin('store_ledger_account as d', 'd.id', 't.debit_account_id')
      .innerJoin('store_ledger_account as c', 'c.id', 't.credit_account_id')
      .leftJoin('store_deposit_transfer as doc', (join) => join.onRef('doc.id', '=', 't.source_id').onRef('doc.store_id', '=', 't.store_id').onRef('doc.kind', '=', 't.kind'))
      .where('t.store_id', '=', storeId)
      .where('t.kind', 'in', query.kind ? [query.kind] : [...DEPOSIT_TRANSFER_KINDS]);
    if (by.key !== undefined) base = base.where('t.idempotency_key', '=', by.key).where('t.kind', 'in', ['wallet_to_deposit', 'deposit_to_wallet']);
    if (by.transferId !== undefined) base = base.where('t.id', '=', by.transferId);
    if (by.documentId !== undefined) base = base.where('doc.id', '=', by.documentId);
    if (query.createTimeStart !== undefined) base = base.where('t.created_at', '>=', new Date(query.createTimeStart * 1000));
    if (query.createTimeEnd !== undefined) base = base.where('t.created_at', '<=', new Date(query.createTimeEnd * 1000));
    const total = int8(String((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n));
    const rows = await base
      .select(['t.id', 't.kind', 't.amount_cents', 't.created_at', 'd.code as debit_code', 'd.store_id as debit_store', 'c.code as credit_code', 'c.store_id as credit_store', 'doc.remark'])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute();
    const side = (code: string, store: number | null) => (store === null ? 'platform' : code) as DepositTransferRecord['from'];
    return {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      total,
      list: rows.map((r) => ({
        transferId: int8(r.id),
        kind: r.kind as DepositTransferKind,
        amountCents: int8(r.amount_cents),
        from: side(r.debit_code, r.debit_store),
        to: side(r.credit_code, r.credit_store),
        remark: r.remark ?? null,
        createTime: seconds(new Date(r.created_at)),
      })),
    };
  }
}
