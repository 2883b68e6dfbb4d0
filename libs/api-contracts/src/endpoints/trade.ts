// The trade read screens of console-spec §2 /trade (issue 29, docs/trade.md): TransactionManagement/tradeOrder
// (+view), the store's payments (its paid orders, with the app and payment method of §8), and
// TransactionManagement/rfundQuery (+view), its refunds as the payment side records them (§4's refund-order
// mapping that knows 5 "refund succeeded"). Money is integer cents and times integer seconds.
import { z } from 'zod';
import { endpointsUnder, pageQueryShape, pageResult } from '../endpoint';
import type { OrderStatus } from '../order-machines';
import { PERMISSIONS } from '../permissions';
import { rule } from '../rules';
import { APP_NAME_LABELS, codesOf, PAYMENT_METHOD_LABELS, REFUND_STATUS_WITH_SUCCESS_LABELS } from '../status-tables';
import { STORE_CODES } from '../store-codes';
import { keywordField, secondsField, sortShape } from './goods';

export const TRADE_BASE = '/v1/store/eshop/trade';

/** §8 app codes a payment can carry (1 decoration … 4 mini-program); the empty code ("all") is no filter. */
export const TRADE_APP_CODES = codesOf(APP_NAME_LABELS).filter((code): code is 1 | 2 | 3 | 4 => code !== '');
/** §8 payment methods. */
export const TRADE_PAY_METHODS = codesOf(PAYMENT_METHOD_LABELS);
export type TradePayMethod = (typeof TRADE_PAY_METHODS)[number];
/** Order statuses a payment's order can be in (console-spec §4 shipping-order status 1–6). */
export const TRADE_ORDER_STATUSES = [1, 2, 3, 4, 5, 6] as const satisfies readonly OrderStatus[];

/**
 * The status of a refund on the payment side (§4's mapping with 5): a refund order's own status, except that
 * a refunded one (2) whose money has left the store (its ledger row) reads 5 "refund succeeded".
 */
export const TRADE_REFUND_STATUSES = codesOf(REFUND_STATUS_WITH_SUCCESS_LABELS);
export type TradeRefundStatus = (typeof TRADE_REFUND_STATUSES)[number];
export const TRADE_REFUND_SUCCEEDED = 5 as const;

const id = () => z.number().int().positive();
const oneOf = (values: readonly number[]) => z.number().refine((v) => values.includes(v), rule('option', { values }));
const oneOfText = (values: readonly string[]) => z.string().refine((v) => values.includes(v), rule('option', { values }));

/** A time window in seconds, both ends inclusive; the end cannot be before the start (console-spec §5). */
const windowValid = (start: string, end: string) => (v: Record<string, unknown>) =>
  typeof v[start] !== 'number' || typeof v[end] !== 'number' || (v[end] as number) >= (v[start] as number);

export const TRADE_ORDER_SORT_FIELDS = ['payTime', 'amount'] as const;

/** tradeOrder: paid orders in a payment window, by app, payment method, order status and order number. */
export const tradeOrderListBiz = z
  .object({
    ...pageQueryShape,
    payTimeStart: secondsField().optional(),
    payTimeEnd: secondsField().optional(),
    appCode: oneOf(TRADE_APP_CODES).optional(),
    payMethod: oneOfText(TRADE_PAY_METHODS).optional(),
    status: oneOf(TRADE_ORDER_STATUSES).optional(),
    orderNo: keywordField(),
    ...sortShape(TRADE_ORDER_SORT_FIELDS),
  })
  .refine(windowValid('payTimeStart', 'payTimeEnd'), rule('endBeforeStart', { path: ['payTimeEnd'] }));
export type TradeOrderListQuery = z.input<typeof tradeOrderListBiz>;

export const tradeOrderRowSchema = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  /** Seconds. */
  payTime: z.number(),
  /** What the buyer paid, in cents. */
  amountCents: z.number(),
  /** Paid back so far by refunds, in cents. */
  refundedCents: z.number(),
  /** §8 app code as received (an unknown one reads 'unmatched application'); null: not recorded. */
  appCode: z.number().nullable(),
  /** §8 payment method as received (an unknown one reads 'unmatched payment method'). */
  payMethod: z.string().nullable(),
  /** The order's §4 shipping-order status. */
  status: z.number(),
  buyerName: z.string(),
});
export type TradeOrderRow = z.infer<typeof tradeOrderRowSchema>;

export const tradeOrderDetailSchema = tradeOrderRowSchema.extend({
  createTime: z.number(),
  /** Masked: first 3 and last 4 digits (console-spec §3). */
  buyerPhone: z.string(),
  /** List price less promotions and coupon is amountCents. */
  promotionDiscountCents: z.number(),
  couponDiscountCents: z.number(),
  lines: z.array(z.object({ title: z.string(), specText: z.string(), quantity: z.number(), unitPriceCents: z.number() })),
  refunds: z.array(z.object({ refundId: z.number(), refundNo: z.string(), amountCents: z.number(), status: z.number(), createTime: z.number() })),
});
export type TradeOrderDetail = z.infer<typeof tradeOrderDetailSchema>;

export const TRADE_REFUND_SORT_FIELDS = ['createTime', 'amount'] as const;

/** rfundQuery: refunds applied for in a window, by payment-side status, app, payment method, order or refund number. */
export const tradeRefundListBiz = z
  .object({
    ...pageQueryShape,
    createTimeStart: secondsField().optional(),
    createTimeEnd: secondsField().optional(),
    status: oneOf(TRADE_REFUND_STATUSES).optional(),
    appCode: oneOf(TRADE_APP_CODES).optional(),
    payMethod: oneOfText(TRADE_PAY_METHODS).optional(),
    orderNo: keywordField(),
    refundNo: keywordField(),
    ...sortShape(TRADE_REFUND_SORT_FIELDS),
  })
  .refine(windowValid('createTimeStart', 'createTimeEnd'), rule('endBeforeStart', { path: ['createTimeEnd'] }));
export type TradeRefundListQuery = z.input<typeof tradeRefundListBiz>;

export const tradeRefundRowSchema = z.object({
  refundId: z.number(),
  refundNo: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  /** TRADE_REFUND_STATUSES: the refund order's status, 5 once its money has left the store. */
  status: z.number(),
  amountCents: z.number(),
  /** The refund goes back the way the order was paid: its app and method. */
  appCode: z.number().nullable(),
  payMethod: z.string().nullable(),
  buyerName: z.string(),
  /** When the buyer applied, seconds. */
  createTime: z.number(),
  /** When the money left the store (the ledger row), seconds; null before. */
  refundTime: z.number().nullable(),
});
export type TradeRefundRow = z.infer<typeof tradeRefundRowSchema>;

export const tradeRefundDetailSchema = tradeRefundRowSchema.extend({
  /** 1 refund only, 2 return and refund (REFUND_KIND_LABELS). */
  kind: z.number(),
  reason: z.string(),
  rejectReason: z.string().nullable(),
  /** The order's payment: paid and refunded so far, in cents. */
  orderPaidCents: z.number(),
  orderRefundedCents: z.number(),
  payTime: z.number().nullable(),
});
export type TradeRefundDetail = z.infer<typeof tradeRefundDetailSchema>;

const view = { access: 'user', permission: PERMISSIONS.tradeView } as const;
const { notFound } = STORE_CODES;
const tradeCall = endpointsUnder(TRADE_BASE);

export const tradeEndpoints = {
  tradeOrderList: tradeCall('tradeOrder/list', { biz: tradeOrderListBiz, data: pageResult(tradeOrderRowSchema), ...view, summary: 'TransactionManagement/tradeOrder: paid orders, newest payment first' }),
  tradeOrderDetail: tradeCall('tradeOrder/detail', { biz: z.object({ orderId: id() }), data: tradeOrderDetailSchema, errors: [notFound], ...view, summary: 'TransactionManagement/tradeOrder view' }),
  refundList: tradeCall('refund/list', { biz: tradeRefundListBiz, data: pageResult(tradeRefundRowSchema), ...view, summary: 'TransactionManagement/rfundQuery: refunds, newest first' }),
  refundDetail: tradeCall('refund/detail', { biz: z.object({ refundId: id() }), data: tradeRefundDetailSchema, errors: [notFound], ...view, summary: 'TransactionManagement/rfundQuery view' }),
} as const;
