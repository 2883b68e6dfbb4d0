import { mobileField, rule } from '@merchant/api-contracts';
import { z } from 'zod';

// What the buyer side sends (docs/orders.md "Buyer side"), checked before anything runs; kept apart from the
// services so placement (orders.placement.ts) and the buyer service share it without importing each other.

// Refusals are described from the rules themselves (describeValidationError): no texts here.
const positiveId = (_name: string) => z.coerce.number().int().positive();
const required = (_name: string, max: number) => z.string().trim().min(1).max(max);
const mobile = (_name: string) => mobileField;

export const BUYER_LIMITS = { linesMax: 20, quantityMax: 999 } as const;

export const placeOrderSchema = z.object({
  storeId: positiveId('storeId'),
  buyerAccid: required('buyerAccid', 64),
  buyerName: required('buyerName', 30),
  buyerPhone: mobile('buyerPhone'),
  receiver: z.object({ name: required('receiver.name', 30), phone: mobile('receiver.phone'), address: required('receiver.address', 200) }, { error: 'receiver is required' }),
  items: z
    .array(
      z.object({
        skuId: positiveId('skuId'),
        quantity: z.number({ error: 'quantity must be a number' }).int('quantity must be whole').min(1, 'quantity must be at least 1').max(BUYER_LIMITS.quantityMax, `quantity cannot exceed ${BUYER_LIMITS.quantityMax}`),
        withService: z.boolean().optional(),
      }),
      { error: 'items must be a list' },
    )
    .min(1, 'add at least one item')
    .max(BUYER_LIMITS.linesMax, `at most ${BUYER_LIMITS.linesMax} lines`)
    .refine((lines) => new Set(lines.map((line) => line.skuId)).size === lines.length, rule('distinct')),
  /** One of the buyer's claimed coupons of this store (docs/orders.md "Promotions and coupons"). */
  couponId: positiveId('couponId').optional(),
});
export type PlaceOrderInput = z.output<typeof placeOrderSchema>;

export const buyerOrderSchema = z.object({ orderId: positiveId('orderId'), buyerAccid: required('buyerAccid', 64) });
/**
 * The pay call may name the channel (console-spec §8 app code and payment method, docs/trade.md); codes are kept
 * as sent, so an unknown one shows §8's 'unmatched' fallback. Without one, migration 0041 derives it from the id.
 */
export const buyerPaySchema = buyerOrderSchema.extend({
  payMethod: z.string().trim().min(1).max(20).optional(),
  appCode: z.number().int().min(0).max(99).optional(),
});
export interface PaymentChannel {
  payMethod?: string;
  appCode?: number;
}
export const shipmentCallbackSchema = z.object({ shipmentId: positiveId('shipmentId') });

export interface PlacedOrder {
  orderId: number;
  orderNo: string;
  status: number;
  amountCents: number;
}
