// Where each dashboard to-do leads (issue 35 §6): the list that clears it, opened already filtered so that it
// shows exactly the rows the server counted (apps/store-server/src/modules/dashboard). Lists keep their state
// in the URL under their resource key (ui-kit table-url-state: `<key>.q={filters}`), so a link is that list's
// address with the filter the count uses. Neither the resource definitions nor ui-kit's table module are
// imported (they bring the resource kit and the grid into the dashboard's chunk: 300 kB); DashboardTodos.spec.tsx
// checks these keys and paths against the resources, and reads each address back with ui-kit's readTableQuery.
import { STOCK_STATUS, type DashboardTodoKey } from '@merchant/api-contracts';
import { AFTER_SALES_PATHS } from '../after-sales/paths';
import { ORDER_PATHS } from '../orders/paths';

/** The lists a to-do opens: their resource keys (the URL prefix of their state) and addresses. */
export const TODO_LISTS = {
  ordersToShip: { key: 'orders.list', path: ORDER_PATHS.list, filters: { status: 1 } },
  // orderAfter's "all" tab is the pending statuses together, the count's condition: no filter needed.
  refundsToHandle: { key: 'afterSales.pending', path: AFTER_SALES_PATHS.pending, filters: {} },
  complaintsToHandle: { key: 'afterSales.complaint', path: AFTER_SALES_PATHS.complaint, filters: { status: 1 } },
  // The evaluation list's replied tabs: 0 waiting for a reply (REPLIED_TABS).
  reviewsWithoutReply: { key: 'afterSales.evaluation', path: AFTER_SALES_PATHS.evaluation, filters: { replied: 0 } },
  outOfStockSkus: { key: 'goods.stock', path: '/goods/salesInventory/salesInventoryManagement', filters: { stockStatus: STOCK_STATUS.outOfStock } },
} as const satisfies Record<DashboardTodoKey, { key: string; path: string; filters: Readonly<Record<string, number>> }>;

/** The list's address with only the to-do's filter set: page 1, the default size, no sort (table-url-state's `<key>.q`). */
export function todoAddress(todo: DashboardTodoKey): string {
  const { key, path, filters } = TODO_LISTS[todo];
  if (Object.keys(filters).length === 0) return path;
  return `${path}?${new URLSearchParams({ [`${key}.q`]: JSON.stringify(filters) }).toString()}`;
}
