import { tradeEndpoints as e } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { TradeService } from './trade.service';

/** The console's trade read calls (docs/trade.md), each registered from its contract (permission trade:view). */
export function tradeRoutes(trade: TradeService): StoreRoute[] {
  return [
    contractRoute(e.tradeOrderList, (biz, caller) => trade.orderList(caller, biz)),
    contractRoute(e.tradeOrderDetail, (biz, caller) => trade.orderDetail(caller, biz.orderId)),
    contractRoute(e.refundList, (biz, caller) => trade.refundList(caller, biz)),
    contractRoute(e.refundDetail, (biz, caller) => trade.refundDetail(caller, biz.refundId)),
  ];
}
