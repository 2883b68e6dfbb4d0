import { LEDGER_DAY_UTC_OFFSET_HOURS, SETTLEMENT_DAYS_AFTER_PAYMENT, type PageOf, type SettlementOrderRow, type SettlementRow, type StatementKindSum, type StatementRow, type StoreLedgerAccount } from '@merchant/api-contracts';
import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { ListQuery } from '../../shared/resource-list';
import { int8 } from '../ledger';
import { kindSums, settlementList, settlementOrderList, statementList } from './statements.lists';

/** One unsettled order: when it becomes available (business day) and what it still holds in pending settlement. */
export interface PendingOrder {
  orderId: number;
  availableDay: string;
  pendingCents: number;
}

/** The statements' reads (docs/trade.md "Statements"); every read is scoped to the caller's store. */
export class StatementsRepository {
  constructor(readonly db: Kysely<StoreDatabase>) {}

  statementPage(storeId: number, query: ListQuery): Promise<PageOf<StatementRow>> {
    return statementList.page(this.db, storeId, query);
  }

  settlementPage(storeId: number, query: ListQuery): Promise<PageOf<SettlementRow>> {
    return settlementList.page(this.db, storeId, query);
  }

  settlementRow(storeId: number, settlementId: number): Promise<SettlementRow | undefined> {
    return settlementList.row(this.db, storeId, (q) => q.where('st.id', '=', settlementId));
  }

  settlementOrderPage(storeId: number, query: ListQuery): Promise<PageOf<SettlementOrderRow>> {
    return settlementOrderList.page(this.db, storeId, query);
  }

  /**
   * One account between two business days (inclusive): the balance before `from` (its day rows) and its entries of
   * the window summed per kind (index store_ledger_entry_account: account, day).
   */
  async explain(storeId: number, account: StoreLedgerAccount, from: string, to: string): Promise<{ openingCents: number; lines: StatementKindSum[] }> {
    const row = await this.db.selectFrom('store_ledger_account').select('id').where('store_id', '=', storeId).where('code', '=', account).executeTakeFirst();
    if (!row) return { openingCents: 0, lines: [] };
    const { rows } = await sql<{ opening: string; lines: unknown }>`
      select
        (select coalesce(sum(p.credits_cents - p.debits_cents), 0)::int8 from store_ledger_account_day p where p.account_id = ${row.id} and p.day < ${from}::date) as opening,
        coalesce((
          select json_agg(json_build_object('kind', k.kind, 'netCents', k.net, 'count', k.n) order by k.kind) from (
            select t.kind, sum(case when e.direction = 'credit' then e.amount_cents else -e.amount_cents end)::int8 as net, count(*)::int8 as n
            from store_ledger_entry e join store_ledger_transfer t on t.id = e.transfer_id
            where e.account_id = ${row.id} and e.day between ${from}::date and ${to}::date
            group by t.kind
          ) k), '[]'::json) as lines`.execute(this.db);
    return { openingCents: int8(rows[0]!.opening), lines: kindSums(rows[0]!.lines) };
  }

  /** The store's paid orders not settled yet, each with its payment + T+N business day and its payments less refunds. */
  async pendingOrders(storeId: number): Promise<PendingOrder[]> {
    const { rows } = await sql<{ order_id: number; available_day: string; pending: string }>`
      select t.order_id,
        ((min(t.created_at) filter (where t.kind = 'order_payment') at time zone 'UTC')
          + make_interval(days => ${SETTLEMENT_DAYS_AFTER_PAYMENT}::int, hours => ${LEDGER_DAY_UTC_OFFSET_HOURS}::int))::date::text as available_day,
        (sum(case when t.kind = 'order_payment' then t.amount_cents else 0 end) - sum(case when t.kind = 'order_refund' then t.amount_cents else 0 end))::int8 as pending
      from store_ledger_transfer t
      where t.store_id = ${storeId} and t.order_id is not null and t.kind in ('order_payment', 'order_refund')
        and not exists (select 1 from store_settlement_order s where s.order_id = t.order_id)
      group by t.order_id
      having bool_or(t.kind = 'order_payment')`.execute(this.db);
    return rows.map((r) => ({ orderId: r.order_id, availableDay: r.available_day, pendingCents: int8(r.pending) }));
  }
}
