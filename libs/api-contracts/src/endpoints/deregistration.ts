// console-spec §7 "/v1/store/eshop/store/logout/checkStoreCanLogout and insertRecords".
import { z } from 'zod';
import { defineEndpoint, emptyBiz } from '../endpoint';
import { PERMISSIONS } from '../permissions';
import { STORE_CODES } from '../store-codes';

export const LOGOUT_BASE = '/v1/store/eshop/store/logout';

/** Deregistration request status (our design): 1 pending review, 2 completed, 3 rejected. */
export const LogoutRecordStatus = { pending: 1, completed: 2, rejected: 3 } as const;

export const insertLogoutRecordBiz = z.object({
  logoutReason: z.string().trim().min(1).max(200),
});

export const deregistrationEndpoints = {
  /** Why not, in the caller's language; empty reasons when canLogout. */
  checkStoreCanLogout: defineEndpoint({
    path: `${LOGOUT_BASE}/checkStoreCanLogout`,
    access: 'user',
    summary: 'Whether the store may ask to be deregistered, and why not',
    biz: emptyBiz,
    data: z.strictObject({ canLogout: z.boolean(), reasons: z.array(z.string()) }),
  }),
  /** Money left or a pending request: 10100005 with the reasons; a concurrent duplicate: 10100009. */
  insertRecords: defineEndpoint({
    path: `${LOGOUT_BASE}/insertRecords`,
    access: 'user',
    permission: PERMISSIONS.shopDeregister,
    summary: 'Ask to deregister the store',
    biz: insertLogoutRecordBiz,
    data: z.strictObject({ id: z.number().int(), status: z.number().int(), createTime: z.number().int() }),
    errors: [STORE_CODES.notAllowedInCurrentState, STORE_CODES.alreadyExists],
  }),
} as const;
