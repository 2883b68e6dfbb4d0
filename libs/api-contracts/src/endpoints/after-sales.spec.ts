import { DISPUTE_MACHINE, REFUND_KIND_STATES, REFUND_MACHINE } from '../order-machines';
import {
  afterSalesEndpoints,
  COMPLAINT_HISTORY_EVENTS,
  DISPUTE_STATUSES,
  REFUND_HISTORY_EVENTS,
  REFUND_PENDING_STATUSES,
  REFUND_STATUSES,
  refundListBiz,
  refundPayBiz,
  replyEvaluationBiz,
  respondComplaintBiz,
} from './after-sales';

describe('after-sales contracts', () => {
  it('list the machines’ states and events, never re-stating them', () => {
    expect([...REFUND_STATUSES].sort()).toEqual([...REFUND_MACHINE.states].sort());
    expect([...DISPUTE_STATUSES]).toEqual([...DISPUTE_MACHINE.states]);
    expect(REFUND_PENDING_STATUSES.every((s) => !REFUND_MACHINE.isTerminal(s))).toBe(true);
    expect(REFUND_MACHINE.states.filter((s) => !REFUND_MACHINE.isTerminal(s)).sort()).toEqual([...REFUND_PENDING_STATUSES].sort());
    expect(REFUND_HISTORY_EVENTS.slice(1)).toEqual(expect.arrayContaining(REFUND_MACHINE.transitions.map((t) => t.event)));
    expect(COMPLAINT_HISTORY_EVENTS.slice(1)).toEqual(expect.arrayContaining(DISPUTE_MACHINE.transitions.map((t) => t.event)));
  });

  it('needs a UUID idempotency key to pay', () => {
    expect(refundPayBiz.safeParse({ refundId: 1, idempotencyKey: '0b6f4c1e-8f4e-4f7a-9d3c-2a1b3c4d5e6f' }).success).toBe(true);
    expect(refundPayBiz.safeParse({ refundId: 1 }).success).toBe(false);
    expect(refundPayBiz.safeParse({ refundId: 1, idempotencyKey: 'pay-once' }).success).toBe(false);
  });

  it('approveAndPay is an idempotent call with pay\'s answer (issue 35 §9); pay keeps its own key field', () => {
    expect([afterSalesEndpoints.approveAndPay.idempotent, afterSalesEndpoints.approveAndPay.permission]).toEqual([true, 'after-sales:handle']);
    expect(afterSalesEndpoints.approveAndPay.biz.safeParse({ refundId: 1 }).success).toBe(false);
    expect(afterSalesEndpoints.approveAndPay.biz.safeParse({ refundId: 1, idempotencyKey: '0b6f4c1e-8f4e-4f7a-9d3c-2a1b3c4d5e6f' }).success).toBe(true);
    expect(afterSalesEndpoints.approveAndPay.data).toBe(afterSalesEndpoints.payRefund.data);
  });

  it('gives every refund state to at least one kind\'s path', () => {
    expect([...new Set(Object.values(REFUND_KIND_STATES).flat())].sort()).toEqual([...REFUND_MACHINE.states].sort());
  });

  it('checks the refund list filters: statuses, cents and ranges', () => {
    expect(refundListBiz.safeParse({ statuses: [...REFUND_PENDING_STATUSES], amountMin: 100, amountMax: 100 }).success).toBe(true);
    for (const bad of [{ status: 5 }, { statuses: [] }, { statuses: [0, 8] }, { amountMin: 0.5 }, { amountMin: 200, amountMax: 100 }, { createTimeStart: 9, createTimeEnd: 8 }, { kind: 0 }]) {
      expect([bad, refundListBiz.safeParse(bad).success]).toEqual([bad, false]);
    }
  });

  it('trims replies and responses and keeps them within 1–500 characters and 9 images', () => {
    expect(replyEvaluationBiz.parse({ evaluationId: 1, content: '  thanks  ' }).content).toBe('thanks');
    expect(replyEvaluationBiz.safeParse({ evaluationId: 1, content: '   ' }).success).toBe(false);
    expect(replyEvaluationBiz.safeParse({ evaluationId: 1, content: 'x'.repeat(501) }).success).toBe(false);
    expect(respondComplaintBiz.parse({ complaintId: 1, content: 'ok' }).evidenceUrls).toEqual([]);
    expect(respondComplaintBiz.safeParse({ complaintId: 1, content: 'ok', evidenceUrls: Array.from({ length: 10 }, () => 'https://a/b.png') }).success).toBe(false);
  });

  it('puts every call under the after-sales base with its permission', () => {
    for (const [name, contract] of Object.entries(afterSalesEndpoints)) {
      expect([name, contract.path.startsWith('/v1/store/eshop/afterSales/'), contract.access, contract.permission]).toEqual([
        name,
        true,
        'user',
        expect.stringMatching(/^(after-sales:(view|handle)|evaluation:reply)$/),
      ]);
    }
  });
});
