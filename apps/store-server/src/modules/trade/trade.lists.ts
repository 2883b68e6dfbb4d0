import { TRADE_REFUND_SUCCEEDED, type TradeOrderRow, type TradeRefundRow } from '@merchant/api-contracts';
import { sql } from 'kysely';
import { defineResourceList, type ListQueryBuilder } from '../../shared/resource-list';

// The trade lists (docs/trade.md) for the resource-list helper; the views read the same rows. Payments are the
// store's paid orders (store_order with paid_at); refunds are the after-sales refund orders with their ledger
// row, so nothing is copied: what orders and after-sales write is what these screens show.

const num = (value: unknown) => Number(value);
const nullableNum = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const nullableText = (value: unknown) => (value === null || value === undefined ? null : String(value));

const tradeOrderRow = (row: Record<string, unknown>): TradeOrderRow => ({
  orderId: num(row.id),
  orderNo: String(row.order_no ?? ''),
  payTime: num(row.paid_at),
  amountCents: num(row.amount_cents),
  refundedCents: num(row.refunded_cents),
  appCode: nullableNum(row.pay_app),
  payMethod: nullableText(row.pay_method),
  status: num(row.status),
  buyerName: String(row.buyer_name ?? ''),
});

/** tradeOrder: the store's payments, newest payment first. */
export const tradeOrderList = defineResourceList<TradeOrderRow>({
  from: 'store_order as o',
  storeColumn: 'o.store_id',
  where: (q) => q.where('o.paid_at', 'is not', null),
  filters: {
    payTimeStart: { column: 'o.paid_at', op: 'gte' },
    payTimeEnd: { column: 'o.paid_at', op: 'lte' },
    appCode: { column: 'o.pay_app', op: 'eq' },
    payMethod: { column: 'o.pay_method', op: 'eq' },
    status: { column: 'o.status', op: 'eq' },
    orderNo: { column: 'o.order_no', op: 'contains' },
  },
  sorts: { payTime: 'o.paid_at', amount: 'o.amount_cents' },
  defaultSort: { field: 'payTime', order: 'desc' },
  tieBreaker: 'o.id',
  select: (q) => q.select(['o.id', 'o.order_no', 'o.paid_at', 'o.amount_cents', 'o.refunded_cents', 'o.pay_app', 'o.pay_method', 'o.status', 'o.buyer_name']),
  map: tradeOrderRow,
});

/** The payment side's status: a refunded order (2) whose money left the store (its ledger row) is 5. */
const tradeRefundStatus = sql<number>`case when r.status = 2 and l.id is not null then ${sql.lit(TRADE_REFUND_SUCCEEDED)} else r.status end`;

const tradeRefundRow = (row: Record<string, unknown>): TradeRefundRow => ({
  refundId: num(row.id),
  refundNo: String(row.refund_no),
  orderId: num(row.order_id),
  orderNo: String(row.order_no ?? ''),
  status: num(row.trade_status),
  amountCents: num(row.amount_cents),
  appCode: nullableNum(row.pay_app),
  payMethod: nullableText(row.pay_method),
  buyerName: String(row.buyer_name ?? ''),
  createTime: num(row.created_at),
  refundTime: nullableNum(row.refund_time),
});

/** rfundQuery: the store's refunds, newest application first. One ledger row per refund at most (unique index). */
export const tradeRefundList = defineResourceList<TradeRefundRow>({
  from: 'store_refund as r',
  storeColumn: 'r.store_id',
  where: (q) => q.innerJoin('store_order as o', 'o.id', 'r.order_id').leftJoin('store_ledger as l', 'l.refund_id', 'r.id'),
  filters: {
    createTimeStart: { column: 'r.created_at', op: 'gte' },
    createTimeEnd: { column: 'r.created_at', op: 'lte' },
    status: { apply: (q: ListQueryBuilder, status: number) => q.where(tradeRefundStatus, '=', status) },
    appCode: { column: 'o.pay_app', op: 'eq' },
    payMethod: { column: 'o.pay_method', op: 'eq' },
    orderNo: { column: 'o.order_no', op: 'contains' },
    refundNo: { column: 'r.refund_no', op: 'contains' },
  },
  sorts: { createTime: 'r.created_at', amount: 'r.amount_cents' },
  defaultSort: { field: 'createTime', order: 'desc' },
  tieBreaker: 'r.id',
  select: (q) =>
    q.select([
      'r.id',
      'r.refund_no',
      'r.order_id',
      'o.order_no',
      tradeRefundStatus.as('trade_status'),
      'r.amount_cents',
      'o.pay_app',
      'o.pay_method',
      'o.buyer_name',
      'r.created_at',
      sql<number | null>`l.created_at`.as('refund_time'),
    ]),
  map: tradeRefundRow,
});
