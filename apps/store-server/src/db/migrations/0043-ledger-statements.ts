import { sql, type Kysely } from 'kysely';

/**
 * The statements of billManagement/bills (issue 29, docs/trade.md "Statements"): one row per store account and
 * business day with movements (store_ledger_account_day as it is), and one per account and calendar month of
 * business days (the same rows summed). Opening balances and the sums per kind are read beside it (modules/statements),
 * so the view keeps nothing of its own: it is what the ledger wrote, grouped. The list and the xlsx export page it
 * through the resource-list helper like any table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view store_ledger_statement as
      select a.store_id, d.account_id, a.code as account, 'day'::text as period, d.day as period_start, d.day as period_end,
        d.debits_cents, d.credits_cents,
        'day:' || a.code || ':' || d.day::text as statement_id
      from store_ledger_account_day d join store_ledger_account a on a.id = d.account_id
      where a.store_id is not null
      union all
      select a.store_id, d.account_id, a.code, 'month', date_trunc('month', d.day)::date, (date_trunc('month', d.day) + interval '1 month - 1 day')::date,
        sum(d.debits_cents)::int8, sum(d.credits_cents)::int8,
        'month:' || a.code || ':' || date_trunc('month', d.day)::date::text
      from store_ledger_account_day d join store_ledger_account a on a.id = d.account_id
      where a.store_id is not null
      group by a.store_id, d.account_id, a.code, date_trunc('month', d.day)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view store_ledger_statement`.execute(db);
}
