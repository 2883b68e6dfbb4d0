// The dashboard's to-do list (issue 35 §6, docs/console-shell.md "Dashboard"): in one call, how many of the
// store's records wait for the merchant, each counted exactly as the list that clears it filters:
// - ordersToShip: orderList's "to ship" tab (shipping-order status 1);
// - refundsToHandle: orderAfter's pending refunds (REFUND_PENDING_STATUSES);
// - complaintsToHandle: orderComplaint's "in dispute" tab (dispute status 1);
// - reviewsWithoutReply: orderEvaluation's "waiting for a reply" tab;
// - outOfStockSkus: salesInventory's SKUs of stock status "out of stock" (stock 0 or less).
import { z } from 'zod';
import { defineEndpoint, emptyBiz } from '../endpoint';
import { PERMISSIONS } from '../permissions';

export const DASHBOARD_BASE = '/v1/store/eshop/store/home';

const count = () => z.number().int().min(0);

/** The to-do counts, in the order the dashboard lists them. */
export const DASHBOARD_TODO_KEYS = ['ordersToShip', 'refundsToHandle', 'complaintsToHandle', 'reviewsWithoutReply', 'outOfStockSkus'] as const;
export type DashboardTodoKey = (typeof DASHBOARD_TODO_KEYS)[number];

export const dashboardTodoCountsSchema = z.strictObject({
  ordersToShip: count(),
  refundsToHandle: count(),
  complaintsToHandle: count(),
  reviewsWithoutReply: count(),
  outOfStockSkus: count(),
});
export type DashboardTodoCounts = z.infer<typeof dashboardTodoCountsSchema>;

export const dashboardEndpoints = {
  queryStoreTodoCounts: defineEndpoint({
    path: `${DASHBOARD_BASE}/queryStoreTodoCounts`,
    access: 'user',
    permission: PERMISSIONS.dashboardView,
    summary: "The dashboard's to-do counts of the signed-in store, in one call",
    biz: emptyBiz,
    data: dashboardTodoCountsSchema,
  }),
} as const;
