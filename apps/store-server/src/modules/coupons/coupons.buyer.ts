import { COUPON_LIMITS, mobileField } from '@merchant/api-contracts';
import { z } from 'zod';

// The buyer side's inputs (docs/marketing.md "Coupons"): a buyer's claim, and a batch issue to listed buyers.
const positiveId = () => z.coerce.number().int().positive();
const buyerAccid = () => z.string().trim().min(1).max(64);

export const claimSchema = z.object({ storeId: positiveId(), templateId: positiveId(), buyerAccid: buyerAccid(), buyerPhone: mobileField });

/** One coupon per entry; a buyer listed k times gets k coupons (within the per-buyer limit). */
export const batchIssueSchema = z.object({
  storeId: positiveId(),
  templateId: positiveId(),
  buyers: z.array(z.object({ buyerAccid: buyerAccid(), buyerPhone: mobileField })).min(1).max(COUPON_LIMITS.batchMax),
});
