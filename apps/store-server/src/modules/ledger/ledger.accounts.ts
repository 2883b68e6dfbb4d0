import { LEDGER_DAY_UTC_OFFSET_HOURS, type StoreLedgerAccount } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

/** Platform accounts: clearing (buyers' money received, paid back on refunds), commission, payouts (withdrawals paid), top-ups, adjustments. */
export const PLATFORM_LEDGER_ACCOUNTS = ['clearing', 'commission', 'payouts', 'top_ups', 'adjustments'] as const;
export type PlatformLedgerAccount = (typeof PLATFORM_LEDGER_ACCOUNTS)[number];

/** One side of a transfer: one of the transfer's store's accounts, or a platform account. */
export type AccountRef = { store: StoreLedgerAccount } | { platform: PlatformLedgerAccount };

type Normal = 'debit' | 'credit';
interface AccountSpec {
  normal: Normal;
  noNegative: boolean;
}

/** Store accounts are what the platform owes the store (credit-normal) and never go below zero. */
const STORE_SPECS: Record<StoreLedgerAccount, AccountSpec> = {
  available: { normal: 'credit', noNegative: true },
  frozen: { normal: 'credit', noNegative: true },
  deposit: { normal: 'credit', noNegative: true },
  pending_settlement: { normal: 'credit', noNegative: true },
};

/** Platform accounts may go either way (clearing goes up with payments and down with refunds and payouts). */
const PLATFORM_SPECS: Record<PlatformLedgerAccount, AccountSpec> = {
  clearing: { normal: 'debit', noNegative: false },
  commission: { normal: 'credit', noNegative: false },
  payouts: { normal: 'debit', noNegative: false },
  top_ups: { normal: 'debit', noNegative: false },
  adjustments: { normal: 'debit', noNegative: false },
};

export interface LedgerAccountRow {
  id: number;
  storeId: number | null;
  code: string;
  normal: Normal;
  noNegative: boolean;
}

type Db = Kysely<StoreDatabase>;

/**
 * int8 as a JS number: PGlite answers numbers, node-postgres decimal strings. Anything that is not a whole
 * number within 2^53 (a float string, NaN) is a bug, never silently rounded.
 */
export function int8(value: number | string | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string' && !/^-?\d+$/.test(value)) throw new Error(`ledger: not an integer: ${value}`);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`ledger: not a safe integer: ${String(value)}`);
  return n;
}

/** The ledger's business day ('YYYY-MM-DD') of an instant, in UTC+LEDGER_DAY_UTC_OFFSET_HOURS. */
export function ledgerDay(at: Date): string {
  return new Date(at.getTime() + LEDGER_DAY_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}

/** A balance from its posted sides, by the account's normal side. */
export const balanceOf = (normal: Normal, debits: number, credits: number) => (normal === 'credit' ? credits - debits : debits - credits);

const toRow = (r: { id: number; store_id: number | null; code: string; normal: Normal; no_negative: boolean }): LedgerAccountRow => ({
  id: r.id,
  storeId: r.store_id,
  code: r.code,
  normal: r.normal,
  noNegative: r.no_negative,
});

/**
 * The accounts of one owner (a store, or null for the platform), created on first use. Accounts are rows of
 * store_ledger_account so that a reset of the store tables and a new store both need nothing but this call.
 */
export async function accountsOf(db: Db, storeId: number | null): Promise<Map<string, LedgerAccountRow>> {
  const read = async () => {
    let query = db.selectFrom('store_ledger_account').select(['id', 'store_id', 'code', 'normal', 'no_negative']);
    query = storeId === null ? query.where('store_id', 'is', null) : query.where('store_id', '=', storeId);
    return new Map((await query.execute()).map((r) => [r.code, toRow(r)]));
  };
  const specs: Record<string, AccountSpec> = storeId === null ? PLATFORM_SPECS : STORE_SPECS;
  let accounts = await read();
  if (accounts.size < Object.keys(specs).length) {
    await db
      .insertInto('store_ledger_account')
      .values(Object.entries(specs).map(([code, spec]) => ({ store_id: storeId, code, normal: spec.normal, no_negative: spec.noNegative })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    accounts = await read();
  }
  return accounts;
}

/** The account row a reference names, for the transfer's store. */
export function resolveAccount(ref: AccountRef, store: Map<string, LedgerAccountRow> | undefined, platform: Map<string, LedgerAccountRow>): LedgerAccountRow {
  const account = 'store' in ref ? store?.get(ref.store) : platform.get(ref.platform);
  if (!account) throw new Error(`ledger: no account ${JSON.stringify(ref)}`);
  return account;
}
