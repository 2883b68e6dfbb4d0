// console-spec §2 route guards against the real store-server and its seeded demo stores.
import { test, expect, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { ConsoleShell } from '../pages/console-shell';

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;
const DEMO_PASSWORD = 'Demo12345';

async function signInAs(page: Page, userName: string, query = '') {
  const login = new LoginPage(page, consoleUrl());
  await login.open(query);
  await login.signIn(userName, DEMO_PASSWORD);
  return login;
}

test.describe('signed out', () => {
  test('open paths open without a token', async ({ page }) => {
    for (const path of ['/login', '/registered/userReg', '/registered/resetSuccess']) {
      await page.goto(`${consoleUrl()}${path}`);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('/registered/shopMsg without a token goes to /login?redirect=/dashboard', async ({ page }) => {
    await page.goto(`${consoleUrl()}/registered/shopMsg`);
    await expect(page).toHaveURL(/\/login\?redirect=\/dashboard$/);
  });

  test('every other path goes to /login?redirect={path}, unknown ones included', async ({ page }) => {
    await page.goto(`${consoleUrl()}/help/help`);
    await expect(page).toHaveURL(/\/login\?redirect=\/help\/help$/);
    await page.goto(`${consoleUrl()}/no/such/page`);
    await expect(page).toHaveURL(/\/login\?redirect=\/no\/such\/page$/);
  });
});

test.describe('signed in', () => {
  test('/ goes to the affixed dashboard, and an approved store at /login goes to /', async ({ page }) => {
    await signInAs(page, 'demo_merchant');
    await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
    const shell = new ConsoleShell(page, consoleUrl());
    await expect(shell.tag('/dashboard')).toHaveAttribute('data-affix', 'true');
    await page.goto(`${consoleUrl()}/login`);
    await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
    await page.goto(`${consoleUrl()}/`);
    await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  });

  test('status 0 completes the shop info; 1 sees "under review"; 3 sees the rejection reason and re-submit', async ({ page, context }) => {
    await signInAs(page, 'demo_new');
    await expect(page).toHaveURL(/\/registered\/shopMsg$/);
    await context.clearCookies();
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });

    await signInAs(page, 'demo_review');
    await expect(page).toHaveURL(/\/registered\/resultReg$/);
    await expect(page.getByTestId('review-status')).toBeVisible();
    await page.goto(`${consoleUrl()}/dashboard`);
    await expect(page).toHaveURL(/\/registered\/resultReg$/);
    await page.evaluate(() => sessionStorage.clear());

    await signInAs(page, 'demo_rejected');
    await expect(page).toHaveURL(/\/registered\/resultReg$/);
    await expect(page.getByTestId('review-reject-reason')).toBeVisible();
    await expect(page.getByTestId('review-resubmit')).toBeVisible();
  });

  test('status 4 enters with a persistent warning naming the reason', async ({ page }) => {
    await signInAs(page, 'demo_disabled');
    await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
    const shell = new ConsoleShell(page, consoleUrl());
    await expect(shell.disabledStoreWarning()).toBeVisible();
    await expect(shell.disabledStoreWarning()).toContainText(/Reason|原因/);
    await shell.openHelpCentre();
    await expect(page).toHaveURL(/\/help\/help$/);
    await expect(shell.disabledStoreWarning()).toBeVisible();
  });

  test('an unknown address shows /404 inside the layout with the typed address and a way back', async ({ page }) => {
    await signInAs(page, 'demo_merchant');
    await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
    await page.goto(`${consoleUrl()}/order/nothing-here?id=7`);
    await expect(page).toHaveURL(/\/404\?from=/);
    await expect(page.getByTestId('not-found-address')).toContainText('/order/nothing-here?id=7');
    await expect(new ConsoleShell(page, consoleUrl()).sidebar()).toBeVisible();
    await page.getByTestId('not-found-home').click();
    await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  });

  test('a failed user-info load clears the token, shows the identity text and goes to sign-in', async ({ page }) => {
    await page.goto(`${consoleUrl()}/login`);
    await page.evaluate(() => sessionStorage.setItem('console.accessToken', 'not-a-real-token'));
    await page.goto(`${consoleUrl()}/help/help`);
    await expect(page).toHaveURL(/\/login\?redirect=\/help\/help$/);
    await expect(new LoginPage(page, consoleUrl()).errorMessage()).toContainText(/authentication failed|身份验证失败/);
    expect(await new LoginPage(page, consoleUrl()).storedTokens()).toEqual([]);
  });
});
