import { statementEndpoints as e } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { StatementsService } from './statements.service';

/** The statement calls (docs/trade.md "Statements"), each registered from its contract (permission trade:view). */
export function statementRoutes(statements: StatementsService): StoreRoute[] {
  return [
    contractRoute(e.statementList, (biz, caller) => statements.statementList(caller, biz)),
    contractRoute(e.explainBalance, (biz, caller) => statements.explain(caller, biz)),
    contractRoute(e.settlementList, (biz, caller) => statements.settlementList(caller, biz)),
    contractRoute(e.settlementDetail, (biz, caller) => statements.settlementDetail(caller, biz.settlementId)),
    contractRoute(e.settlementOrders, (biz, caller) => statements.settlementOrders(caller, biz)),
    contractRoute(e.settlementCalendar, (_biz, caller) => statements.calendar(caller)),
  ];
}
