// Addresses of the after-sales screens under /order (console-spec §2), written once for links and tests.
// §2's refund list is orderAfter/orderAfterAll (+details); orderAfter itself is ours: the pending-work
// view of the same refunds.
import { ORDER_BASE_PATH } from '../orders/paths';

export const AFTER_SALES_PATHS = {
  pending: `${ORDER_BASE_PATH}/orderAfter`,
  pendingDetails: `${ORDER_BASE_PATH}/orderAfter/details`,
  all: `${ORDER_BASE_PATH}/orderAfter/orderAfterAll`,
  allDetails: `${ORDER_BASE_PATH}/orderAfter/orderAfterAll/details`,
  processRefund: `${ORDER_BASE_PATH}/processRefund`,
  complaint: `${ORDER_BASE_PATH}/orderComplaint`,
  complaintDetails: `${ORDER_BASE_PATH}/orderComplaint/details`,
  evaluation: `${ORDER_BASE_PATH}/orderEvaluation`,
} as const;

/** A screen of one record: `?id=<id>`. */
export const recordAddress = (path: string, id: number | string) => `${path}?id=${encodeURIComponent(String(id))}`;
