// Issue 26 §3 "sign out everywhere else": two browsers signed in as the same account; one ends the other's
// session, which is sent to /login on its next step, while the first keeps working. Also looks at the
// merchant-centre access screens in both languages (screenshots attached to the report).
import { test, expect } from '@playwright/test';
import { AccountSessionsPage } from '../pages/account-sessions-page';
import { signIn, switchLanguage } from '../support/sign-in';
import { consoleUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';

/** The demo store's staff account (README "Demo sign-ins"): its own sessions, not the owner's, are ended. */
const STAFF = 'demo_staff';
const DETAIL = '/shop/accountMgmt/accountInfo/detail';

test('sign out everywhere else: the other browser is sent to /login, this one keeps working', async ({ browser }) => {
  const here = await browser.newContext();
  const elsewhere = await browser.newContext();
  try {
    const otherPage = await elsewhere.newPage();
    await signIn(otherPage, '/shop/accountMgmt/accountInfo', { userName: STAFF });
    const page = await here.newPage();
    await signIn(page, DETAIL, { userName: STAFF });

    const sessions = new AccountSessionsPage(page, consoleUrl());
    await expect(sessions.thisDeviceRow()).toHaveCount(1);
    await expect(sessions.thisDeviceRow()).toContainText('Chrome');
    expect(await sessions.deviceRows().count()).toBeGreaterThanOrEqual(2);
    await expect(sessions.signInRows().first()).toContainText('Signed in');
    await screenshot(page, 'detail-en-US');

    await sessions.signOutEverywhereElse();
    await expect(sessions.signedOutNotice()).toContainText(/Signed out [1-9]\d* other device/);
    await expect(sessions.deviceRows()).toHaveCount(1);
    await expect(sessions.signOutOthersButton()).toBeDisabled();

    // The other browser's next step finds its session ended: §8 sends it to sign in again.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login\?redirect=/);

    // This one still works.
    await switchLanguage(page, 'zh-CN');
    await expect(page).toHaveURL(new RegExp(`${DETAIL}$`));
    await expect(sessions.thisDeviceRow()).toContainText('本设备');
    await expect(sessions.signInRows().first()).toContainText('退出登录');
    await screenshot(page, 'detail-zh-CN');

    // The pay-password check screen other slices send the merchant to, in both languages.
    await page.goto(`${consoleUrl()}/shop/checkPayPassword?redirect=${encodeURIComponent(DETAIL)}`);
    await expect(page.getByRole('heading', { name: '验证支付密码', level: 1 })).toBeVisible();
    await screenshot(page, 'check-pay-password-zh-CN');
    await switchLanguage(page, 'en-US');
    await expect(page.getByRole('heading', { name: 'Verify your pay password', level: 1 })).toBeVisible();
    await screenshot(page, 'check-pay-password-en-US');
  } finally {
    await here.close();
    await elsewhere.close();
  }
});
