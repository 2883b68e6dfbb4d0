// Issue 35 §6: the dashboard is a to-do list. At 1366×768, each to-do opens the list that clears it, already
// filtered, and that list shows exactly the count the dashboard gave; the demo store has 97 out-of-stock SKUs.
// The unread figure shows a skeleton, not 0, until the chat has reported. Screenshots in both languages.
import { test, expect } from '@playwright/test';
import { DASHBOARD_TODOS, DashboardPage } from '../pages/dashboard-page';
import { ResourceListPage } from '../pages/resource-list-page';
import { signIn, switchLanguage } from '../support/sign-in';
import { screenshot } from '../support/screenshot';
import { consoleUrl } from '../support/stack';

test.use({ viewport: { width: 1366, height: 768 } });

/** The list each to-do opens: its resource key and address (apps/console/src/features/dashboard/todoLinks.ts). */
const LISTS = {
  ordersToShip: { key: 'orders.list', path: '/order/orderList' },
  refundsToHandle: { key: 'afterSales.pending', path: '/order/orderAfter' },
  complaintsToHandle: { key: 'afterSales.complaint', path: '/order/orderComplaint' },
  reviewsWithoutReply: { key: 'afterSales.evaluation', path: '/order/orderEvaluation' },
  outOfStockSkus: { key: 'goods.stock', path: '/goods/salesInventory/salesInventoryManagement' },
} as const;

/** The demo seed's out-of-stock SKUs (issue 35 §6). */
const DEMO_OUT_OF_STOCK_SKUS = 97;

test('each dashboard to-do opens its list filtered to exactly the counted rows, in English and Chinese', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, '/dashboard');
  const dashboard = new DashboardPage(page, consoleUrl());
  const counts = Object.fromEntries(await Promise.all(DASHBOARD_TODOS.map(async (todo) => [todo, await dashboard.todoCount(todo)] as const)));
  expect(counts.outOfStockSkus).toBe(DEMO_OUT_OF_STOCK_SKUS);
  await screenshot(page, 'dashboard-todos-1366x768-en', { fullPage: false });

  for (const todo of DASHBOARD_TODOS) {
    await dashboard.todo(todo).click();
    const list = new ResourceListPage(page, consoleUrl(), LISTS[todo].key, LISTS[todo].path);
    await expect(page).toHaveURL(new RegExp(`${LISTS[todo].path}(\\?|$)`));
    await expect(list.totalText()).toHaveText(new RegExp(`^(total ${counts[todo]}|共 ${counts[todo]} 条)$`), { timeout: 30_000 });
    if (counts[todo] > 0) await list.waitForRows();
    // Back to the dashboard through the affixed tab, as a merchant would.
    await page.getByTestId('tag-/dashboard').click();
    await expect(dashboard.todo(todo)).toBeVisible();
  }

  await switchLanguage(page, 'zh-CN');
  await expect(dashboard.todo('outOfStockSkus')).toHaveAccessibleName(new RegExp(`^缺货 SKU\\s*：\\s*${DEMO_OUT_OF_STOCK_SKUS}\\s*，\\s*去补货$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: '待办事项' })).toBeVisible();
  await screenshot(page, 'dashboard-todos-1366x768-zh', { fullPage: false });
  await screenshot(page, 'dashboard-todos-1366x768-zh-full');
});

test('the unread figure and the navbar badge show a skeleton, not 0, until the chat frame reports', async ({ page }) => {
  // The frame's address is held back, so the chat cannot report while the test looks.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/v1\/store\/im\/getCccUserImToken/, async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, '/dashboard');
  const dashboard = new DashboardPage(page, consoleUrl());
  await expect(page.getByTestId('dashboard-unread-loading')).toBeVisible();
  await expect(page.getByTestId('dashboard-unread')).not.toHaveText('0');
  await expect(page.getByTestId('message-badge-loading')).toBeVisible();
  await expect(dashboard.greeting()).toBeVisible();
  release();
  await expect(page.getByTestId('dashboard-unread')).toHaveText(/^\d+$/, { timeout: 60_000 });
  await expect(page.getByTestId('message-badge-loading')).toHaveCount(0);
});
