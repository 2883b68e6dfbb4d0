import { test, expect } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;

test('an unauthenticated visit is redirected to /login with the path to come back to', async ({ page }) => {
  await page.goto(`${consoleUrl()}/dashboard`);
  await expect(page).toHaveURL(/\/login\?redirect=(%2F|\/)dashboard$/);
});

test('a wrong password shows the server message and stores no token', async ({ page }) => {
  const login = new LoginPage(page, consoleUrl());
  await login.open();
  await login.signIn(DEMO_SIGN_IN.userName, 'Wrong12345');
  await expect(login.errorMessage()).toBeVisible();
  await expect(login.errorMessage()).not.toBeEmpty();
  await expect(page).toHaveURL(/\/login/);
  expect(await login.storedTokens()).toEqual([]);
});

test('the demo merchant signs in, lands on the redirect target, and logs out', async ({ page }) => {
  const login = new LoginPage(page, consoleUrl());
  await login.open('?redirect=%2Fdashboard');
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await login.storedTokens()).length).toBeGreaterThan(0);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page).toHaveURL(/\/login/);
  expect(await login.storedTokens()).toEqual([]);
});
