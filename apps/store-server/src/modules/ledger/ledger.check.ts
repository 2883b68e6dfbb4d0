import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { int8 } from './ledger.accounts';

type Db = Kysely<StoreDatabase>;

/** One broken invariant, with what shows it (at most a few examples per rule). */
export interface LedgerBreak {
  rule:
    | 'transfer-has-one-debit-and-one-credit'
    | 'debits-equal-credits'
    | 'balance-row-equals-entries'
    | 'day-row-equals-entries'
    | 'opening-plus-day-equals-closing'
    | 'no-negative-balance'
    | 'frozen-equals-open-withdrawals'
    | 'refunds-within-captured';
  detail: string;
}

export interface LedgerCheckResult {
  ok: boolean;
  breaks: LedgerBreak[];
  counted: { transfers: number; entries: number; storeAccounts: number; accountDays: number };
}

const EXAMPLES = 5;

/**
 * The ledger's invariants (docs/ledger.md "Invariants"), read from the database as it is: every transfer has
 * exactly one debit and one credit entry of its amount on its accounts; all debits equal all credits; each store
 * account's balance row equals the sum of its entries, and each of its day rows the sum of that day's entries; per
 * account and day the opening balance plus the day's movements is the closing balance, and (for the store accounts,
 * which never go below zero) no closing balance is negative; the frozen balance equals the open withdrawals;
 * no order got back more than it paid. Tests call it, and so does `npm run operator -- ledger-check`.
 */
export async function checkLedger(db: Db): Promise<LedgerCheckResult> {
  const breaks: LedgerBreak[] = [];
  const add = (rule: LedgerBreak['rule'], rows: readonly unknown[]) => {
    for (const row of rows.slice(0, EXAMPLES)) breaks.push({ rule, detail: JSON.stringify(row) });
  };

  const { rows: badTransfers } = await sql<{ id: string }>`
    select t.id from store_ledger_transfer t
    left join (
      select transfer_id, count(*) as n,
        sum(case when direction = 'debit' then amount_cents end) as d, sum(case when direction = 'credit' then amount_cents end) as c,
        max(case when direction = 'debit' then account_id end) as da, max(case when direction = 'credit' then account_id end) as ca
      from store_ledger_entry group by transfer_id
    ) e on e.transfer_id = t.id
    where e.n is distinct from 2 or e.d is distinct from t.amount_cents or e.c is distinct from t.amount_cents
      or e.da is distinct from t.debit_account_id or e.ca is distinct from t.credit_account_id
    order by t.id limit ${EXAMPLES}`.execute(db);
  add('transfer-has-one-debit-and-one-credit', badTransfers);

  const { rows: totals } = await sql<{ d: string; c: string; transfers: string; entries: string }>`
    select coalesce(sum(case when direction = 'debit' then amount_cents end), 0)::int8 as d,
           coalesce(sum(case when direction = 'credit' then amount_cents end), 0)::int8 as c,
           (select count(*) from store_ledger_transfer)::int8 as transfers, count(*)::int8 as entries
    from store_ledger_entry`.execute(db);
  const total = totals[0]!;
  if (int8(total.d) !== int8(total.c)) add('debits-equal-credits', [{ debits: int8(total.d), credits: int8(total.c) }]);

  const { rows: badBalances } = await sql<{ account_id: number }>`
    select a.id as account_id, a.store_id, a.code, a.debits_cents, a.credits_cents, e.d, e.c from store_ledger_account a
    left join (
      select account_id, sum(case when direction = 'debit' then amount_cents else 0 end) as d, sum(case when direction = 'credit' then amount_cents else 0 end) as c
      from store_ledger_entry where store_id is not null group by account_id
    ) e on e.account_id = a.id
    where a.store_id is not null and (a.debits_cents <> coalesce(e.d, 0) or a.credits_cents <> coalesce(e.c, 0))
    order by a.id limit ${EXAMPLES}`.execute(db);
  add('balance-row-equals-entries', badBalances);

  const { rows: badDays } = await sql<{ account_id: number }>`
    with e as (
      select account_id, day, sum(case when direction = 'debit' then amount_cents else 0 end) as d, sum(case when direction = 'credit' then amount_cents else 0 end) as c
      from store_ledger_entry where store_id is not null group by account_id, day
    )
    select coalesce(e.account_id, r.account_id) as account_id, coalesce(e.day, r.day)::text as day, e.d, e.c, r.debits_cents, r.credits_cents
    from e full join store_ledger_account_day r on r.account_id = e.account_id and r.day = e.day
    where e.d is distinct from r.debits_cents or e.c is distinct from r.credits_cents
    limit ${EXAMPLES}`.execute(db);
  add('day-row-equals-entries', badDays);

  // Opening of a day = closing of the account's previous day; closing = opening + the day's movements; the last
  // closing is the balance row. Store accounts are credit-normal and never below zero.
  const { rows: days } = await sql<{ account_id: number; day: string; opening: string; movement: string; closing: string; no_negative: boolean; last: boolean; balance: string }>`
    select d.account_id, d.day::text as day,
      coalesce((sum(d.credits_cents - d.debits_cents) over w_before), 0)::int8 as opening,
      (d.credits_cents - d.debits_cents)::int8 as movement,
      (sum(d.credits_cents - d.debits_cents) over w_upto)::int8 as closing,
      a.no_negative, d.day = max(d.day) over (partition by d.account_id) as last,
      (a.credits_cents - a.debits_cents)::int8 as balance
    from store_ledger_account_day d join store_ledger_account a on a.id = d.account_id
    window w_upto as (partition by d.account_id order by d.day rows between unbounded preceding and current row),
           w_before as (partition by d.account_id order by d.day rows between unbounded preceding and 1 preceding)`.execute(db);
  const badOpenings = days.filter((d) => int8(d.opening) + int8(d.movement) !== int8(d.closing) || (d.last && int8(d.closing) !== int8(d.balance)));
  add('opening-plus-day-equals-closing', badOpenings);
  add('no-negative-balance', days.filter((d) => d.no_negative && int8(d.closing) < 0));

  const { rows: negatives } = await sql<{ id: number }>`
    select id, store_id, code from store_ledger_account
    where no_negative and (case when normal = 'credit' then credits_cents - debits_cents else debits_cents - credits_cents end) < 0 limit ${EXAMPLES}`.execute(db);
  add('no-negative-balance', negatives);

  const { rows: badFrozen } = await sql<{ store_id: number }>`
    select a.store_id, (a.credits_cents - a.debits_cents)::int8 as frozen, coalesce(p.open, 0)::int8 as open from store_ledger_account a
    left join (select store_id, sum(amount_cents) as open from store_ledger_pending where state = 'pending' group by store_id) p on p.store_id = a.store_id
    where a.code = 'frozen' and a.credits_cents - a.debits_cents <> coalesce(p.open, 0) limit ${EXAMPLES}`.execute(db);
  add('frozen-equals-open-withdrawals', badFrozen);

  const { rows: overRefunded } = await sql<{ order_id: number }>`
    select order_id, sum(case when kind = 'order_payment' then amount_cents else 0 end)::int8 as captured,
      sum(case when kind = 'order_refund' then amount_cents else 0 end)::int8 as refunded
    from store_ledger_transfer where order_id is not null group by order_id
    having sum(case when kind = 'order_refund' then amount_cents else 0 end) > sum(case when kind = 'order_payment' then amount_cents else 0 end)
    limit ${EXAMPLES}`.execute(db);
  add('refunds-within-captured', overRefunded);

  const { rows: counts } = await sql<{ accounts: string; days: string }>`
    select (select count(*) from store_ledger_account where store_id is not null)::int8 as accounts, (select count(*) from store_ledger_account_day)::int8 as days`.execute(db);
  return {
    ok: breaks.length === 0,
    breaks,
    counted: { transfers: int8(total.transfers), entries: int8(total.entries), storeAccounts: int8(counts[0]!.accounts), accountDays: int8(counts[0]!.days) },
  };
}
