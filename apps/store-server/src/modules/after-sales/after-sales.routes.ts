import { afterSalesEndpoints as e } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { AfterSalesService } from './after-sales.service';

/** The console's after-sales calls (docs/orders.md), each registered from its contract. */
export function afterSalesRoutes(afterSales: AfterSalesService): StoreRoute[] {
  return [
    contractRoute(e.refundList, (biz, caller) => afterSales.refundList(caller, biz)),
    contractRoute(e.refundDetail, (biz, caller) => afterSales.refundDetail(caller, biz.refundId)),
    contractRoute(e.approveRefundOnly, (biz, caller) => afterSales.moveRefund(caller, biz.refundId, 'approveRefundOnly')),
    contractRoute(e.approveReturn, (biz, caller) => afterSales.moveRefund(caller, biz.refundId, 'approveReturn')),
    contractRoute(e.receiveReturn, (biz, caller) => afterSales.moveRefund(caller, biz.refundId, 'receiveReturn')),
    contractRoute(e.rejectRefund, (biz, caller) => afterSales.moveRefund(caller, biz.refundId, 'reject', biz.reason)),
    contractRoute(e.approveAndPay, (biz, caller) => afterSales.approveAndPay(caller, biz.refundId, biz.idempotencyKey)),
    contractRoute(e.payRefund, (biz, caller) => afterSales.payRefund(caller, biz.refundId, biz.idempotencyKey)),
    contractRoute(e.complaintList, (biz, caller) => afterSales.complaintList(caller, biz)),
    contractRoute(e.complaintDetail, (biz, caller) => afterSales.complaintDetail(caller, biz.complaintId)),
    contractRoute(e.respondComplaint, (biz, caller) => afterSales.respondComplaint(caller, biz)),
    contractRoute(e.evaluationList, (biz, caller) => afterSales.evaluationList(caller, biz)),
    contractRoute(e.replyEvaluation, (biz, caller) => afterSales.replyEvaluation(caller, biz.evaluationId, biz.content)),
  ];
}
