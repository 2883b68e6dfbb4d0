import {
  AFTER_SALES_LIMITS,
  DISPUTE_MACHINE,
  REFUND_KIND,
  REFUND_MACHINE,
  merchantRefundActions,
  nextRefundStatus,
  type ComplaintDetail,
  type ComplaintHistoryEvent,
  type DisputeStatus,
  type OrderStatus,
  type RefundDetail,
  type RefundEvent,
  type RefundHistoryEvent,
  type RefundKind,
  type RefundPayAnswer,
  type RefundStatus,
} from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import type { ListQuery } from '../../shared/resource-list';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { jsonList } from './after-sales.lists';
import { complaintList, evaluationList, isUniqueViolation, refundList, type AfterSalesRepository, type LedgerRow, type OrderFacts, type RefundRecord } from './after-sales.repository';
import { complaintEventsFor, orderTakesRefunds, payOutcome, recordNo, refundRequestRefusal, refundableCents, type RefundRequestRefusal } from './after-sales.rules';

const notFound = (zh: string, en: string) => new StoreError(STORE_CODES.notFound, text(`${zh}不存在`, `${en} not found`));
const notAllowed = (zh: string, en: string) => new StoreError(STORE_CODES.notAllowedInCurrentState, text(zh, en));
const refundNotFound = () => notFound('退款单', 'refund');
const complaintNotFound = () => notFound('投诉', 'complaint');
const orderNotFound = () => notFound('订单', 'order');

const REQUEST_REFUSALS: Record<RefundRequestRefusal, StoreError> = {
  orderClosed: notAllowed('订单已撤销或已全额退款，不能再申请退款', 'the order is withdrawn or refunded in full; no refund can be asked'),
  nothingToReturn: notAllowed('订单尚未发货，只能申请仅退款', 'the order has not shipped; only a refund without return can be asked'),
  nothingLeft: notAllowed('订单已无可退金额', 'nothing is left to refund on this order'),
  amountTooLarge: notAllowed('退款金额超过可退金额', 'the amount is more than is left to refund'),
};

/** Why a refund's kind refuses an event its status would allow (issue 35 §9), in the merchant's words. */
const kindRefusal = (kind: number) =>
  kind === REFUND_KIND.refundOnly
    ? notAllowed('仅退款申请没有退货，不能按退货处理', 'a refund-only request has no goods to send back; it cannot be handled as a return')
    : notAllowed('退货退款申请需先同意退货，收到退货后再退款', 'a return-and-refund request is paid after its goods come back: approve the return first');

/** The refusal of `event` on `refund`: its kind's when the status alone would allow it, else the status's. */
const moveRefusal = (refund: RefundRecord, event: RefundEvent, statusText: [string, string]) =>
  REFUND_MACHINE.next(refund.status, event, 'merchant') !== undefined ? kindRefusal(refund.kind) : notAllowed(...statusText);

const NOT_NOW: [string, string] = ['退款单当前状态不允许此操作', 'the refund is not in a state that allows this'];
const NOT_PAYABLE: [string, string] = ['退款单当前状态不允许退款', 'the refund is not in a state that allows paying it'];

export type MerchantRefundEvent = Extract<RefundEvent, 'approveRefundOnly' | 'approveReturn' | 'receiveReturn' | 'reject'>;

export interface RefundRequestInput {
  orderId: number;
  buyerAccid: string;
  kind: RefundKind;
  amountCents: number;
  reason: string;
  description: string;
  evidenceUrls: string[];
}

export interface ComplaintInput {
  orderId: number;
  buyerAccid: string;
  reason: string;
  description: string;
  evidenceUrls: string[];
}

export interface EvaluationInput {
  orderId: number;
  buyerAccid: string;
  rating: number;
  content: string;
  imageUrls: string[];
}

/** The coupons module's return of an order's coupon, on the refund's transaction. */
export interface OrderCouponReturn {
  returnForOrder(storeId: number, orderId: number, unit: UnitOfWork): Promise<{ returned: number[] }>;
}

/**
 * After-sales (docs/orders.md): the merchant's refund work and its money, complaints and reviews, and the
 * buyer's and platform's commands that create and close them. REFUND_MACHINE and DISPUTE_MACHINE decide every
 * state change; an event not allowed answers 10100005 and changes nothing.
 */
export class AfterSalesService {
  constructor(
    private readonly repository: AfterSalesRepository,
    private readonly clock: Clock,
    /** Gives an order's coupon back when refunds reach the amount paid (the coupons module; composition root). */
    private readonly coupons: OrderCouponReturn = { returnForOrder: async () => ({ returned: [] }) },
  ) {}

  private now(): number {
    return epochSecondsOf(this.clock.now());
  }

  // --- merchant: refunds ----------------------------------------------------------------------------

  refundList(caller: Caller, query: ListQuery) {
    return this.repository.page(refundList, caller.storeId, query);
  }

  async refundDetail(caller: Caller, refundId: number, repo: AfterSalesRepository = this.repository): Promise<RefundDetail> {
    const row = await repo.refundRow(caller.storeId, refundId);
    if (!row) throw refundNotFound();
    const [extras, order, history, ledger] = await Promise.all([repo.refundExtras(refundId), repo.order(caller.storeId, row.orderId), repo.refundHistory(refundId), repo.ledgerOfRefund(refundId)]);
    if (!order) throw orderNotFound();
    return {
      ...row,
      description: extras.description,
      evidenceUrls: jsonList(extras.evidence_urls),
      rejectReason: extras.reject_reason,
      order: {
        orderId: order.orderId,
        orderNo: order.orderNo,
        status: order.status as OrderStatus,
        amountCents: order.amountCents,
        refundedCents: order.refundedCents,
        refundableCents: refundableCents(order),
      },
      history: history.map((h) => ({ ...h, event: h.event as RefundHistoryEvent, fromStatus: h.fromStatus as RefundStatus | null, toStatus: h.toStatus as RefundStatus })),
      ledger: ledger.map(({ ledgerId, refundId: id, orderId, amountCents, idempotencyKey, at }) => ({ ledgerId, refundId: id, orderId, amountCents, idempotencyKey, at })),
      actions: merchantRefundActions(row.kind, row.status),
    };
  }

  /** approveRefundOnly, approveReturn, receiveReturn or reject (with the merchant's reason), as REFUND_MACHINE and the refund's kind allow. */
  async moveRefund(caller: Caller, refundId: number, event: MerchantRefundEvent, reason?: string): Promise<RefundDetail> {
    return this.repository.transaction(async (repo) => {
      const refund = await repo.lockRefund(refundId, caller.storeId);
      if (!refund) throw refundNotFound();
      const to = nextRefundStatus(refund.kind, refund.status, event, 'merchant');
      if (to === undefined) throw moveRefusal(refund, event, NOT_NOW);
      await repo.moveRefund(refund, event, 'merchant', to, this.now(), event === 'reject' ? (reason ?? null) : null);
      return this.refundDetail(caller, refundId, repo);
    });
  }

  /**
   * Sends a refund's money back once (docs/orders.md "Refunds"). In one transaction: the refund and then its
   * order are locked, the amount is checked against what is left, the ledger row is written, the order's
   * refunded total grows, the refund becomes 2, and the refund that reaches the amount paid fires the order's
   * refundInFull. The same idempotency key answers the first payment again; a key used for another refund
   * answers 10100009. Nothing changes on any refusal.
   */
  payRefund(caller: Caller, refundId: number, idempotencyKey: string): Promise<RefundPayAnswer> {
    return this.payOnce(caller, refundId, idempotencyKey, async (refund) => refund);
  }

  /**
   * A refund-only request's one confirmed step (issue 35 §9): approveRefundOnly (0 → 7) and then pay's path
   * (7 → 2) in ONE transaction, so a refusal of the payment (more than is left, the order closed) leaves the
   * request pending review. A return-and-refund request answers 10100005 (its goods come back first).
   */
  approveAndPay(caller: Caller, refundId: number, idempotencyKey: string): Promise<RefundPayAnswer> {
    return this.payOnce(caller, refundId, idempotencyKey, async (refund, repo, at) => {
      if (refund.kind !== REFUND_KIND.refundOnly) throw kindRefusal(refund.kind);
      const approved = nextRefundStatus(refund.kind, refund.status, 'approveRefundOnly', 'merchant');
      if (approved === undefined) throw notAllowed('退款申请已处理，不能再同意', 'the refund request is no longer pending review; it cannot be approved again');
      await repo.moveRefund(refund, 'approveRefundOnly', 'merchant', approved, at);
      return { ...refund, status: approved };
    });
  }

  /**
   * pay's path, shared by payRefund and approveAndPay: a known key answers its first payment; otherwise, in one
   * transaction, the refund is locked, `before` may move it (approveAndPay's approval), and the payment is made.
   */
  private async payOnce(
    caller: Caller,
    refundId: number,
    idempotencyKey: string,
    before: (refund: RefundRecord, repo: AfterSalesRepository, at: number) => Promise<RefundRecord>,
  ): Promise<RefundPayAnswer> {
    const replay = (ledger: LedgerRow): RefundPayAnswer => {
      if (ledger.refundId !== refundId) {
        throw new StoreError(STORE_CODES.alreadyExists, text('该幂等键已用于另一笔退款', 'this idempotency key was already used for another refund'));
      }
      return payAnswer(ledger);
    };
    const earlier = await this.repository.ledgerByKey(caller.storeId, idempotencyKey);
    if (earlier) return replay(earlier);
    try {
      return await this.repository.transaction(async (repo) => {
        const locked = await repo.lockRefund(refundId, caller.storeId);
        if (!locked) throw refundNotFound();
        // A retry that waited for the first payment's lock finds its ledger row now.
        const paid = await repo.ledgerByKey(caller.storeId, idempotencyKey);
        if (paid) return replay(paid);
        const at = this.now();
        const refund = await before(locked, repo, at);
        const to = nextRefundStatus(refund.kind, refund.status, 'pay', 'merchant');
        if (to === undefined) throw moveRefusal(refund, 'pay', NOT_PAYABLE);
        const order = await repo.lockOrder(refund.orderId, caller.storeId);
        if (!order) throw orderNotFound();
        if (!orderTakesRefunds(order.status)) throw notAllowed('订单已撤销或已全额退款，不能再退款', 'the order is withdrawn or refunded in full; nothing more is paid back');
        const outcome = payOutcome(order, refund.amountCents);
        if (!outcome) throw notAllowed(`退款金额超过订单可退金额（剩余 ${refundableCents(order)} 分）`, `the refund is more than is left on the order (${refundableCents(order)} cents left)`);
        const ledger = await repo.insertLedger({
          storeId: caller.storeId,
          orderId: order.orderId,
          refundId,
          amountCents: refund.amountCents,
          idempotencyKey,
          orderRefundedCents: outcome.refundedCents,
          orderRefundedInFull: outcome.inFull,
          at,
        });
        await repo.addRefunded(order.orderId, refund.amountCents, at);
        await repo.moveRefund(refund, 'pay', 'merchant', to, at);
        if (outcome.orderStatus !== order.status) {
          await repo.moveOrder(order, 'refundInFull', 'system', outcome.orderStatus, at);
          // A whole-order refund returns its coupon (unless it expired meanwhile), in the same transaction.
          await this.coupons.returnForOrder(caller.storeId, order.orderId, repo.unit);
        }
        return payAnswer(ledger);
      });
    } catch (error) {
      // Two first attempts with one key at once: the loser's insert hits the unique key; answer from the winner's row.
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.repository.ledgerByKey(caller.storeId, idempotencyKey);
      if (winner) return replay(winner);
      throw notAllowed('退款单已退款', 'the refund is already paid');
    }
  }

  // --- merchant: complaints ---------------------------------------------------------------------------

  complaintList(caller: Caller, query: ListQuery) {
    return this.repository.page(complaintList, caller.storeId, query);
  }

  async complaintDetail(caller: Caller, complaintId: number, repo: AfterSalesRepository = this.repository): Promise<ComplaintDetail> {
    const row = await repo.complaintRow(caller.storeId, complaintId);
    if (!row) throw complaintNotFound();
    const [extras, order, history, responses] = await Promise.all([repo.complaintExtras(complaintId), repo.order(caller.storeId, row.orderId), repo.complaintHistory(complaintId), repo.complaintResponses(complaintId)]);
    if (!order) throw orderNotFound();
    return {
      ...row,
      description: extras.description,
      evidenceUrls: jsonList(extras.evidence_urls),
      ruling: extras.ruling,
      order: { orderId: order.orderId, orderNo: order.orderNo, status: order.status as OrderStatus, amountCents: order.amountCents },
      history: history.map((h) => ({ ...h, event: h.event as ComplaintHistoryEvent, fromStatus: h.fromStatus as DisputeStatus | null, toStatus: h.toStatus as DisputeStatus })),
      responses,
      actions: complaintEventsFor(row.status, row.filedBy, 'merchant'),
      canRespond: row.status === 1 && responses.length < AFTER_SALES_LIMITS.responsesPerComplaintMax,
    };
  }

  /** The merchant's statement on an open complaint; the status stays (the platform rules). */
  async respondComplaint(caller: Caller, input: { complaintId: number; content: string; evidenceUrls: string[] }): Promise<ComplaintDetail> {
    return this.repository.transaction(async (repo) => {
      const complaint = await repo.lockComplaint(input.complaintId, caller.storeId);
      if (!complaint) throw complaintNotFound();
      if (complaint.status !== 1) throw notAllowed('投诉已结束或已撤销，不能再回应', 'the complaint is closed; it takes no more responses');
      if ((await repo.complaintResponses(complaint.id)).length >= AFTER_SALES_LIMITS.responsesPerComplaintMax) {
        throw notAllowed(`每个投诉最多回应 ${AFTER_SALES_LIMITS.responsesPerComplaintMax} 次`, `at most ${AFTER_SALES_LIMITS.responsesPerComplaintMax} responses per complaint`);
      }
      const at = this.now();
      await repo.insertComplaintResponse(complaint.id, complaint.storeId, input.content, input.evidenceUrls, at);
      await repo.touchComplaint(complaint.id, at);
      return this.complaintDetail(caller, complaint.id, repo);
    });
  }

  // --- merchant: reviews -------------------------------------------------------------------------------

  evaluationList(caller: Caller, query: ListQuery) {
    return this.repository.page(evaluationList, caller.storeId, query);
  }

  async replyEvaluation(caller: Caller, evaluationId: number, content: string) {
    const row = await this.repository.evaluationRow(caller.storeId, evaluationId);
    if (!row) throw notFound('评价', 'review');
    if (!(await this.repository.replyOnce(caller.storeId, evaluationId, content, this.now()))) throw notAllowed('该评价已回复，不能再次回复', 'this review already has a reply');
    return (await this.repository.evaluationRow(caller.storeId, evaluationId))!;
  }

  // --- buyer -----------------------------------------------------------------------------------------

  /** The buyer's own order, locked; another buyer's order is answered as not found. */
  private async buyersOrder(repo: AfterSalesRepository, orderId: number, buyerAccid: string): Promise<OrderFacts> {
    const order = await repo.lockOrder(orderId);
    if (!order || order.buyerAccid !== buyerAccid) throw orderNotFound();
    return order;
  }

  async requestRefund(input: RefundRequestInput) {
    return this.repository.transaction(async (repo) => {
      const order = await this.buyersOrder(repo, input.orderId, input.buyerAccid);
      const refusal = refundRequestRefusal(order, input);
      if (refusal) throw REQUEST_REFUSALS[refusal];
      const at = this.now();
      const id = await repo.nextId('store_refund');
      const refundNo = recordNo('R', id, at);
      await repo.insertRefund({ id, storeId: order.storeId, orderId: order.orderId, refundNo, kind: input.kind, amountCents: input.amountCents, buyerAccid: input.buyerAccid, reason: input.reason, description: input.description, evidenceUrls: input.evidenceUrls, at });
      await repo.insertRefundEvent(id, order.storeId, { event: 'request', actor: 'buyer', fromStatus: null, toStatus: REFUND_MACHINE.initial, note: null, at });
      return { refundId: id, refundNo, storeId: order.storeId, orderId: order.orderId, status: REFUND_MACHINE.initial, amountCents: input.amountCents };
    });
  }

  async withdrawRefund(input: { refundId: number; buyerAccid: string }) {
    return this.repository.transaction(async (repo) => {
      const refund = await repo.lockRefund(input.refundId);
      if (!refund || refund.buyerAccid !== input.buyerAccid) throw refundNotFound();
      const to = nextRefundStatus(refund.kind, refund.status, 'withdraw', 'buyer');
      if (to === undefined) throw notAllowed('退款单当前状态不能撤销', 'the refund can no longer be withdrawn');
      await repo.moveRefund(refund, 'withdraw', 'buyer', to, this.now());
      return { refundId: refund.id, status: to };
    });
  }

  async fileComplaint(input: ComplaintInput) {
    try {
      return await this.repository.transaction(async (repo) => {
        const order = await this.buyersOrder(repo, input.orderId, input.buyerAccid);
        if (await repo.openComplaintOf(order.orderId)) throw openComplaintExists();
        const at = this.now();
        const id = await repo.nextId('store_complaint');
        const complaintNo = recordNo('C', id, at);
        await repo.insertComplaint({ id, storeId: order.storeId, orderId: order.orderId, complaintNo, buyerAccid: input.buyerAccid, reason: input.reason, description: input.description, evidenceUrls: input.evidenceUrls, at });
        await repo.insertComplaintEvent(id, order.storeId, { event: 'file', actor: 'buyer', fromStatus: null, toStatus: DISPUTE_MACHINE.initial, note: null, at });
        return { complaintId: id, complaintNo, storeId: order.storeId, orderId: order.orderId, status: DISPUTE_MACHINE.initial };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw openComplaintExists();
      throw error;
    }
  }

  /** The buyer takes back a complaint they filed, while it is open. */
  async revokeComplaint(input: { complaintId: number; buyerAccid: string }) {
    return this.repository.transaction(async (repo) => {
      const complaint = await repo.lockComplaint(input.complaintId);
      if (!complaint || complaint.buyerAccid !== input.buyerAccid) throw complaintNotFound();
      if (!complaintEventsFor(complaint.status, complaint.filedBy, 'buyer').includes('revoke')) throw notAllowed('投诉已结束或已撤销', 'the complaint is already closed');
      const to = DISPUTE_MACHINE.next(complaint.status, 'revoke', 'buyer')!;
      await repo.moveComplaint(complaint, 'revoke', 'buyer', to, this.now());
      return { complaintId: complaint.id, status: to };
    });
  }

  /** One review per completed order, by its buyer. */
  async writeEvaluation(input: EvaluationInput) {
    return this.repository.transaction(async (repo) => {
      const order = await this.buyersOrder(repo, input.orderId, input.buyerAccid);
      if (order.status !== 4) throw notAllowed('只能评价已完成的订单', 'only a completed order can be reviewed');
      const evaluationId = await repo.insertEvaluation({ storeId: order.storeId, orderId: order.orderId, buyerAccid: input.buyerAccid, rating: input.rating, content: input.content, imageUrls: input.imageUrls, at: this.now() });
      if (evaluationId === undefined) throw new StoreError(STORE_CODES.alreadyExists, text('该订单已评价', 'this order is already reviewed'));
      return { evaluationId, storeId: order.storeId, orderId: order.orderId };
    });
  }

  // --- platform -------------------------------------------------------------------------------------

  /** The platform's ruling ends an open complaint. */
  async endComplaint(input: { complaintId: number; ruling: string }) {
    return this.repository.transaction(async (repo) => {
      const complaint = await repo.lockComplaint(input.complaintId);
      if (!complaint) throw complaintNotFound();
      const to = DISPUTE_MACHINE.next(complaint.status, 'end', 'platform');
      if (to === undefined) throw notAllowed('投诉已结束或已撤销', 'the complaint is already closed');
      await repo.moveComplaint(complaint, 'end', 'platform', to, this.now(), input.ruling);
      return { complaintId: complaint.id, storeId: complaint.storeId, status: to };
    });
  }
}

const openComplaintExists = () => notAllowed('该订单已有进行中的投诉', 'the order already has an open complaint');

const payAnswer = (ledger: LedgerRow): RefundPayAnswer => ({
  ledgerId: ledger.ledgerId,
  refundId: ledger.refundId,
  orderId: ledger.orderId,
  amountCents: ledger.amountCents,
  idempotencyKey: ledger.idempotencyKey,
  orderRefundedCents: ledger.orderRefundedCents,
  orderRefundedInFull: ledger.orderRefundedInFull,
  paidAt: ledger.at,
});
