// The dashboard's to-do list (issue 35 §6): counts from queryStoreTodoCounts in one call; each item links to
// the list that clears it, filtered so the list asks the server for exactly the counted rows; skeletons (not
// 0) while the counts and the chat's unread total are unknown.
import { act, screen, waitFor, within } from '@testing-library/react';
import { DASHBOARD_TODO_KEYS, PERMISSIONS, REFUND_PENDING_STATUSES, STOCK_STATUS, afterSalesEndpoints, dashboardEndpoints, goodsEndpoints, orderEndpoints } from '@merchant/api-contracts';
import { readTableQuery } from '@merchant/ui-kit';
import { renderConsole, waitForPath } from '../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../test/fakeStoreServer';
import { complaints } from '../after-sales/resources/complaints';
import { evaluations } from '../after-sales/resources/evaluations';
import { pendingRefunds } from '../after-sales/resources/refunds';
import { salesInventory } from '../goods/lists/salesInventory';
import { orderList } from '../orders/resources/orderList';
import { unreadTotalReported } from '../message/imSlice';
import { TODO_LISTS, todoAddress } from './todoLinks';

const ok = (data: unknown) => ({ code: '00000000', msg: 'success', data });
const OWNER: FakeUser = { ...DEMO_USER, info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const COUNTS = { ordersToShip: 4, refundsToHandle: 3, complaintsToHandle: 2, reviewsWithoutReply: 7, outOfStockSkus: 97 };

function renderDashboard(counts: () => Promise<object> | object = () => COUNTS, signedIn: FakeUser = OWNER) {
  const server = createFakeStoreServer([signedIn]);
  server.on(dashboardEndpoints.queryStoreTodoCounts.path, async () => ok(await counts()));
  return renderConsole({ path: '/dashboard', token: signedIn.token, server });
}

/** What each to-do's list must ask the server for: the condition the server counts with (modules/dashboard). */
const LIST_CALLS = {
  ordersToShip: { path: orderEndpoints.orderList.path, biz: { status: 1 } },
  refundsToHandle: { path: afterSalesEndpoints.refundList.path, biz: { statuses: [...REFUND_PENDING_STATUSES] } },
  complaintsToHandle: { path: afterSalesEndpoints.complaintList.path, biz: { status: 1 } },
  reviewsWithoutReply: { path: afterSalesEndpoints.evaluationList.path, biz: { replied: false } },
  outOfStockSkus: { path: goodsEndpoints.skuStockList.path, biz: { stockStatus: STOCK_STATUS.outOfStock } },
} as const;

describe('dashboard to-dos', () => {
  it("names each list by its resource's own key and address", () => {
    const resources = { ordersToShip: orderList, refundsToHandle: pendingRefunds, complaintsToHandle: complaints, reviewsWithoutReply: evaluations, outOfStockSkus: salesInventory };
    for (const todo of DASHBOARD_TODO_KEYS) {
      expect({ todo, key: TODO_LISTS[todo].key, path: TODO_LISTS[todo].path }).toEqual({ todo, key: resources[todo].key, path: resources[todo].listPath });
    }
  });

  it('lists the five to-dos with the counts of one call, each a link carrying its list filter, in English and Chinese', async () => {
    const { server, user } = renderDashboard();
    const list = await screen.findByTestId('dashboard-todos', undefined, { timeout: 10_000 });
    expect(await within(list).findByTestId('dashboard-todo-outOfStockSkus-count')).toHaveTextContent('97');
    expect(within(list).getAllByRole('link')).toHaveLength(DASHBOARD_TODO_KEYS.length);
    for (const todo of DASHBOARD_TODO_KEYS) {
      const link = screen.getByTestId(`dashboard-todo-${todo}`);
      expect(screen.getByTestId(`dashboard-todo-${todo}-count`)).toHaveTextContent(String(COUNTS[todo]));
      const href = new URL(link.getAttribute('href')!, 'http://console.test');
      expect(href.pathname).toBe(TODO_LISTS[todo].path);
      expect(readTableQuery(href.searchParams, TODO_LISTS[todo].key).filters).toEqual(TODO_LISTS[todo].filters);
    }
    expect(screen.getByRole('link', { name: /^Orders to ship ?: 4 ?, Ship them$/ })).toHaveAttribute('href', '/order/orderList?orders.list.q=%7B%22status%22%3A1%7D');
    expect(screen.getByRole('link', { name: /^Reviews without a reply ?: 7 ?, Reply$/ })).toHaveAttribute('href', '/order/orderEvaluation?afterSales.evaluation.q=%7B%22replied%22%3A0%7D');
    expect(server.callsTo(dashboardEndpoints.queryStoreTodoCounts.path)).toHaveLength(1);
    await user.selectOptions(screen.getByTestId('language-switch'), 'zh-CN');
    expect(await screen.findByRole('link', { name: /^缺货 SKU\s*：\s*97\s*，\s*去补货$/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '待办事项' })).toBeInTheDocument();
  });

  it("opens each to-do's list asking the server for exactly the counted rows", async () => {
    const { server, user, router, location } = renderDashboard();
    await screen.findByTestId('dashboard-todo-ordersToShip-count', undefined, { timeout: 10_000 });
    for (const todo of DASHBOARD_TODO_KEYS) {
      const { path, biz } = LIST_CALLS[todo];
      const before = server.callsTo(path).length;
      await user.click(await screen.findByTestId(`dashboard-todo-${todo}`));
      await waitForPath(location, todoAddress(todo));
      await waitFor(() => expect(server.callsTo(path).length).toBeGreaterThan(before), { timeout: 10_000 });
      const asked = server.callsTo(path).at(-1)!.biz as Record<string, unknown>;
      expect({ todo, asked }).toEqual({ todo, asked: expect.objectContaining(biz) });
      if (todo !== 'refundsToHandle') expect({ todo, status: asked.status }).toEqual({ todo, status: 'status' in biz ? biz.status : undefined });
      await act(() => router.navigate('/dashboard'));
    }
  }, 120_000);

  it('shows skeletons, not 0, until the counts and the unread total have arrived', async () => {
    let answer: (value: object) => void = () => undefined;
    const arrived = new Promise<object>((resolve) => {
      answer = resolve;
    });
    const { store } = renderDashboard(() => arrived);
    expect(await screen.findByTestId('dashboard-todo-ordersToShip-loading', undefined, { timeout: 10_000 })).toBeInTheDocument();
    for (const todo of DASHBOARD_TODO_KEYS) {
      expect(screen.getByTestId(`dashboard-todo-${todo}-loading`)).toBeInTheDocument();
      expect(screen.queryByTestId(`dashboard-todo-${todo}-count`)).not.toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /^Orders to ship ?: loading ?, Ship them$/ })).toHaveAttribute('aria-busy', 'true');
    // The chat frame has not reported: the figure and the navbar badge are skeletons, not 0.
    expect(screen.getByTestId('dashboard-unread')).not.toHaveTextContent('0');
    expect(screen.getByTestId('dashboard-unread-loading')).toBeInTheDocument();
    expect(screen.getByTestId('message-badge-loading')).toBeInTheDocument();
    answer(COUNTS);
    expect(await screen.findByTestId('dashboard-todo-ordersToShip-count')).toHaveTextContent('4');
    expect(screen.queryByTestId('dashboard-todo-ordersToShip-loading')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(unreadTotalReported(0));
    });
    expect(screen.getByTestId('dashboard-unread')).toHaveTextContent('0');
    expect(screen.queryByTestId('dashboard-unread-loading')).not.toBeInTheDocument();
    expect(screen.queryByTestId('message-badge-loading')).not.toBeInTheDocument();
  });

  it('shows a failed count call inside its card with a retry, and asks nothing without dashboard:view', async () => {
    let fail = true;
    const server = createFakeStoreServer([OWNER]);
    server.on(dashboardEndpoints.queryStoreTodoCounts.path, () => (fail ? { code: '10100001', msg: 'try again later' } : ok(COUNTS)));
    const { user, unmount } = renderConsole({ path: '/dashboard', token: OWNER.token, server });
    expect(await screen.findByTestId('dashboard-todos-error', undefined, { timeout: 10_000 })).toHaveTextContent('try again later');
    fail = false;
    await user.click(within(screen.getByTestId('dashboard-todos-error')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('dashboard-todo-reviewsWithoutReply-count')).toHaveTextContent('7');
    unmount();

    const staff: FakeUser = { ...OWNER, info: { ...OWNER.info, permissions: Object.values(PERMISSIONS).filter((code) => code !== PERMISSIONS.dashboardView) } };
    const { server: staffServer } = renderDashboard(() => COUNTS, staff);
    expect(await screen.findByTestId('dashboard-todos-no-permission', undefined, { timeout: 10_000 })).toHaveTextContent('no permission');
    expect(staffServer.callsTo(dashboardEndpoints.queryStoreTodoCounts.path)).toHaveLength(0);
  });
});
