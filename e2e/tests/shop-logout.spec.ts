// Issue 26 §6, closing the shop, in real Chromium against the real servers. The demo store (open orders,
// money held) is shown blocked and nothing is changed; a store this test registers and gets approved
// asks to close (reason → pay password → confirmation), the operator approves by the CLI, and the
// result is read at /logouting without signing in. The demo store is never closed.
import { test, expect } from '@playwright/test';
import { PlatformOperator } from '../pages/onboarding-operator';
import { ShopLogoutPage, approvedStoreToClose } from '../pages/shop-logout';
import { signIn } from '../support/sign-in';
import { consoleUrl, storeUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';

test('the demo store sees what blocks closing, each linked to the screen that clears it, and cannot go on', async ({ page, browser }) => {
  const logout = new ShopLogoutPage(page, consoleUrl());
  await signIn(page, '/shop/logout');
  await expect(logout.blocker('ordersToShip')).toContainText(/\d+ order\(s\) still to ship/);
  await expect(logout.blocker('walletBalance')).toContainText(/wallet balance of ¥[\d.]+ not withdrawn/);
  await expect(logout.next()).toHaveCount(0);
  await screenshot(page, 'shop-logout-blocked-en-US');
  await logout.clearLink('ordersToShip').click();
  await expect(page).toHaveURL(/\/order\/orderList\?orders\.list\.q=%7B%22status%22%3A1%7D$/);

  const chinese = await browser.newContext();
  try {
    const zhPage = await chinese.newPage();
    await signIn(zhPage, '/shop/logout', { language: 'zh-CN' });
    await expect(new ShopLogoutPage(zhPage, consoleUrl()).blocker('ordersToShip')).toContainText(/\d+ 笔订单待发货/);
    await screenshot(zhPage, 'shop-logout-blocked-zh-CN');
  } finally {
    await chinese.close();
  }
});

test('a new store asks to close, the operator approves it by the CLI, and /logouting shows it closed without sign-in', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const store = await approvedStoreToClose(storeUrl(), '135790');
  const logout = new ShopLogoutPage(page, consoleUrl());
  await signIn(page, '/shop/logout', { userName: store.userName });
  await expect(logout.noBlockers()).toBeVisible();
  await screenshot(page, 'shop-logout-clear-en-US');
  await logout.next().click();
  await expect(page).toHaveURL(/\/shop\/storeLogoutRiskWarning$/);
  await screenshot(page, 'shop-logout-risk-en-US');
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

  const approved = await new PlatformOperator(storeUrl()).run(['logout-approve', requestId]);
  expect(approved.stderr).toBe('');
  expect(approved.stdout).toContain(`deregistration request ${requestId} of "${store.storeName}" is now status 2`);

  // Signed out: fresh browser contexts open the link, in both languages.
  for (const language of ['en-US', 'zh-CN'] as const) {
    const visitor = await browser.newContext();
    try {
      const publicPage = await visitor.newPage();
      await publicPage.addInitScript((lang) => window.localStorage.setItem('console.language', lang), language);
      await publicPage.goto(`${consoleUrl()}${resultAddress}`);
      const result = new ShopLogoutPage(publicPage, consoleUrl());
      await expect(result.resultSummary()).toContainText(language === 'en-US' ? 'The shop is closed' : '店铺已注销关闭');
      await expect(result.resultField('status')).toHaveText(language === 'en-US' ? 'closed' : '已注销');
      await expect(result.resultField('store')).toHaveText(store.storeName);
      await expect(publicPage).toHaveURL(`${consoleUrl()}${resultAddress}`);
      await screenshot(publicPage, `logouting-closed-${language}`);
    } finally {
      await visitor.close();
    }
  }

  // The risk warning in Chinese, seen by the store that can close in the demo data (nothing is sent).
  const chinese = await browser.newContext();
  try {
    const zhPage = await chinese.newPage();
    await signIn(zhPage, '/shop/storeLogoutRiskWarning', { userName: 'demo_closing', language: 'zh-CN' });
    await expect(zhPage.getByTestId('logout-submit')).toHaveText('申请注销');
    await screenshot(zhPage, 'shop-logout-risk-zh-CN');
  } finally {
    await chinese.close();
  }
});
