import type { PageOf, TradeOrderRow, TradeRefundRow } from '@merchant/api-contracts';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { ListQuery } from '../../shared/resource-list';
import { tradeOrderList, tradeRefundList } from './trade.lists';

export interface TradeOrderFacts {
  createTime: number;
  buyerPhone: string;
  promotionDiscountCents: number;
  couponDiscountCents: number;
}

export interface TradeRefundFacts {
  kind: number;
  reason: string;
  rejectReason: string | null;
  orderPaidCents: number;
  orderRefundedCents: number;
  payTime: number | null;
}

/** Reads of the orders and after-sales tables for the trade screens; every read is scoped to one store. */
export class TradeRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  orderPage(storeId: number, query: ListQuery): Promise<PageOf<TradeOrderRow>> {
    return tradeOrderList.page(this.db, storeId, query);
  }

  orderRow(storeId: number, orderId: number): Promise<TradeOrderRow | undefined> {
    return tradeOrderList.row(this.db, storeId, (q) => q.where('o.id', '=', orderId));
  }

  async orderFacts(storeId: number, orderId: number): Promise<TradeOrderFacts> {
    const row = await this.db
      .selectFrom('store_order')
      .select(['created_at', 'buyer_phone', 'promotion_discount_cents', 'coupon_discount_cents'])
      .where('store_id', '=', storeId)
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return {
      createTime: Number(row.created_at),
      buyerPhone: row.buyer_phone,
      promotionDiscountCents: Number(row.promotion_discount_cents),
      couponDiscountCents: Number(row.coupon_discount_cents),
    };
  }

  async orderLines(storeId: number, orderId: number) {
    const rows = await this.db
      .selectFrom('store_order_item')
      .select(['title', 'spec_text', 'quantity', 'unit_price_cents'])
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ title: row.title, specText: row.spec_text, quantity: row.quantity, unitPriceCents: Number(row.unit_price_cents) }));
  }

  /** The order's refunds with their payment-side status, oldest first. */
  orderRefunds(storeId: number, orderId: number): Promise<TradeRefundRow[]> {
    return tradeRefundList.rows(this.db, storeId, (q) => q.where('r.order_id', '=', orderId).orderBy('r.id'));
  }

  refundPage(storeId: number, query: ListQuery): Promise<PageOf<TradeRefundRow>> {
    return tradeRefundList.page(this.db, storeId, query);
  }

  refundRow(storeId: number, refundId: number): Promise<TradeRefundRow | undefined> {
    return tradeRefundList.row(this.db, storeId, (q) => q.where('r.id', '=', refundId));
  }

  async refundFacts(storeId: number, refundId: number): Promise<TradeRefundFacts> {
    const row = await this.db
      .selectFrom('store_refund as r')
      .innerJoin('store_order as o', 'o.id', 'r.order_id')
      .select(['r.kind', 'r.reason', 'r.reject_reason', 'o.amount_cents', 'o.refunded_cents', 'o.paid_at'])
      .where('r.store_id', '=', storeId)
      .where('r.id', '=', refundId)
      .executeTakeFirstOrThrow();
    return {
      kind: row.kind,
      reason: row.reason,
      rejectReason: row.reject_reason,
      orderPaidCents: Number(row.amount_cents),
      orderRefundedCents: Number(row.refunded_cents),
      payTime: row.paid_at === null ? null : Number(row.paid_at),
    };
  }
}
