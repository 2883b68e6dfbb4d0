// console-spec §7 after-sales calls (issue 11, docs/orders.md "Refunds", "Complaints", "Reviews"): the store's
// refund orders and their ledger, complaints (disputes) filed by buyers, and buyers' reviews. The state
// machines are ../order-machines (REFUND_MACHINE, DISPUTE_MACHINE); money is integer cents and times integer
// seconds, as everywhere on the wire. The buyer-side calls that create these records are keyed routes of
// store-server (`/buyer/refunds/...`, `/buyer/complaints/...`, `/buyer/evaluations/...`), not console calls.
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import type { LocalizedText } from '../languages';
import { statusTable, type StatusTable } from '../status-tables';
import type { Actor } from '../state-machine';
import type { DisputeEvent, DisputeStatus, OrderStatus, RefundAction, RefundKind, RefundStatus } from '../order-machines';
import { REFUND_KINDS } from '../order-machines';
import { PERMISSIONS } from '../permissions';
import { STORE_CODES } from '../store-codes';
import { rule } from '../rules';
import { CREATE_TIME_RANGE_ERROR, createTimeRangeValid, createTimeShape, keywordField, sortShape } from './goods';

export const AFTER_SALES_BASE = '/v1/store/eshop/afterSales';

/** REFUND_MACHINE's states (§4 refund-order status); 5 "refund succeeded" is the payment side's, not a refund order's. */
export const REFUND_STATUSES = [0, 1, 2, 3, 4, 7, 9] as const satisfies readonly RefundStatus[];
/** The refunds waiting for the merchant (the orderAfter screen): pending review, return accepted, pending refund. */
export const REFUND_PENDING_STATUSES = [0, 1, 4, 7] as const satisfies readonly RefundStatus[];
/** DISPUTE_MACHINE's states: 1 in dispute, 2 dispute ended, 3 dispute revoked. */
export const DISPUTE_STATUSES = [1, 2, 3] as const satisfies readonly DisputeStatus[];

/** The buyer's request kind (REFUND_KIND, ../order-machines: refund only, return and refund) as people read it. */
export const REFUND_KIND_LABELS: StatusTable<RefundKind> = statusTable({
  1: { 'zh-CN': '仅退款', 'en-US': 'refund only' },
  2: { 'zh-CN': '退货退款', 'en-US': 'return and refund' },
});

export const AFTER_SALES_LIMITS = {
  reasonMax: 200,
  descriptionMax: 500,
  /** Evidence images a buyer (or the merchant's complaint response) attaches. */
  evidenceMax: 9,
  urlMax: 500,
  responseMax: 500,
  /** Responses the merchant may add to one open complaint. */
  responsesPerComplaintMax: 20,
  replyMin: 1,
  replyMax: 500,
  reviewMax: 500,
  ratingMin: 1,
  ratingMax: 5,
  amountMaxCents: 99_999_999_99,
} as const;

const id = () => z.number().int().positive();
const cents = () =>
  z
    .number()
    .refine(Number.isInteger, rule('wholeCents'))
    .min(0)
    .max(AFTER_SALES_LIMITS.amountMaxCents);
const required = (max: number) =>
  z.string().trim().min(1).max(max);
const oneOf = (values: readonly number[]) =>
  z.number().refine((v) => values.includes(v), rule('option', { values }));

/** Image addresses attached as evidence (http(s) or a media-library path). */
export const evidenceUrlsField = z
  .array(z.string().trim().min(1).max(AFTER_SALES_LIMITS.urlMax))
  .max(AFTER_SALES_LIMITS.evidenceMax);

const refundStatusValue = z.number().int() as unknown as z.ZodType<RefundStatus>;
const refundKindValue = z.number().int() as unknown as z.ZodType<RefundKind>;
const refundActionValue = z.string() as unknown as z.ZodType<RefundAction>;
const disputeStatusValue = z.number().int() as unknown as z.ZodType<DisputeStatus>;
const disputeEventValue = z.string() as unknown as z.ZodType<DisputeEvent>;
const orderStatusValue = z.number().int() as unknown as z.ZodType<OrderStatus>;
const actorValue = z.string() as unknown as z.ZodType<Actor>;

const amountRangeValid = (v: { amountMin?: number; amountMax?: number }) => v.amountMin === undefined || v.amountMax === undefined || v.amountMax >= v.amountMin;
const AMOUNT_RANGE_ERROR = rule('maxBelowMin', { path: ['amountMax'], other: 'amountMin' });

// ---------------------------------------------------------------------------------------------
// Refunds: refundList (orderAfter / orderAfterAll), refundDetail, processRefund actions

export const REFUND_SORT_FIELDS = ['createTime', 'amount'] as const;

/**
 * refundList: a status tab (absent = all) or a set of statuses (orderAfter's pending work:
 * REFUND_PENDING_STATUSES), order or refund number, kind, creation window (seconds) and the refund's
 * amount range in cents (the console multiplies the merchant's yuan by 100).
 */
export const refundListBiz = z
  .object({
    ...pageQueryShape,
    status: oneOf(REFUND_STATUSES).optional(),
    statuses: z
      .array(oneOf(REFUND_STATUSES))
      .min(1)
      .max(REFUND_STATUSES.length)
      .optional(),
    orderNo: keywordField(),
    refundNo: keywordField(),
    kind: oneOf(REFUND_KINDS).optional(),
    ...createTimeShape,
    amountMin: cents().optional(),
    amountMax: cents().optional(),
    ...sortShape(REFUND_SORT_FIELDS),
  })
  .refine(createTimeRangeValid, CREATE_TIME_RANGE_ERROR)
  .refine(amountRangeValid, AMOUNT_RANGE_ERROR);
export type RefundListQuery = z.input<typeof refundListBiz>;

export const refundRowSchema = z.object({
  refundId: z.number(),
  /** Shown to people, e.g. R202611230001234. */
  refundNo: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  /** REFUND_MACHINE state. */
  status: refundStatusValue,
  kind: refundKindValue,
  /** What the buyer asked for and what `pay` sends back. */
  amountCents: z.number(),
  /** The buyer's reason. */
  reason: z.string(),
  /** The customer's IM account (the detail's "contact buyer"). */
  buyerAccid: z.string(),
  buyerName: z.string(),
  createTime: z.number(),
  updateTime: z.number(),
});
export type RefundRow = z.infer<typeof refundRowSchema>;

/** History entries: `request` (the buyer asked), then REFUND_MACHINE's events. */
export const REFUND_HISTORY_EVENTS = ['request', 'approveRefundOnly', 'approveReturn', 'receiveReturn', 'reject', 'withdraw', 'pay'] as const;
export type RefundHistoryEvent = (typeof REFUND_HISTORY_EVENTS)[number];
export const REFUND_HISTORY_EVENT_LABELS: Readonly<Record<RefundHistoryEvent, LocalizedText>> = {
  request: { 'zh-CN': '买家申请退款', 'en-US': 'refund requested by the buyer' },
  approveRefundOnly: { 'zh-CN': '同意仅退款', 'en-US': 'refund approved (nothing to return)' },
  approveReturn: { 'zh-CN': '同意退货', 'en-US': 'return approved' },
  receiveReturn: { 'zh-CN': '已收到退货', 'en-US': 'returned goods received' },
  reject: { 'zh-CN': '拒绝退款', 'en-US': 'refund rejected' },
  withdraw: { 'zh-CN': '买家撤销申请', 'en-US': 'withdrawn by the buyer' },
  pay: { 'zh-CN': '已退款', 'en-US': 'refund paid' },
};

export const refundHistoryEntrySchema = z.object({
  event: z.string() as unknown as z.ZodType<RefundHistoryEvent>,
  actor: actorValue,
  /** Null for `request` (the refund's first entry). */
  fromStatus: refundStatusValue.nullable(),
  toStatus: refundStatusValue,
  /** `reject`: the merchant's reason; otherwise null. */
  note: z.string().nullable(),
  at: z.number(),
});

/** One append-only ledger row: money that left the store for a refund. */
export const refundLedgerEntrySchema = z.object({
  ledgerId: z.number(),
  refundId: z.number(),
  orderId: z.number(),
  amountCents: z.number(),
  idempotencyKey: z.string(),
  at: z.number(),
});
export type RefundLedgerEntry = z.infer<typeof refundLedgerEntrySchema>;

export const refundDetailSchema = refundRowSchema.extend({
  /** The buyer's longer description (may be empty). */
  description: z.string(),
  evidenceUrls: z.array(z.string()),
  /** The merchant's reason when rejected; otherwise null. */
  rejectReason: z.string().nullable(),
  order: z.object({
    orderId: z.number(),
    orderNo: z.string(),
    status: orderStatusValue,
    /** What the buyer paid, what refunds returned so far and what is left to refund. */
    amountCents: z.number(),
    refundedCents: z.number(),
    refundableCents: z.number(),
  }),
  /** Oldest first. */
  history: z.array(refundHistoryEntrySchema),
  /** The payment of this refund (at most one row). */
  ledger: z.array(refundLedgerEntrySchema),
  /** What the merchant may do now (merchantRefundActions(kind, status), ../order-machines): the buttons to show. */
  actions: z.array(refundActionValue),
});
export type RefundDetail = z.infer<typeof refundDetailSchema>;

export const refundIdBiz = z.object({ refundId: id() });
export const refundRejectBiz = z.object({ refundId: id(), reason: required(AFTER_SALES_LIMITS.reasonMax) });

/**
 * pay: sends the refund's amount back. `idempotencyKey` is a UUID the console makes once per pay dialog and
 * sends with every retry: the same key answers the first payment again and moves no money; a key already
 * used for another refund of the store answers 10100009.
 */
export const refundPayBiz = z.object({
  refundId: id(),
  idempotencyKey: z.uuid(),
});
export type RefundPayRequest = z.input<typeof refundPayBiz>;

export const refundPayAnswerSchema = z.object({
  ledgerId: z.number(),
  refundId: z.number(),
  orderId: z.number(),
  amountCents: z.number(),
  idempotencyKey: z.string(),
  /** The order's refunded total right after this payment. */
  orderRefundedCents: z.number(),
  /** Whether this payment brought the refunded total to the amount paid (the order became status 6). */
  orderRefundedInFull: z.boolean(),
  paidAt: z.number(),
});
export type RefundPayAnswer = z.infer<typeof refundPayAnswerSchema>;

/**
 * approveAndPay answers what pay answers. A refund-only request in pending review (0) is approved and paid in ONE
 * transaction on pay's path: approveRefundOnly (0 → 7) and pay (7 → 2) are both in its history, the ledger gets one
 * row under the call's idempotency key, and a repeat of the key answers the first payment and moves no money. Any
 * refusal (another kind, another status, more than is left) changes nothing: the request stays pending review.
 */
export type RefundApproveAndPayAnswer = RefundPayAnswer;

// ---------------------------------------------------------------------------------------------
// Complaints (disputes): orderComplaint list + details, the merchant's response

/**
 * Buyers file complaints about an order; the platform ends them, the buyer may revoke them. Merchants do not
 * file complaints in this design, so DISPUTE_MACHINE's merchant `revoke` (for disputes the merchant filed) never
 * applies: the merchant's part is `respondComplaint`, a statement with evidence while the complaint is open,
 * which does not change its status (docs/orders.md "Complaints").
 */
export const complaintListBiz = z
  .object({
    ...pageQueryShape,
    status: oneOf(DISPUTE_STATUSES).optional(),
    orderNo: keywordField(),
    complaintNo: keywordField(),
    ...createTimeShape,
    ...sortShape(['createTime'] as const),
  })
  .refine(createTimeRangeValid, CREATE_TIME_RANGE_ERROR);
export type ComplaintListQuery = z.input<typeof complaintListBiz>;

export const complaintRowSchema = z.object({
  complaintId: z.number(),
  complaintNo: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  /** DISPUTE_MACHINE state. */
  status: disputeStatusValue,
  /** Who filed it (always 'buyer' in this design). */
  filedBy: actorValue,
  reason: z.string(),
  buyerAccid: z.string(),
  buyerName: z.string(),
  /** How many responses the merchant has given. */
  responseCount: z.number(),
  createTime: z.number(),
  updateTime: z.number(),
});
export type ComplaintRow = z.infer<typeof complaintRowSchema>;

export const COMPLAINT_HISTORY_EVENTS = ['file', 'end', 'revoke'] as const;
export type ComplaintHistoryEvent = (typeof COMPLAINT_HISTORY_EVENTS)[number];
export const COMPLAINT_HISTORY_EVENT_LABELS: Readonly<Record<ComplaintHistoryEvent, LocalizedText>> = {
  file: { 'zh-CN': '买家发起投诉', 'en-US': 'complaint filed by the buyer' },
  end: { 'zh-CN': '平台已裁决', 'en-US': 'ended by the platform' },
  revoke: { 'zh-CN': '投诉已撤销', 'en-US': 'complaint revoked' },
};

export const complaintHistoryEntrySchema = z.object({
  event: z.string() as unknown as z.ZodType<ComplaintHistoryEvent>,
  actor: actorValue,
  fromStatus: disputeStatusValue.nullable(),
  toStatus: disputeStatusValue,
  /** `end`: the platform's ruling; otherwise null. */
  note: z.string().nullable(),
  at: z.number(),
});

export const complaintResponseSchema = z.object({
  responseId: z.number(),
  content: z.string(),
  evidenceUrls: z.array(z.string()),
  at: z.number(),
});

export const complaintDetailSchema = complaintRowSchema.extend({
  description: z.string(),
  evidenceUrls: z.array(z.string()),
  /** The platform's ruling once ended; otherwise null. */
  ruling: z.string().nullable(),
  order: z.object({ orderId: z.number(), orderNo: z.string(), status: orderStatusValue, amountCents: z.number() }),
  /** Oldest first. */
  history: z.array(complaintHistoryEntrySchema),
  /** The merchant's responses, oldest first. */
  responses: z.array(complaintResponseSchema),
  /** DISPUTE_MACHINE events the merchant may fire now: empty, as merchants revoke only what they filed. */
  actions: z.array(disputeEventValue),
  /** Whether respondComplaint is allowed now (the complaint is open and under the response limit). */
  canRespond: z.boolean(),
});
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

export const complaintIdBiz = z.object({ complaintId: id() });
export const respondComplaintBiz = z.object({
  complaintId: id(),
  content: required(AFTER_SALES_LIMITS.responseMax),
  evidenceUrls: evidenceUrlsField.default([]),
});
export type RespondComplaintRequest = z.input<typeof respondComplaintBiz>;

// ---------------------------------------------------------------------------------------------
// Reviews: orderEvaluation list and the merchant's one reply

export const evaluationListBiz = z
  .object({
    ...pageQueryShape,
    rating: oneOf([1, 2, 3, 4, 5]).optional(),
    /** true: only replied reviews; false: only reviews waiting for a reply. */
    replied: z.boolean().optional(),
    orderNo: keywordField(),
    ...createTimeShape,
    ...sortShape(['createTime', 'rating'] as const),
  })
  .refine(createTimeRangeValid, CREATE_TIME_RANGE_ERROR);
export type EvaluationListQuery = z.input<typeof evaluationListBiz>;

export const evaluationRowSchema = z.object({
  evaluationId: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  buyerAccid: z.string(),
  buyerName: z.string(),
  /** 1–5 stars. */
  rating: z.number(),
  content: z.string(),
  imageUrls: z.array(z.string()),
  createTime: z.number(),
  /** The merchant's reply (once), or null. */
  reply: z.string().nullable(),
  repliedAt: z.number().nullable(),
});
export type EvaluationRow = z.infer<typeof evaluationRowSchema>;

export const replyEvaluationBiz = z.object({
  evaluationId: id(),
  content: z
    .string()
    .trim()
    .min(AFTER_SALES_LIMITS.replyMin)
    .max(AFTER_SALES_LIMITS.replyMax),
});
export type ReplyEvaluationRequest = z.input<typeof replyEvaluationBiz>;

// ---------------------------------------------------------------------------------------------

const { notFound, notAllowedInCurrentState, alreadyExists } = STORE_CODES;
const view = { access: 'user', permission: PERMISSIONS.afterSalesView } as const;
const handle = { access: 'user', permission: PERMISSIONS.afterSalesHandle } as const;
const reply = { access: 'user', permission: PERMISSIONS.evaluationReply } as const;
const afterSalesCall = endpointsUnder(AFTER_SALES_BASE);
const refundAction = (summary: string) => ({ biz: refundIdBiz, data: refundDetailSchema, errors: [notFound, notAllowedInCurrentState], ...handle, summary });

export const afterSalesEndpoints = {
  refundList: afterSalesCall('refund/list', { biz: refundListBiz, data: pageResult(refundRowSchema), ...view, summary: 'orderAfter / orderAfterAll' }),
  refundDetail: afterSalesCall('refund/detail', { biz: refundIdBiz, data: refundDetailSchema, errors: [notFound], ...view, summary: 'orderAfter details' }),
  approveRefundOnly: afterSalesCall('refund/approveRefundOnly', refundAction('processRefund: approve a refund with nothing to return (0 → 7)')),
  approveReturn: afterSalesCall('refund/approveReturn', refundAction('processRefund: accept the return (0 → 1)')),
  receiveReturn: afterSalesCall('refund/receiveReturn', refundAction('processRefund: the returned goods arrived (1 → 4)')),
  rejectRefund: afterSalesCall('refund/reject', {
    biz: refundRejectBiz,
    data: refundDetailSchema,
    errors: [notFound, notAllowedInCurrentState],
    ...handle,
    summary: 'processRefund: reject with a reason (0 or 1 → 9)',
  }),
  // Issue 35 §9: one confirmed step for a refund-only request; `idempotent: true` adds the key, which is also the payment's key.
  approveAndPay: afterSalesCall('refund/approveAndPay', {
    biz: refundIdBiz,
    data: refundPayAnswerSchema,
    errors: [notFound, notAllowedInCurrentState, alreadyExists],
    ...handle,
    idempotent: true,
    summary: 'processRefund: approve a refund-only request and pay it in one transaction (0 → 7 → 2; idempotency key; a return-and-refund request answers 10100005)',
  }),
  payRefund: afterSalesCall('refund/pay', {
    biz: refundPayBiz,
    data: refundPayAnswerSchema,
    errors: [notFound, notAllowedInCurrentState, alreadyExists],
    ...handle,
    summary: 'processRefund: pay the refund once (4 or 7 → 2; idempotency key; amount ≤ paid − refunded)',
  }),
  complaintList: afterSalesCall('complaint/list', { biz: complaintListBiz, data: pageResult(complaintRowSchema), ...view, summary: 'orderComplaint' }),
  complaintDetail: afterSalesCall('complaint/detail', { biz: complaintIdBiz, data: complaintDetailSchema, errors: [notFound], ...view, summary: 'orderComplaint details' }),
  respondComplaint: afterSalesCall('complaint/respond', {
    biz: respondComplaintBiz,
    data: complaintDetailSchema,
    errors: [notFound, notAllowedInCurrentState],
    ...handle,
    summary: "the merchant's statement on an open complaint (no status change)",
  }),
  evaluationList: afterSalesCall('evaluation/list', { biz: evaluationListBiz, data: pageResult(evaluationRowSchema), ...view, summary: 'orderEvaluation' }),
  replyEvaluation: afterSalesCall('evaluation/reply', {
    biz: replyEvaluationBiz,
    data: evaluationRowSchema,
    errors: [notFound, notAllowedInCurrentState],
    ...reply,
    summary: 'orderEvaluation: reply once (a second reply answers 10100005)',
  }),
} as const;
