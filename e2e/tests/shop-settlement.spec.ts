// Issue 26 §2, the settlement account, in real Chromium against the real servers. A store this test registers and
// gets approved (the demo store's card and pay password stay as the other suites expect them) binds a card, then
// changes it with its pay password and a check code sent to its mobile: the view shows the new card masked and
// until when withdrawals pause, in English and in Chinese.
import { test, expect } from '@playwright/test';
import { approvedStoreWithPayPassword, ShopSettlementPage } from '../pages/shop-settlement';
import { signIn, switchLanguage } from '../support/sign-in';
import { consoleUrl, storeUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';

const PAY_PASSWORD = '246810';
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD HH:mm:ss' as the console writes a time (the browser's zone, the same machine as this test). */
function localTime(text: string): number {
  const [, y, mo, d, h, mi, s] = /(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(text) ?? [];
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)).getTime();
}

test('a store binds a settlement card, then changes it with the pay password and a check code: masked, and withdrawals paused for 24 hours', async ({ page }) => {
  // Three check codes to one mobile, one a minute (store-server's send limit).
  test.setTimeout(300_000);
  const store = await approvedStoreWithPayPassword(storeUrl(), PAY_PASSWORD);
  const settlement = new ShopSettlementPage(page, consoleUrl(), storeUrl());
  await signIn(page, '/shop/settlement', { userName: store.userName });
  await expect(settlement.noCard()).toContainText('No settlement account is bound yet');
  await screenshot(page, 'settlement-none-en-US');

  await settlement.bindOrChange({ bankName: 'Industrial and Commercial Bank of China', cardNumber: '6222 0210 0112 2334 482', accountName: 'Han Mei Tiles Co., Ltd.', branchName: 'Nanshan Branch', payPassword: PAY_PASSWORD }, store.mobile);
  await expect(page).toHaveURL(/\/shop\/settlement$/);
  await expect(settlement.cardNumber()).toHaveText('**** **** **** 4482');
  // A first card moves no money elsewhere: no pause.
  await expect(settlement.pausedUntil()).toHaveCount(0);

  await page.goto(`${consoleUrl()}/shop/settlement/edit`);
  await expect(page.getByRole('heading', { name: 'Change settlement account', level: 1 })).toBeVisible();
  await screenshot(page, 'settlement-edit-en-US');
  await settlement.open();
  const changedFrom = Date.now();
  await settlement.bindOrChange({ bankName: 'China Merchants Bank', cardNumber: '6217000000112233444', accountName: 'Han Mei Tiles Co., Ltd.', branchName: 'Futian Branch', payPassword: PAY_PASSWORD }, store.mobile);
  await expect(page).toHaveURL(/\/shop\/settlement$/);
  const changedBy = Date.now();
  await expect(settlement.cardNumber()).toHaveText('**** **** **** 3444');
  await expect(settlement.bank()).toHaveText('China Merchants Bank');
  await expect(page.getByText('6217000000112233444')).toHaveCount(0);
  await expect(settlement.pausedUntil()).toContainText('withdrawals are paused until');
  const until = localTime((await settlement.pausedUntil().textContent()) ?? '');
  expect(until).toBeGreaterThanOrEqual(Math.floor(changedFrom / 1000) * 1000 + DAY_MS - 60_000);
  expect(until).toBeLessThanOrEqual(changedBy + DAY_MS);
  await screenshot(page, 'settlement-paused-en-US');

  await switchLanguage(page, 'zh-CN');
  await expect(settlement.pausedUntil()).toContainText('提现暂停至');
  await expect(page.getByRole('heading', { name: '结算账户', level: 1 })).toBeVisible();
  await screenshot(page, 'settlement-paused-zh-CN');
  await page.goto(`${consoleUrl()}/shop/settlement/edit`);
  await expect(page.getByRole('heading', { name: '修改结算账户', level: 1 })).toBeVisible();
  await screenshot(page, 'settlement-edit-zh-CN');
});
