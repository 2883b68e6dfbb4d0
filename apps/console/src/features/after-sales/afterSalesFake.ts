// Test helper (specs only): a fake store-server for the after-sales calls that keeps state like the
// real one — the refund machine moves records as the refund's kind allows (a move it does not allow
// answers 10100005), pay and approveAndPay are idempotent by key and append one ledger row, a review
// takes one reply. Every answer is checked
// against the contract (onContract), so the fake cannot answer what store-server never would.
import {
  STORE_CODES,
  afterSalesEndpoints as A,
  merchantRefundActions,
  nextRefundStatus,
  type ComplaintDetail,
  type EvaluationRow,
  type RefundDetail,
  type RefundEvent,
  type RefundLedgerEntry,
} from '@merchant/api-contracts';
import type { FakeStoreServer } from '../../../test/fakeStoreServer';
import { onContract, pageOf } from '../../resource-kit/contractFake';

const T0 = 1_763_900_000;

export function refundRecord(refundId: number, status: RefundDetail['status'], overrides: Partial<RefundDetail> = {}): RefundDetail {
  const kind = overrides.kind ?? (status === 1 || status === 4 ? 2 : 1);
  return {
    refundId,
    refundNo: `R2026112300${String(refundId).padStart(4, '0')}`,
    orderId: 500 + refundId,
    orderNo: `O2026112300${String(refundId).padStart(4, '0')}`,
    status,
    kind,
    amountCents: 12_345,
    reason: `reason ${refundId}`,
    buyerAccid: `c_buyer${refundId}`,
    buyerName: `Buyer ${refundId}`,
    createTime: T0 + refundId,
    updateTime: T0 + refundId,
    description: '',
    evidenceUrls: [`http://127.0.0.1:3100/evidence/${refundId}.png`],
    rejectReason: null,
    order: { orderId: 500 + refundId, orderNo: `O2026112300${String(refundId).padStart(4, '0')}`, status: 4, amountCents: 20_000, refundedCents: 0, refundableCents: 20_000 },
    history: [{ event: 'request', actor: 'buyer', fromStatus: null, toStatus: 0, note: null, at: T0 + refundId }],
    ledger: [],
    actions: merchantRefundActions(kind, status),
    ...overrides,
  };
}

const fail = (code: string, msg: string) => ({ code, msg });

export interface AfterSalesFakeOptions {
  refunds?: RefundDetail[];
  complaints?: ComplaintDetail[];
  evaluations?: EvaluationRow[];
}

/** Installs the after-sales handlers on `server`; returns the records and the ledger to assert on. */
export function fakeAfterSales(server: FakeStoreServer, options: AfterSalesFakeOptions = {}) {
  const refunds = options.refunds ?? [];
  const complaints = options.complaints ?? [];
  const evaluations = options.evaluations ?? [];
  const ledger: RefundLedgerEntry[] = [];
  /** Lets a test lose the answer of the next pay calls after the payment was made (the retry case). */
  const payAnswers: { lose: number } = { lose: 0 };
  const row = ({ description: _d, evidenceUrls: _e, rejectReason: _r, order: _o, history: _h, ledger: _l, actions: _a, ...rest }: RefundDetail) => rest;

  onContract(server, A.refundList, (biz) => {
    const statuses = biz.status !== undefined ? [biz.status] : biz.statuses;
    const rows = refunds.filter((refund) => (!statuses || (statuses as number[]).includes(refund.status)) && (!biz.orderNo || refund.orderNo.includes(biz.orderNo)));
    return pageOf(
      rows.filter((refund) => (biz.amountMin === undefined || refund.amountCents >= biz.amountMin) && (biz.amountMax === undefined || refund.amountCents <= biz.amountMax)).map(row),
      biz,
    );
  });

  const find = (refundId: number) => refunds.find((refund) => refund.refundId === refundId);
  server.on(A.refundDetail.path, ({ biz }) => {
    const refund = find(Number(biz.refundId));
    return refund ? { code: STORE_CODES.success, msg: 'success', data: refund } : fail(STORE_CODES.notFound, 'not found');
  });

  const allows = (refund: RefundDetail, event: RefundEvent) => nextRefundStatus(refund.kind, refund.status, event, 'merchant') !== undefined;
  const move = (refund: RefundDetail, event: RefundEvent, note: string | null = null) => {
    const to = nextRefundStatus(refund.kind, refund.status, event, 'merchant')!;
    refund.history.push({ event, actor: 'merchant', fromStatus: refund.status, toStatus: to, note, at: T0 + 1000 + refund.history.length });
    refund.status = to;
    refund.actions = merchantRefundActions(refund.kind, to);
  };
  const action = (event: RefundEvent) => (call: { biz: Record<string, unknown> }) => {
    const refund = find(Number(call.biz.refundId));
    if (!refund) return fail(STORE_CODES.notFound, 'not found');
    if (!allows(refund, event)) return fail(STORE_CODES.notAllowedInCurrentState, 'not allowed in the current state');
    move(refund, event, event === 'reject' ? String(call.biz.reason).trim() : null);
    if (event === 'reject') refund.rejectReason = String(call.biz.reason).trim();
    return { code: STORE_CODES.success, msg: 'success', data: refund };
  };
  server.on(A.approveReturn.path, action('approveReturn'));
  server.on(A.receiveReturn.path, action('receiveReturn'));
  server.on(A.rejectRefund.path, action('reject'));

  // pay, and approveAndPay (approveRefundOnly first, in the same step: nothing moves when either is refused).
  const payHandler = (approveFirst: boolean) => ({ biz }: { biz: Record<string, unknown> }) => {
    const key = String(biz.idempotencyKey);
    const refund = find(Number(biz.refundId));
    if (!refund) return fail(STORE_CODES.notFound, 'not found');
    let entry = ledger.find((candidate) => candidate.idempotencyKey === key);
    if (entry && entry.refundId !== refund.refundId) return fail(STORE_CODES.alreadyExists, 'the key was used for another refund');
    if (!entry) {
      const approvedStatus = approveFirst ? nextRefundStatus(refund.kind, refund.status, 'approveRefundOnly', 'merchant') : refund.status;
      const payable = approvedStatus !== undefined && nextRefundStatus(refund.kind, approvedStatus, 'pay', 'merchant') !== undefined;
      if (!payable || refund.amountCents > refund.order.refundableCents) {
        return fail(STORE_CODES.notAllowedInCurrentState, 'not allowed in the current state');
      }
      if (approveFirst) move(refund, 'approveRefundOnly');
      entry = { ledgerId: ledger.length + 1, refundId: refund.refundId, orderId: refund.orderId, amountCents: refund.amountCents, idempotencyKey: key, at: T0 + 2000 };
      ledger.push(entry);
      refund.order.refundedCents += refund.amountCents;
      refund.order.refundableCents -= refund.amountCents;
      refund.ledger = [entry];
      move(refund, 'pay');
    }
    if (payAnswers.lose > 0) {
      payAnswers.lose -= 1;
      // The payment is made, the answer never arrives (the connection drops): the client sees a failure.
      throw new Error('connection lost after the payment');
    }
    const data = {
      ...entry,
      orderRefundedCents: refund.order.refundedCents,
      orderRefundedInFull: refund.order.refundableCents === 0,
      paidAt: entry.at,
    };
    return { code: STORE_CODES.success, msg: 'success', data };
  };
  server.on(A.payRefund.path, payHandler(false));
  server.on(A.approveAndPay.path, payHandler(true));

  onContract(server, A.complaintList, (biz) => {
    const rows = complaints.filter((complaint) => biz.status === undefined || complaint.status === biz.status);
    return pageOf(rows.map(({ description: _d, evidenceUrls: _e, ruling: _r, order: _o, history: _h, responses: _p, actions: _a, canRespond: _c, ...rest }) => rest), biz);
  });
  server.on(A.complaintDetail.path, ({ biz }) => {
    const complaint = complaints.find((candidate) => candidate.complaintId === biz.complaintId);
    return complaint ? { code: STORE_CODES.success, msg: 'success', data: complaint } : fail(STORE_CODES.notFound, 'not found');
  });
  server.on(A.respondComplaint.path, ({ biz }) => {
    const complaint = complaints.find((candidate) => candidate.complaintId === biz.complaintId);
    if (!complaint) return fail(STORE_CODES.notFound, 'not found');
    if (!complaint.canRespond) return fail(STORE_CODES.notAllowedInCurrentState, 'not allowed in the current state');
    complaint.responses.push({ responseId: complaint.responses.length + 1, content: String(biz.content).trim(), evidenceUrls: [], at: T0 + 3000 });
    complaint.responseCount = complaint.responses.length;
    return { code: STORE_CODES.success, msg: 'success', data: complaint };
  });

  onContract(server, A.evaluationList, (biz) => {
    const rows = evaluations.filter((review) => (biz.rating === undefined || review.rating === biz.rating) && (biz.replied === undefined || (review.reply !== null) === biz.replied));
    return pageOf(rows, biz);
  });
  server.on(A.replyEvaluation.path, ({ biz }) => {
    const review = evaluations.find((candidate) => candidate.evaluationId === biz.evaluationId);
    if (!review) return fail(STORE_CODES.notFound, 'not found');
    if (review.reply !== null) return fail(STORE_CODES.notAllowedInCurrentState, 'not allowed in the current state');
    review.reply = String(biz.content).trim();
    review.repliedAt = T0 + 4000;
    return { code: STORE_CODES.success, msg: 'success', data: review };
  });

  return { refunds, complaints, evaluations, ledger, payAnswers };
}
