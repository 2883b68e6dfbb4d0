import type { ComplaintRow, EvaluationRow, RefundKind, RefundRow } from '@merchant/api-contracts';
import type { DisputeStatus, RefundStatus } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { defineResourceList, type ListColumn, type ListQueryBuilder } from '../../shared/resource-list';

// The after-sales lists (docs/orders.md) for the resource-list helper; the detail reads use the same rows.
// Times are integer seconds in bigint columns, so the creation window compares them as they come.

const num = (value: unknown) => Number(value);
const nullableNum = (value: unknown) => (value === null || value === undefined ? null : Number(value));
/** jsonb lists arrive parsed from PostgreSQL and PGlite alike; a string is parsed defensively. */
export const jsonList = (value: unknown): string[] => (typeof value === 'string' ? (JSON.parse(value) as string[]) : Array.isArray(value) ? (value as string[]) : []);

const createTimeFilters = (column: ListColumn) => ({
  createTimeStart: { column, op: 'gte' as const },
  createTimeEnd: { column, op: 'lte' as const },
});
const withOrder = (alias: string) => (q: ListQueryBuilder) => q.innerJoin('store_order as o', 'o.id', `${alias}.order_id`);

const refundRow = (row: Record<string, unknown>): RefundRow => ({
  refundId: num(row.id),
  refundNo: String(row.refund_no),
  orderId: num(row.order_id),
  orderNo: String(row.order_no ?? ''),
  status: num(row.status) as RefundStatus,
  kind: num(row.kind) as RefundKind,
  amountCents: num(row.amount_cents),
  reason: String(row.reason),
  buyerAccid: String(row.buyer_accid),
  buyerName: String(row.buyer_name ?? ''),
  createTime: num(row.created_at),
  updateTime: num(row.updated_at),
});
const refundColumns = ['r.id', 'r.refund_no', 'r.order_id', 'o.order_no', 'r.status', 'r.kind', 'r.amount_cents', 'r.reason', 'r.buyer_accid', 'o.buyer_name', 'r.created_at', 'r.updated_at'] as const;

/** orderAfter / orderAfterAll: the store's refunds, newest first. */
export const refundList = defineResourceList<RefundRow>({
  from: 'store_refund as r',
  storeColumn: 'r.store_id',
  where: withOrder('r'),
  filters: {
    status: { column: 'r.status', op: 'eq' },
    statuses: { column: 'r.status', op: 'in' },
    orderNo: { column: 'o.order_no', op: 'contains' },
    refundNo: { column: 'r.refund_no', op: 'contains' },
    kind: { column: 'r.kind', op: 'eq' },
    amountMin: { column: 'r.amount_cents', op: 'gte' },
    amountMax: { column: 'r.amount_cents', op: 'lte' },
    ...createTimeFilters('r.created_at'),
  },
  sorts: { createTime: 'r.created_at', amount: 'r.amount_cents' },
  defaultSort: { field: 'createTime', order: 'desc' },
  tieBreaker: 'r.id',
  select: (q) => q.select([...refundColumns]),
  map: refundRow,
});

const complaintRow = (row: Record<string, unknown>): ComplaintRow => ({
  complaintId: num(row.id),
  complaintNo: String(row.complaint_no),
  orderId: num(row.order_id),
  orderNo: String(row.order_no ?? ''),
  status: num(row.status) as DisputeStatus,
  filedBy: String(row.filed_by) as ComplaintRow['filedBy'],
  reason: String(row.reason),
  buyerAccid: String(row.buyer_accid),
  buyerName: String(row.buyer_name ?? ''),
  responseCount: num(row.response_count),
  createTime: num(row.created_at),
  updateTime: num(row.updated_at),
});

/** orderComplaint: the complaints about the store's orders, newest first. */
export const complaintList = defineResourceList<ComplaintRow>({
  from: 'store_complaint as c',
  storeColumn: 'c.store_id',
  where: withOrder('c'),
  filters: {
    status: { column: 'c.status', op: 'eq' },
    orderNo: { column: 'o.order_no', op: 'contains' },
    complaintNo: { column: 'c.complaint_no', op: 'contains' },
    ...createTimeFilters('c.created_at'),
  },
  sorts: { createTime: 'c.created_at' },
  defaultSort: { field: 'createTime', order: 'desc' },
  tieBreaker: 'c.id',
  select: (q) =>
    q.select([
      'c.id',
      'c.complaint_no',
      'c.order_id',
      'o.order_no',
      'c.status',
      'c.filed_by',
      'c.reason',
      'c.buyer_accid',
      'o.buyer_name',
      'c.created_at',
      'c.updated_at',
      sql<number>`(select count(*) from store_complaint_response cr where cr.complaint_id = c.id)`.as('response_count'),
    ]),
  map: complaintRow,
});

const evaluationRow = (row: Record<string, unknown>): EvaluationRow => ({
  evaluationId: num(row.id),
  orderId: num(row.order_id),
  orderNo: String(row.order_no ?? ''),
  buyerAccid: String(row.buyer_accid),
  buyerName: String(row.buyer_name ?? ''),
  rating: num(row.rating),
  content: String(row.content),
  imageUrls: jsonList(row.image_urls),
  createTime: num(row.created_at),
  reply: row.reply === null || row.reply === undefined ? null : String(row.reply),
  repliedAt: nullableNum(row.replied_at),
});

/** orderEvaluation: buyers' reviews of the store's orders, newest first. */
export const evaluationList = defineResourceList<EvaluationRow>({
  from: 'store_evaluation as v',
  storeColumn: 'v.store_id',
  where: withOrder('v'),
  filters: {
    rating: { column: 'v.rating', op: 'eq' },
    replied: { apply: (q: ListQueryBuilder, replied: boolean) => q.where('v.reply', replied ? 'is not' : 'is', null) },
    orderNo: { column: 'o.order_no', op: 'contains' },
    ...createTimeFilters('v.created_at'),
  },
  sorts: { createTime: 'v.created_at', rating: 'v.rating' },
  defaultSort: { field: 'createTime', order: 'desc' },
  tieBreaker: 'v.id',
  select: (q) => q.select(['v.id', 'v.order_id', 'o.order_no', 'v.buyer_accid', 'o.buyer_name', 'v.rating', 'v.content', 'v.image_urls', 'v.created_at', 'v.reply', 'v.replied_at']),
  map: evaluationRow,
});
