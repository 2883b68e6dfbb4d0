import { rule, AFTER_SALES_LIMITS, describeValidationError, evidenceUrlsField, REFUND_KINDS, type RefundKind } from '@merchant/api-contracts';
import { z } from 'zod';
import { keyedRoute, type KeyedHandler } from '../../http/keyed-route';
import type { StoreRoute } from '../../http/route';
import type { AfterSalesService } from './after-sales.service';

// The buyer side of after-sales (docs/orders.md "Buyer side of after-sales"): keyed POST routes with
// `x-buyer-key`, plain JSON, absent when no buyer key is configured. The buyer names itself by its IM
// account (buyerAccid), which must be the order's buyer: anyone else's order or record is "not found".

export const BUYER_KEY_HEADER = 'x-buyer-key';
export const BUYER_AFTER_SALES_PATHS = {
  requestRefund: '/buyer/refunds/request',
  withdrawRefund: '/buyer/refunds/:refundId/withdraw',
  fileComplaint: '/buyer/complaints/file',
  revokeComplaint: '/buyer/complaints/:complaintId/revoke',
  writeEvaluation: '/buyer/evaluations/write',
} as const;

const id = (name: string) => z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be an integer`).positive(`${name} must be positive`);
const accid = z.string({ error: 'buyerAccid is required' }).trim().min(1, 'buyerAccid is required').max(64, 'buyerAccid must be at most 64 characters');
const required = (name: string, max: number) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(max, `${name} must be at most ${max} characters`);
const optionalText = (name: string, max: number) => z.string({ error: `${name} must be text` }).trim().max(max, `${name} must be at most ${max} characters`).default('');

export const buyerRefundRequestSchema = z.object({
  orderId: id('orderId'),
  buyerAccid: accid,
  kind: z
    .number({ error: 'kind must be 1 (refund only) or 2 (return and refund)' })
    .refine((k): k is RefundKind => (REFUND_KINDS as readonly number[]).includes(k), rule('option', { values: REFUND_KINDS }))
    .transform((k) => k as RefundKind),
  amountCents: z
    .number({ error: 'amountCents must be a number of cents' })
    .refine(Number.isInteger, rule('wholeCents'))
    .min(1, 'amountCents must be at least 1')
    .max(AFTER_SALES_LIMITS.amountMaxCents, `amountCents cannot exceed ${AFTER_SALES_LIMITS.amountMaxCents}`),
  reason: required('reason', AFTER_SALES_LIMITS.reasonMax),
  description: optionalText('description', AFTER_SALES_LIMITS.descriptionMax),
  evidenceUrls: evidenceUrlsField.default([]),
});
export const buyerRefundWithdrawSchema = z.object({ refundId: id('refundId'), buyerAccid: accid });
export const buyerComplaintSchema = z.object({
  orderId: id('orderId'),
  buyerAccid: accid,
  reason: required('reason', AFTER_SALES_LIMITS.reasonMax),
  description: optionalText('description', AFTER_SALES_LIMITS.descriptionMax),
  evidenceUrls: evidenceUrlsField.default([]),
});
export const buyerComplaintRevokeSchema = z.object({ complaintId: id('complaintId'), buyerAccid: accid });
export const buyerEvaluationSchema = z.object({
  orderId: id('orderId'),
  buyerAccid: accid,
  rating: z
    .number({ error: 'rating must be a number from 1 to 5' })
    .int('rating must be a whole number')
    .min(AFTER_SALES_LIMITS.ratingMin, 'rating must be from 1 to 5')
    .max(AFTER_SALES_LIMITS.ratingMax, 'rating must be from 1 to 5'),
  content: optionalText('content', AFTER_SALES_LIMITS.reviewMax),
  imageUrls: evidenceUrlsField.default([]),
});

/** Parses the route's input with `schema`, then runs `run` on it. */
function parsed<S extends z.ZodType>(schema: S, input: (params: Record<string, string>, body: Record<string, unknown>) => unknown, run: (value: z.output<S>) => Promise<unknown>): KeyedHandler {
  return (params, body) => {
    const raw = input(params, body);
    const result = schema.safeParse(raw);
    return result.success ? { ok: true, run: () => run(result.data) } : { ok: false, message: describeValidationError(result.error, raw as Record<string, unknown>) };
  };
}

export function buyerAfterSalesRoutes(afterSales: AfterSalesService, buyerKey: string | undefined): StoreRoute[] {
  if (!buyerKey) return [];
  const options = { header: BUYER_KEY_HEADER, key: buyerKey, keyRequired: 'buyer key required' };
  const p = BUYER_AFTER_SALES_PATHS;
  return [
    keyedRoute(p.requestRefund, options, parsed(buyerRefundRequestSchema, (_, body) => body, (input) => afterSales.requestRefund(input))),
    keyedRoute(p.withdrawRefund, options, parsed(buyerRefundWithdrawSchema, (params, body) => ({ ...body, refundId: params.refundId }), (input) => afterSales.withdrawRefund(input))),
    keyedRoute(p.fileComplaint, options, parsed(buyerComplaintSchema, (_, body) => body, (input) => afterSales.fileComplaint(input))),
    keyedRoute(p.revokeComplaint, options, parsed(buyerComplaintRevokeSchema, (params, body) => ({ ...body, complaintId: params.complaintId }), (input) => afterSales.revokeComplaint(input))),
    keyedRoute(p.writeEvaluation, options, parsed(buyerEvaluationSchema, (_, body) => body, (input) => afterSales.writeEvaluation(input))),
  ];
}
