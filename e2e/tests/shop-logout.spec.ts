// Issue 26 §6, closing the shop, in real Chromium against the real servers. The demo store (open orders,
// money held) is shown blocked and nothing is changed; a store this test registers and gets approved
// asks to close (reason → pay password → confirmation), the operator approves by the CLI, and the
// result is read at /logouting without signing in. The demo store is never closed.
import { test, expect, type Page } from '@playwright/test';
import { AccountPage } from '../pages/account-page';
import { freshPng } from '../pages/media-files';
import { OnboardingPage } from '../pages/onboarding-page';
import { PlatformOperator } from '../pages/onboarding-operator';
import { ShopLogoutPage } from '../pages/shop-logout';
import { signIn, type ConsoleLanguage } from '../support/sign-in';
import { consoleUrl, storeUrl } from '../support/stack';

async function screenshot(page: Page, name: string) {
  await test.info().attach(name, { body: await page.screenshot({ fullPage: true, path: test.info().outputPath(`${name}.png`) }), contentType: 'image/png' });
}

async function inLanguage(page: Page, language: ConsoleLanguage) {
  await page.evaluate((lang) => window.localStorage.setItem('console.language', lang), language);
  await page.reload();
}

test('the demo store sees what blocks closing, each linked to the screen that clears it, and cannot go on', async ({ page }) => {
  const logout = new ShopLogoutPage(page, consoleUrl());
  await signIn(page, '/shop/logout');
  await expect(logout.blocker('ordersToShip')).toContainText(/order\(s\) still to ship/);
  await expect(logout.blocker('walletBalance')).toContainText(/wallet balance of ¥[\d.]+ not withdrawn/);
  await expect(logout.next()).toHaveCount(0);
  await screenshot(page, 'shop-logout-blocked-en-US');
  await inLanguage(page, 'zh-CN');
  await expect(logout.blocker('ordersToShip')).toContainText('笔订单待发货');
  await screenshot(page, 'shop-logout-blocked-zh-CN');
  await logout.clearLink('ordersToShip').click();
  await expect(page).toHaveURL(/\/order\/orderList\?orders\.list\.q=%7B%22status%22%3A1%7D$/);
});

test('a new store asks to close, the operator approves it by the CLI, and /logouting shows it closed without sign-in', async ({ page, browser }) => {
  test.setTimeout(150_000);
  // A store of its own: registered, submitted and approved like any merchant (onboarding.spec.ts).
  const suffix = `${Date.now() % 100_000_000}`.padStart(8, '0');
  const merchant = { userName: `e2e_close_${suffix}`, password: 'Merchant2026', mobile: `137${suffix}` };
  const onboarding = new OnboardingPage(page, consoleUrl(), storeUrl());
  await onboarding.openRegistration();
  await onboarding.register(merchant);
  await onboarding.chooseStoreType(2);
  await onboarding.fillShopInfo({
    storeName: 'E2E Closing Shop',
    city: 'Shenzhen',
    address: '88 Keyuan Road, Nanshan',
    contactName: 'Li Lei',
    contactMobile: merchant.mobile,
    legalPersonName: 'Li Lei',
    legalPersonIdNumber: '11010519491231002X',
    licenseNumber: '91440300MA5E2E000X',
    licenseImage: freshPng(`license-close-${suffix}.png`),
    categories: ['Tiles'],
  });
  await onboarding.continueFromShopInfo();
  await onboarding.addBrand('Acme Tiles', '2030-12-31');
  await onboarding.acceptAgreementAndSubmit();
  await expect(page).toHaveURL(/\/registered\/resultReg$/);
  const storeId = await onboarding.storeId();
  const operator = new PlatformOperator(storeUrl());
  expect((await operator.approve(storeId)).exitCode).toBe(0);
  await onboarding.refreshReviewStatus();
  await onboarding.enterConsole();
  await expect(page).toHaveURL(/\/dashboard$/);
  await inLanguage(page, 'en-US');

  const account = new AccountPage(page, consoleUrl(), storeUrl());
  await account.open();
  await account.setFirstPayPassword('135790', merchant.mobile);
  await expect(account.payPasswordStatus()).toContainText('A pay password is set');

  const logout = new ShopLogoutPage(page, consoleUrl());
  await logout.openChecklist();
  await expect(logout.noBlockers()).toBeVisible();
  await screenshot(page, 'shop-logout-clear-en-US');
  await logout.next().click();
  await expect(page).toHaveURL(/\/shop\/storeLogoutRiskWarning$/);
  await screenshot(page, 'shop-logout-risk-en-US');
  await inLanguage(page, 'zh-CN');
  await screenshot(page, 'shop-logout-risk-zh-CN');
  await inLanguage(page, 'en-US');
  await logout.askToClose('Moving abroad', '135790');
  await expect(logout.confirmDialog()).toContainText('Close the shop for good?');
  await screenshot(page, 'shop-logout-confirm-en-US');
  await logout.confirmDialog().getByRole('button', { name: 'Close the shop' }).click();
  await expect(page).toHaveURL(/\/logoutSubmitSuccess\?id=\d+&ref=[0-9a-f-]{36}$/);
  await screenshot(page, 'shop-logout-submitted-en-US');
  const submitted = new URL(page.url());
  const requestId = submitted.searchParams.get('id')!;
  const resultAddress = `/logouting?ref=${submitted.searchParams.get('ref')}`;
  await expect(logout.resultLink()).toContainText(resultAddress);

  const approved = await operator.run(['logout-approve', requestId]);
  expect(approved.stderr).toBe('');
  expect(approved.stdout).toContain(`deregistration request ${requestId} of "E2E Closing Shop" is now status 2`);

  // Signed out: a fresh browser context opens the link.
  const visitor = await browser.newContext();
  try {
    const publicPage = await visitor.newPage();
    await publicPage.addInitScript(() => window.localStorage.setItem('console.language', 'en-US'));
    await publicPage.goto(`${consoleUrl()}${resultAddress}`);
    const result = new ShopLogoutPage(publicPage, consoleUrl());
    await expect(result.resultSummary()).toContainText('The shop is closed');
    await expect(result.resultField('status')).toHaveText('closed');
    await expect(result.resultField('store')).toHaveText('E2E Closing Shop');
    await expect(publicPage).toHaveURL(new RegExp(`${resultAddress.replace(/[?]/g, '\\?')}$`));
    await screenshot(publicPage, 'logouting-closed-en-US');
    await inLanguage(publicPage, 'zh-CN');
    await expect(result.resultSummary()).toContainText('店铺已注销');
    await screenshot(publicPage, 'logouting-closed-zh-CN');
  } finally {
    await visitor.close();
  }
});
