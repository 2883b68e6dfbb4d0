import { mobileField, rule } from '@merchant/api-contracts';
import { z } from 'zod';

// The buyer side's input (docs/marketing.md "Time-limited sales"): an order placed through a sale.
const positiveId = () => z.coerce.number().int().positive();
const required = (max: number) => z.string().trim().min(1).max(max);

export const FLASH_SALE_BUY_LIMITS = { linesMax: 20, quantityMax: 99 } as const;

export const buySchema = z.object({
  storeId: positiveId(),
  saleId: positiveId(),
  buyerAccid: required(64),
  buyerName: required(30),
  buyerPhone: mobileField,
  receiver: z.object({ name: required(30), phone: mobileField, address: required(200) }),
  items: z
    .array(z.object({ skuId: positiveId(), quantity: z.number().int().min(1).max(FLASH_SALE_BUY_LIMITS.quantityMax) }))
    .min(1)
    .max(FLASH_SALE_BUY_LIMITS.linesMax)
    .refine((lines) => new Set(lines.map((line) => line.skuId)).size === lines.length, rule('distinct')),
  couponId: positiveId().optional(),
});
