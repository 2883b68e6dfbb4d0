import { test, expect, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { ConsoleShell } from '../pages/console-shell';
import { INVENTORY_SCREENS, detailField, inventoryScreen } from '../pages/inventory-pages';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;

async function signIn(page: Page, userName: string, redirect: string) {
  await page.addInitScript(() => window.localStorage.setItem('console.language', 'en-US'));
  const login = new LoginPage(page, consoleUrl());
  await login.open(`?redirect=${encodeURIComponent(redirect)}`);
  await login.signIn(userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(new RegExp(redirect));
}

test('every inventory screen lists the seeded records and pages through them', async ({ page }) => {
  await signIn(page, DEMO_SIGN_IN.userName, INVENTORY_SCREENS[0].path);
  for (const screen of INVENTORY_SCREENS) {
    const list = inventoryScreen(page, consoleUrl(), screen);
    await list.open();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText(screen.title, { exact: true })).toBeVisible();
    const firstPage = await list.rowIds();
    expect(firstPage.length).toBeGreaterThan(0);
    if ((await list.total()) > firstPage.length) {
      await list.nextPage();
      await expect(page).toHaveURL(new RegExp(`${screen.key.replace('.', '\\.')}\\.page=2`));
      await expect(list.row(firstPage[0]!)).toHaveCount(0);
      expect((await list.rowIds()).length).toBeGreaterThan(0);
    }
  }
});

test('an inventory item opens its detail page with its stock movements', async ({ page }) => {
  const screen = INVENTORY_SCREENS[3];
  await signIn(page, DEMO_SIGN_IN.userName, screen.path);
  const list = inventoryScreen(page, consoleUrl(), screen);
  await list.waitForRows();
  const [itemId] = await list.rowIds();
  const name = await list.cell(itemId!, 'itemName').innerText();
  await list.rowAction(itemId!, 'Detail');
  await expect(page).toHaveURL(new RegExp(`inventoryList/detail\\?id=${itemId}$`));
  await expect(detailField(page, 'itemName')).toContainText(name);
  await expect(detailField(page, 'stockStatus')).not.toHaveText(/unmatched/);
  await expect(page.getByRole('heading', { name: 'Stock movements' })).toBeVisible();
  await page.screenshot({ path: 'test-results/inventory-detail.png', fullPage: true });
});

test('a service store (storeType 3, demo_service) does not see the inventory centre', async ({ page }) => {
  await signIn(page, 'demo_service', '/dashboard');
  const shell = new ConsoleShell(page, consoleUrl());
  await expect(shell.mainMenu()).toBeVisible();
  await expect(shell.mainMenu().getByText('Goods', { exact: true })).toBeVisible();
  await expect(shell.mainMenu().getByText('Inventory centre')).toHaveCount(0);
  await shell.open(INVENTORY_SCREENS[3].path);
  await expect(page.getByTestId('inventory.item-table')).toHaveCount(0);
});
