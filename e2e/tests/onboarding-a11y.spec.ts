import { test, expect } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { DashboardPage } from '../pages/dashboard-page';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';
import { seriousViolations } from '../support/axe';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;

// Violations axe rates serious or critical against WCAG 2.1 AA (console issue 7 §12). The dashboard's check covers its
// content inside the shell (`main`), whose navbar and sidebar the layout's own test covers.

for (const path of ['/registered/userReg', '/registered/storeMsg', '/registered/toKnowTheServiceProvider', '/registered/resultReg', '/registered/agrtSig', '/registered/brandAdd']) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(`${consoleUrl()}${path}`);
    await expect(page.locator('main h1')).toBeVisible();
    expect(await seriousViolations(page, { tags: WCAG_AA })).toEqual([]);
  });
}

test('axe finds no serious or critical violation on the shop-info form and the dashboard', async ({ page }) => {
  // demo_new (status 0) completes its shop info; the demo merchant sees the dashboard.
  const login = new LoginPage(page, consoleUrl());
  await login.open();
  await login.signIn('demo_new', 'Demo12345');
  // The guard sends a store that has not submitted (status 0) to complete its shop info.
  await expect(page).toHaveURL(/\/registered\/shopMsg$/);
  await expect(page.locator('input[data-testid="shop-storeName"]')).toBeVisible();
  expect(await seriousViolations(page, { tags: WCAG_AA })).toEqual([]);

  await page.context().clearCookies();
  await page.evaluate(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });
  await login.open();
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
  const dashboard = new DashboardPage(page, consoleUrl());
  // The demo store's orders have loaded (a count above zero, however many other suites have added).
  await expect(dashboard.orderTotal()).toHaveText(/[1-9]\d*/);
  await expect(dashboard.notice('license')).toBeVisible();
  expect(await seriousViolations(page, { include: 'main', tags: WCAG_AA })).toEqual([]);
});
