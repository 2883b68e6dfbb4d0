import type { LedgerEntryRecord, LedgerTransferKind, PageOf, StoreLedgerAccount } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { balanceOf, int8 } from './ledger.accounts';

type Db = Kysely<StoreDatabase>;

export interface StoreBalances {
  available: number;
  frozen: number;
  deposit: number;
  pendingSettlement: number;
}

/** The store's balances from its balance rows (checkLedger proves them equal to the entries). */
export async function balances(db: Db, storeId: number): Promise<StoreBalances> {
  const rows = await db.selectFrom('store_ledger_account').select(['code', 'normal', 'debits_cents', 'credits_cents']).where('store_id', '=', storeId).execute();
  const of = (code: StoreLedgerAccount) => {
    const row = rows.find((r) => r.code === code);
    return row ? balanceOf(row.normal, int8(row.debits_cents), int8(row.credits_cents)) : 0;
  };
  return { available: of('available'), frozen: of('frozen'), deposit: of('deposit'), pendingSettlement: of('pending_settlement') };
}

export interface EntryFilter {
  account?: StoreLedgerAccount;
  kind?: LedgerTransferKind;
  /** Inclusive instants. */
  from?: Date;
  to?: Date;
  pageNum: number;
  pageSize: number;
}

/** The store's entries on its own accounts, newest first: + for a credit (money in), − for a debit. */
export async function entries(db: Db, storeId: number, filter: EntryFilter): Promise<PageOf<LedgerEntryRecord>> {
  let query = db
    .selectFrom('store_ledger_entry as e')
    .innerJoin('store_ledger_account as a', 'a.id', 'e.account_id')
    .innerJoin('store_ledger_transfer as t', 't.id', 'e.transfer_id')
    .where('e.store_id', '=', storeId);
  if (filter.account) query = query.where('a.code', '=', filter.account);
  if (filter.kind) query = query.where('t.kind', '=', filter.kind);
  if (filter.from) query = query.where('e.created_at', '>=', filter.from);
  if (filter.to) query = query.where('e.created_at', '<=', filter.to);
  const total = int8((await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await query
    .select(['e.id', 'e.transfer_id', 'a.code', 'e.direction', 'e.amount_cents', 't.kind', 't.source_type', 't.source_id', 'e.created_at'])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.pageNum - 1) * filter.pageSize)
    .execute();
  return {
    pageNum: filter.pageNum,
    pageSize: filter.pageSize,
    total,
    list: rows.map((r) => ({
      entryId: int8(r.id),
      transferId: int8(r.transfer_id),
      account: r.code as StoreLedgerAccount,
      amountCents: (r.direction === 'credit' ? 1 : -1) * int8(r.amount_cents),
      kind: r.kind as LedgerTransferKind,
      sourceType: r.source_type as LedgerEntryRecord['sourceType'],
      sourceId: int8(r.source_id),
      createTime: Math.floor(new Date(r.created_at).getTime() / 1000),
    })),
  };
}

/** What an order captured and paid back so far, from its transfers. */
export async function orderMoney(db: Db, orderId: number): Promise<{ capturedCents: number; refundedCents: number; settled: boolean }> {
  const row = await db
    .selectFrom('store_ledger_transfer')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>(eb.case().when('kind', '=', 'order_payment').then(eb.ref('amount_cents')).else(0).end()), eb.lit(0)).as('captured'),
      eb.fn.coalesce(eb.fn.sum<string>(eb.case().when('kind', '=', 'order_refund').then(eb.ref('amount_cents')).else(0).end()), eb.lit(0)).as('refunded'),
    ])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const settled = await db.selectFrom('store_settlement_order').select('order_id').where('order_id', '=', orderId).executeTakeFirst();
  return { capturedCents: int8(String(row.captured)), refundedCents: int8(String(row.refunded)), settled: settled !== undefined };
}
