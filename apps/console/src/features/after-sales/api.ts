// After-sales calls (libs/api-contracts after-sales.ts, docs/orders.md), typed by their contracts.
import { afterSalesEndpoints as A, type AnyEndpoint, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';
import type { EnvelopeRequest } from '../../app/transport';
import { contractMutation, contractQuery } from '../../resource-kit';

type E = typeof A;
// 'Order': a refund payment can move the order to "refunded" (status 6), so the order screens reload.
const TAGS = ['Refund', 'Complaint', 'Evaluation', 'Order'] as const;

/**
 * A mutation whose refusal the calling dialog shows in place (pay, reject, reply, respond): without the
 * console-wide error notice, so the merchant reads it once, next to the button that caused it.
 */
function dialogMutation<C extends AnyEndpoint>(contract: C, invalidatesTags: readonly (typeof TAGS)[number][]) {
  return { query: (biz: unknown): EnvelopeRequest => ({ path: contract.path, biz, options: { silent: true } }), invalidatesTags: invalidatesTags as never };
}

export const afterSalesApi = consoleApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    refunds: build.query<Data<E['refundList']>, Biz<E['refundList']>>(contractQuery(A.refundList, ['Refund'])),
    refund: build.query<Data<E['refundDetail']>, Biz<E['refundDetail']>>(contractQuery(A.refundDetail, ['Refund'])),
    approveReturn: build.mutation<Data<E['approveReturn']>, Biz<E['approveReturn']>>(contractMutation(A.approveReturn, ['Refund'])),
    receiveReturn: build.mutation<Data<E['receiveReturn']>, Biz<E['receiveReturn']>>(contractMutation(A.receiveReturn, ['Refund'])),
    rejectRefund: build.mutation<Data<E['rejectRefund']>, Biz<E['rejectRefund']>>(dialogMutation(A.rejectRefund, ['Refund'])),
    payRefund: build.mutation<Data<E['payRefund']>, Biz<E['payRefund']>>(dialogMutation(A.payRefund, ['Refund', 'Order'])),
    // A refund-only request's one confirmed step (issue 35 §9); the dialog sends its own idempotency key.
    approveAndPay: build.mutation<Data<E['approveAndPay']>, Biz<E['approveAndPay']>>(dialogMutation(A.approveAndPay, ['Refund', 'Order'])),
    complaints: build.query<Data<E['complaintList']>, Biz<E['complaintList']>>(contractQuery(A.complaintList, ['Complaint'])),
    complaint: build.query<Data<E['complaintDetail']>, Biz<E['complaintDetail']>>(contractQuery(A.complaintDetail, ['Complaint'])),
    respondComplaint: build.mutation<Data<E['respondComplaint']>, Biz<E['respondComplaint']>>(dialogMutation(A.respondComplaint, ['Complaint'])),
    evaluations: build.query<Data<E['evaluationList']>, Biz<E['evaluationList']>>(contractQuery(A.evaluationList, ['Evaluation'])),
    replyEvaluation: build.mutation<Data<E['replyEvaluation']>, Biz<E['replyEvaluation']>>(dialogMutation(A.replyEvaluation, ['Evaluation'])),
  }),
});
