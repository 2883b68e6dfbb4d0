import type { SettlementOrderRow, SettlementRow, StatementKindSum, StatementRow } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { int8 } from '../ledger';
import { defineResourceList, fromSeconds } from '../../shared/resource-list';

// The statement lists (docs/trade.md "Statements") for the resource-list helper: the bills list and its xlsx export
// page the same definition. Statements read the ledger's own day rows (view store_ledger_statement); settlements
// read what settleStore recorded (store_settlement and its per-order lines).

const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

export function kindSums(value: unknown): StatementKindSum[] {
  const rows = (json(value) ?? []) as { kind: StatementKindSum['kind']; netCents: number | string; count: number | string }[];
  return rows.map((r) => ({ kind: r.kind, netCents: int8(r.netCents), count: int8(r.count) }));
}

const statementRow = (row: Record<string, unknown>): StatementRow => {
  const opening = int8(row.opening_cents as string);
  const inCents = int8(row.credits_cents as string);
  const outCents = int8(row.debits_cents as string);
  return {
    statementId: String(row.statement_id),
    period: row.period as StatementRow['period'],
    account: row.account as StatementRow['account'],
    periodStart: day(row.period_start_text),
    periodEnd: day(row.period_end_text),
    openingCents: opening,
    inCents,
    outCents,
    // Store accounts are credit-normal: money in is a credit.
    closingCents: opening + inCents - outCents,
    byKind: kindSums(row.by_kind),
  };
};

/**
 * billManagement/bills: one row per account and day (or month) with movements, newest first. A period overlaps
 * [from, to] when it ends on or after `from` and starts on or before `to`. The opening balance is the sum of the
 * account's day rows before the period (its primary key reads them); the sums per kind come from its entries.
 */
export const statementList = defineResourceList<StatementRow>({
  from: 'store_ledger_statement as s',
  storeColumn: 's.store_id',
  filters: {
    period: { column: 's.period', op: 'eq' },
    account: { column: 's.account', op: 'eq' },
    from: { column: 's.period_end', op: 'gte' },
    to: { column: 's.period_start', op: 'lte' },
  },
  sorts: { periodStart: 's.period_start' },
  defaultSort: { field: 'periodStart', order: 'desc' },
  tieBreaker: 's.statement_id',
  select: (q) =>
    q.select([
      's.statement_id',
      's.period',
      's.account',
      's.debits_cents',
      's.credits_cents',
      sql<string>`s.period_start::text`.as('period_start_text'),
      sql<string>`s.period_end::text`.as('period_end_text'),
      sql<string>`(select coalesce(sum(p.credits_cents - p.debits_cents), 0)::int8 from store_ledger_account_day p where p.account_id = s.account_id and p.day < s.period_start)`.as(
        'opening_cents',
      ),
      sql<unknown>`coalesce((
        select json_agg(json_build_object('kind', k.kind, 'netCents', k.net, 'count', k.n) order by k.kind) from (
          select t.kind, sum(case when e.direction = 'credit' then e.amount_cents else -e.amount_cents end)::int8 as net, count(*)::int8 as n
          from store_ledger_entry e join store_ledger_transfer t on t.id = e.transfer_id
          where e.account_id = s.account_id and e.day between s.period_start and s.period_end
          group by t.kind
        ) k), '[]'::json)`.as('by_kind'),
    ]),
  map: statementRow,
});

const settlementRow = (row: Record<string, unknown>): SettlementRow => ({
  settlementId: Number(row.id),
  settledTime: Math.floor(new Date(row.settled_at as Date).getTime() / 1000),
  orderCount: Number(row.order_count),
  grossCents: int8(row.gross_cents as string),
  refundedCents: int8(row.refunded_cents as string),
  commissionCents: int8(row.commission_cents as string),
  netCents: int8(row.net_cents as string),
});

/** platformTrad/settlementInquiry: the store's settlement runs, newest first. */
export const settlementList = defineResourceList<SettlementRow>({
  from: 'store_settlement as st',
  storeColumn: 'st.store_id',
  filters: {
    settledFrom: { column: 'st.settled_at', op: 'gte', toDb: fromSeconds },
    settledTo: { column: 'st.settled_at', op: 'lte', toDb: fromSeconds },
  },
  sorts: { settledTime: 'st.settled_at' },
  defaultSort: { field: 'settledTime', order: 'desc' },
  tieBreaker: 'st.id',
  select: (q) => q.select(['st.id', 'st.settled_at', 'st.order_count', 'st.gross_cents', 'st.refunded_cents', 'st.commission_cents', 'st.net_cents']),
  map: settlementRow,
});

const settlementOrderRow = (row: Record<string, unknown>): SettlementOrderRow => ({
  orderId: Number(row.order_id),
  orderNo: String(row.order_no ?? ''),
  payTime: row.paid_at === null || row.paid_at === undefined ? null : Number(row.paid_at),
  paidCents: int8(row.paid_cents as string),
  refundedCents: int8(row.refunded_cents as string),
  commissionCents: int8(row.commission_cents as string),
  netCents: int8(row.net_cents as string),
});

/** The orders one settlement settled (its per-order lines), by order id. */
export const settlementOrderList = defineResourceList<SettlementOrderRow>({
  from: 'store_settlement_order as so',
  storeColumn: 'so.store_id',
  where: (q) => q.leftJoin('store_order as o', 'o.id', 'so.order_id'),
  filters: { settlementId: { column: 'so.settlement_id', op: 'eq' } },
  sorts: { orderId: 'so.order_id' },
  defaultSort: { field: 'orderId', order: 'asc' },
  tieBreaker: 'so.order_id',
  select: (q) => q.select(['so.order_id', 'so.paid_cents', 'so.refunded_cents', 'so.commission_cents', 'so.net_cents', 'o.order_no', 'o.paid_at']),
  map: settlementOrderRow,
});
