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

test('the demo merchant signs in over an AES session, lands on the redirect target, and logs out', async ({ page }) => {
  const apiRequests: Array<{ path: string; body: string }> = [];
  page.on('request', (request) => {
    if (request.url().startsWith(process.env.E2E_STORE_URL!)) {
      apiRequests.push({ path: new URL(request.url()).pathname, body: request.postData() ?? '' });
    }
  });
  const login = new LoginPage(page, consoleUrl());
  await login.open('?redirect=%2Fdashboard');
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  expect((await login.storedTokens()).length).toBeGreaterThan(0);
  // The console negotiated a session (console-spec §4) and nothing readable crossed the wire.
  expect(apiRequests.map((r) => r.path)).toEqual(expect.arrayContaining([
    expect.stringMatching(/createSession$/), expect.stringMatching(/handshakeClientAndServer$/), expect.stringMatching(/user\/login$/),
  ]));
  expect(apiRequests.filter((r) => r.body.includes(DEMO_SIGN_IN.password))).toEqual([]);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page).toHaveURL(/\/login/);
  expect(await login.storedTokens()).toEqual([]);
});
