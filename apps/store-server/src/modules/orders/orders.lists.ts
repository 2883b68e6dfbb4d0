import type { OrderRow, OrderStatus } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { defineResourceList, likePattern, type FilterDefinition, type ListQueryBuilder } from '../../shared/resource-list';
import { keptListTotal } from './orders.counts';
import { UNPAID_ORDER_STATUS } from './orders.domain';

// orderList for the resource-list helper (and the export of the same list, modules/exports). Creation
// times are integer seconds in the table, so the window filters compare them as sent.

/** `%` and `_` typed by a merchant match themselves; the pattern anchors at the start (index-served). */
const prefixPattern = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export const orderRow = (row: Record<string, unknown>): OrderRow => ({
  orderId: Number(row.id),
  orderNo: row.order_no === null || row.order_no === undefined ? String(row.id) : String(row.order_no),
  status: Number(row.status) as OrderStatus,
  buyerAccid: String(row.buyer_accid ?? ''),
  buyerName: String(row.buyer_name ?? ''),
  buyerPhone: String(row.buyer_phone ?? ''),
  amountCents: Number(row.amount_cents),
  itemCount: Number(row.item_count ?? 0),
  createTime: Number(row.created_at),
  // Rows written before the buyer side (0005's shape) were paid when created.
  paidAt: Number(row.paid_at ?? row.created_at),
  returnDeadline: numberOrNull(row.return_deadline),
  serviceOrder: row.service_order === true,
});

export const ORDER_ROW_COLUMNS = [
  'o.id',
  'o.order_no',
  'o.status',
  'o.buyer_accid',
  'o.buyer_name',
  'o.buyer_phone',
  'o.amount_cents',
  'o.created_at',
  'o.paid_at',
  'o.return_deadline',
  'o.service_order',
] as const;

const itemCount = sql<number>`(select coalesce(sum(i.quantity), 0) from store_order_item i where i.order_id = o.id)`.as('item_count');
export const selectOrderRow = (query: ListQueryBuilder) => query.select([...ORDER_ROW_COLUMNS, itemCount]);

// Query field → how it filters (the kept total below checks that none but status is set).
const filters = {
  status: { column: 'o.status', op: 'eq' },
  orderNo: { apply: (q: ListQueryBuilder, value: string) => q.where(sql<boolean>`o.order_no like ${prefixPattern(value)}`) },
  // A name anywhere in it, or a phone number from its first digits.
  buyer: {
    apply: (q: ListQueryBuilder, value: string) =>
      q.where(sql<boolean>`(o.buyer_name ilike ${likePattern(value)} or o.buyer_phone like ${prefixPattern(value)})`),
  },
  createTimeStart: { column: 'o.created_at', op: 'gte' },
  createTimeEnd: { column: 'o.created_at', op: 'lte' },
  amountMin: { column: 'o.amount_cents', op: 'gte' },
  amountMax: { column: 'o.amount_cents', op: 'lte' },
} satisfies Record<string, FilterDefinition>;

export const orderList = defineResourceList<OrderRow>({
  from: 'store_order as o',
  storeColumn: 'o.store_id',
  // Unpaid orders are the buyer's cart, never the store's.
  where: (q) => q.where('o.status', '<>', UNPAID_ORDER_STATUS),
  filters,
  sorts: { createTime: 'o.created_at', paidTime: 'o.paid_at', amount: 'o.amount_cents' },
  defaultSort: { field: 'createTime', order: 'desc' },
  tieBreaker: 'o.id',
  select: selectOrderRow,
  map: orderRow,
  // No filter but the status tab: the total is the kept per-status count (migration 0017), not a count of
  // the store's orders.
  total: keptListTotal(Object.keys(filters)),
});
