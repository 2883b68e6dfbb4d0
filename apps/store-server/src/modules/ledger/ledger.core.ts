import type { LedgerSourceType, LedgerTransferKind } from '@merchant/api-contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { accountsOf, int8, ledgerDay, resolveAccount, type AccountRef, type LedgerAccountRow } from './ledger.accounts';

type Db = Kysely<StoreDatabase>;

/** One transfer: `amountCents` leaves `debit` and reaches `credit`; store refs name `storeId`'s accounts. */
export interface TransferInput {
  /** The store whose accounts move (null: platform accounts only). */
  storeId: number | null;
  debit: AccountRef;
  credit: AccountRef;
  /** Whole cents, > 0. */
  amountCents: number;
  kind: LedgerTransferKind;
  source: { type: LedgerSourceType; id: number };
  /** The order a payment, refund or settlement concerns. */
  orderId?: number;
  /** Once per (store, kind, key): a repeat with the same fields answers the first transfer, with other fields it is refused. */
  idempotencyKey?: string;
  /** A post or void leg: the freeze it resolves. */
  pendingId?: number;
  at: Date;
}

export interface PostedTransfer {
  transferId: number;
  amountCents: number;
  /** True when the idempotency key had already posted this transfer (nothing moved now). */
  replayed: boolean;
}

export const insufficientBalance = (account: string) =>
  new StoreError(
    STORE_CODES.notAllowedInCurrentState,
    account === 'available' ? text('可用余额不足', 'the available balance is not enough') : text(`账户余额不足（${account}）`, `the ${account} balance is not enough`),
    { account },
  );

export const transferKeyUsedForOther = () =>
  new StoreError(STORE_CODES.alreadyExists, text('该幂等键已用于另一笔资金变动', 'this idempotency key was already used for another money movement'));

/** Runs `work` on `db`'s open transaction, or in a new one. Every money move is atomic with its caller's writes. */
export function inTransaction<T>(db: Db, work: (trx: Transaction<StoreDatabase>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<StoreDatabase>) : db.transaction().execute(work);
}

function validate(input: TransferInput): void {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new Error(`ledger: amount must be whole cents > 0, got ${input.amountCents}`);
  if (JSON.stringify(input.debit) === JSON.stringify(input.credit)) throw new Error('ledger: a transfer needs two different accounts');
  if ((('store' in input.debit) || ('store' in input.credit)) && input.storeId === null) throw new Error('ledger: a store account needs the store');
}

interface Planned {
  input: TransferInput;
  debit: LedgerAccountRow;
  credit: LedgerAccountRow;
  day: string;
}

/** Earlier transfers of the same (kind, key): same fields answer them, other fields are refused. */
async function replays(db: Db, planned: Planned[]): Promise<Map<Planned, PostedTransfer>> {
  const keyed = planned.filter((p) => p.input.idempotencyKey !== undefined);
  const found = new Map<Planned, PostedTransfer>();
  if (keyed.length === 0) return found;
  const rows = await db
    .selectFrom('store_ledger_transfer')
    .select(['id', 'store_id', 'kind', 'idempotency_key', 'debit_account_id', 'credit_account_id', 'amount_cents', 'source_type', 'source_id'])
    .where((eb) => eb.or(keyed.map((p) => eb.and([eb('kind', '=', p.input.kind), eb('idempotency_key', '=', p.input.idempotencyKey!), p.input.storeId === null ? eb('store_id', 'is', null) : eb('store_id', '=', p.input.storeId)]))))
    .execute();
  for (const p of keyed) {
    const row = rows.find((r) => r.kind === p.input.kind && r.idempotency_key === p.input.idempotencyKey && r.store_id === p.input.storeId);
    if (!row) continue;
    const same =
      row.debit_account_id === p.debit.id &&
      row.credit_account_id === p.credit.id &&
      int8(row.amount_cents) === p.input.amountCents &&
      row.source_type === p.input.source.type &&
      int8(row.source_id) === p.input.source.id;
    if (!same) throw transferKeyUsedForOther();
    found.set(p, { transferId: int8(row.id), amountCents: p.input.amountCents, replayed: true });
  }
  return found;
}

/**
 * Moves each store account's balance row by the batch's sum, lowest account id first (so two transactions
 * never wait on each other in a cycle). A store account whose balance would go below zero refuses the whole
 * batch (the conditional update finds no row; the CHECK constraint is the backstop). Platform accounts keep
 * no balance row: every store's payments touch clearing, and their balances are summed from the entries.
 */
async function applyBalances(db: Db, planned: Planned[]): Promise<void> {
  const moves = new Map<number, { account: LedgerAccountRow; debits: number; credits: number }>();
  for (const p of planned) {
    for (const [account, side] of [[p.debit, 'debits'], [p.credit, 'credits']] as const) {
      if (account.storeId === null) continue;
      const move = moves.get(account.id) ?? { account, debits: 0, credits: 0 };
      move[side] += p.input.amountCents;
      moves.set(account.id, move);
    }
  }
  for (const { account, debits, credits } of [...moves.values()].sort((a, b) => a.account.id - b.account.id)) {
    const shrinks = account.normal === 'credit' ? debits > credits : credits > debits;
    let update = db
      .updateTable('store_ledger_account')
      .set({ debits_cents: sql`debits_cents + ${debits}::int8`, credits_cents: sql`credits_cents + ${credits}::int8` })
      .where('id', '=', account.id);
    if (account.noNegative && shrinks) {
      const after =
        account.normal === 'credit' ? sql<number>`credits_cents + ${credits}::int8 - debits_cents - ${debits}::int8` : sql<number>`debits_cents + ${debits}::int8 - credits_cents - ${credits}::int8`;
      update = update.where(after, '>=', 0);
    }
    const moved = await update.returning('id').executeTakeFirst();
    if (!moved) throw insufficientBalance(account.code);
  }
}

/** Each store account's movements per day, added up in the same transaction as the entries. */
async function applyDays(db: Db, planned: Planned[]): Promise<void> {
  const days = new Map<string, { account_id: number; day: string; debits_cents: number; credits_cents: number }>();
  for (const p of planned) {
    for (const [account, side] of [[p.debit, 'debits_cents'], [p.credit, 'credits_cents']] as const) {
      if (account.storeId === null) continue;
      const key = `${String(account.id).padStart(10, '0')}|${p.day}`;
      const row = days.get(key) ?? { account_id: account.id, day: p.day, debits_cents: 0, credits_cents: 0 };
      row[side] += p.input.amountCents;
      days.set(key, row);
    }
  }
  if (days.size === 0) return;
  const rows = [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  await db
    .insertInto('store_ledger_account_day')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['account_id', 'day']).doUpdateSet({
        debits_cents: sql`store_ledger_account_day.debits_cents + excluded.debits_cents`,
        credits_cents: sql`store_ledger_account_day.credits_cents + excluded.credits_cents`,
      }),
    )
    .execute();
}

const CHUNK = 1000;

/**
 * Posts transfers on `trx`: for each, one transfer row and its two entries (debit and credit), the store
 * accounts' balance rows and day rows, all in the caller's transaction. A keyed transfer posted before is
 * answered, not posted again. Refuses (nothing posted) when a store account would go below zero.
 */
export async function transferMany(trx: Db, inputs: readonly TransferInput[]): Promise<PostedTransfer[]> {
  if (inputs.length === 0) return [];
  inputs.forEach(validate);
  const platform = await accountsOf(trx, null);
  const stores = new Map<number, Map<string, LedgerAccountRow>>();
  for (const storeId of new Set(inputs.map((i) => i.storeId).filter((id): id is number => id !== null))) stores.set(storeId, await accountsOf(trx, storeId));
  const planned: Planned[] = inputs.map((input) => {
    const store = input.storeId === null ? undefined : stores.get(input.storeId);
    return { input, debit: resolveAccount(input.debit, store, platform), credit: resolveAccount(input.credit, store, platform), day: ledgerDay(input.at) };
  });
  const earlier = await replays(trx, planned);
  const fresh = planned.filter((p) => !earlier.has(p));
  await applyBalances(trx, fresh);
  const ids: number[] = [];
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const part = fresh.slice(i, i + CHUNK);
    const rows = await trx
      .insertInto('store_ledger_transfer')
      .values(
        part.map((p) => ({
          store_id: p.input.storeId,
          debit_account_id: p.debit.id,
          credit_account_id: p.credit.id,
          amount_cents: p.input.amountCents,
          kind: p.input.kind,
          source_type: p.input.source.type,
          source_id: p.input.source.id,
          order_id: p.input.orderId ?? null,
          idempotency_key: p.input.idempotencyKey ?? null,
          pending_id: p.input.pendingId ?? null,
          created_at: p.input.at,
          day: p.day,
        })),
      )
      .returning('id')
      .execute();
    const partIds = rows.map((r) => int8(r.id));
    ids.push(...partIds);
    await trx
      .insertInto('store_ledger_entry')
      .values(
        part.flatMap((p, j) => [
          { transfer_id: partIds[j]!, account_id: p.debit.id, store_id: p.debit.storeId, direction: 'debit' as const, amount_cents: p.input.amountCents, created_at: p.input.at, day: p.day },
          { transfer_id: partIds[j]!, account_id: p.credit.id, store_id: p.credit.storeId, direction: 'credit' as const, amount_cents: p.input.amountCents, created_at: p.input.at, day: p.day },
        ]),
      )
      .execute();
  }
  await applyDays(trx, fresh);
  const posted = new Map(fresh.map((p, i) => [p, { transferId: ids[i]!, amountCents: p.input.amountCents, replayed: false }]));
  return planned.map((p) => earlier.get(p) ?? posted.get(p)!);
}

/** One transfer (see transferMany), in the caller's transaction or a new one. */
export async function transfer(db: Db, input: TransferInput): Promise<PostedTransfer> {
  return inTransaction(db, async (trx) => (await transferMany(trx, [input]))[0]!);
}

/**
 * Locks the store's accounts (lowest id first) until the transaction ends: a check that reads sums before a
 * transfer (a refund against what its order captured, a settlement) sees no concurrent move of the same store.
 */
export async function lockStoreAccounts(trx: Db, storeId: number): Promise<Map<string, LedgerAccountRow>> {
  const accounts = await accountsOf(trx, storeId);
  await trx.selectFrom('store_ledger_account').select('id').where('store_id', '=', storeId).orderBy('id').forUpdate().execute();
  return accounts;
}
