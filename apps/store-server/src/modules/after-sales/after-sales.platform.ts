import { AFTER_SALES_LIMITS, describeValidationError } from '@merchant/api-contracts';
import { z } from 'zod';
import { keyedRoute } from '../../http/keyed-route';
import type { StoreRoute } from '../../http/route';
import type { AfterSalesService } from './after-sales.service';

// The platform's ruling on a complaint (DISPUTE_MACHINE `end`, actor platform): a keyed POST with the
// operator key, like the operator's review decisions (modules/operator), absent when no key is configured.

/** The same header as the operator's other routes (modules/operator/operator.schemas.ts). */
const OPERATOR_KEY_HEADER = 'x-operator-key';
export const END_COMPLAINT_PATH = '/operator/complaints/:complaintId/end';

export const endComplaintSchema = z.object({
  complaintId: z.coerce.number({ error: 'complaintId must be a number' }).int('complaintId must be an integer').positive('complaintId must be positive'),
  ruling: z
    .string({ error: 'ruling is required' })
    .trim()
    .min(1, 'ruling is required')
    .max(AFTER_SALES_LIMITS.reasonMax, `ruling must be at most ${AFTER_SALES_LIMITS.reasonMax} characters`),
});

export function platformAfterSalesRoutes(afterSales: AfterSalesService, operatorKey: string | undefined): StoreRoute[] {
  if (!operatorKey) return [];
  return [
    keyedRoute(END_COMPLAINT_PATH, { header: OPERATOR_KEY_HEADER, key: operatorKey, keyRequired: 'operator key required' }, (params, body) => {
      const input = { complaintId: params.complaintId, ruling: body.ruling };
      const parsed = endComplaintSchema.safeParse(input);
      return parsed.success ? { ok: true, run: () => afterSales.endComplaint(parsed.data) } : { ok: false, message: describeValidationError(parsed.error, input) };
    }),
  ];
}
