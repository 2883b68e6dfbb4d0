import type { PageOf, TradeOrderDetail, TradeOrderRow, TradeRefundDetail, TradeRefundRow } from '@merchant/api-contracts';
import { maskPhone } from '@merchant/ui-kit/format';
import type { Caller } from '../../http/route';
import type { ListQuery } from '../../shared/resource-list';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { TradeRepository } from './trade.repository';

// Another store's id reads as absent (10100004): a store cannot learn which ids exist elsewhere.
const paymentNotFound = () => new StoreError(STORE_CODES.notFound, text('支付记录不存在', 'payment not found'));
const refundNotFound = () => new StoreError(STORE_CODES.notFound, text('退款记录不存在', 'refund not found'));

/** The trade read screens (docs/trade.md): tradeOrder and rfundQuery with their views. */
export class TradeService {
  constructor(private readonly repository: TradeRepository) {}

  orderList(caller: Caller, query: ListQuery): Promise<PageOf<TradeOrderRow>> {
    return this.repository.orderPage(caller.storeId, query);
  }

  async orderDetail(caller: Caller, orderId: number): Promise<TradeOrderDetail> {
    const row = await this.repository.orderRow(caller.storeId, orderId);
    if (!row) throw paymentNotFound();
    const [facts, lines, refunds] = await Promise.all([
      this.repository.orderFacts(caller.storeId, orderId),
      this.repository.orderLines(caller.storeId, orderId),
      this.repository.orderRefunds(caller.storeId, orderId),
    ]);
    return {
      ...row,
      ...facts,
      buyerPhone: maskPhone(facts.buyerPhone),
      lines,
      refunds: refunds.map((r) => ({ refundId: r.refundId, refundNo: r.refundNo, amountCents: r.amountCents, status: r.status, createTime: r.createTime })),
    };
  }

  refundList(caller: Caller, query: ListQuery): Promise<PageOf<TradeRefundRow>> {
    return this.repository.refundPage(caller.storeId, query);
  }

  async refundDetail(caller: Caller, refundId: number): Promise<TradeRefundDetail> {
    const row = await this.repository.refundRow(caller.storeId, refundId);
    if (!row) throw refundNotFound();
    return { ...row, ...(await this.repository.refundFacts(caller.storeId, refundId)) };
  }
}
