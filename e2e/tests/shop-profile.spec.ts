// Issue 26 §1, the shop profile: an at-once field (the introduction) and a reviewed one (the legal person) on the
// demo store; the reviewed change waits beside the current data until the operator approves it with the CLI.
// Both are put back at the end (no other e2e test reads them). Screenshots of the screens in both languages.
import { test, expect } from '@playwright/test';
import { PlatformOperator } from '../pages/onboarding-operator';
import { ShopProfilePage } from '../pages/shop-profile';
import { signIn } from '../support/sign-in';
import { consoleUrl, storeUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';

const VIEW = '/shop/shopMsg/shopMssage';
const ID_NUMBER = '11010519491231002X';

test('edit the shop: the introduction at once, the legal person after the operator approves it', async ({ page, browser }) => {
  // Two operator CLI runs (each a node process) and two sign-ins: longer than the default minute.
  test.setTimeout(150_000);
  await signIn(page, VIEW);
  const shop = new ShopProfilePage(page, consoleUrl());
  const operator = new PlatformOperator(storeUrl());
  await shop.open();
  const introBefore = (await shop.current('intro').innerText()).trim();
  const nameBefore = (await shop.current('legalPersonName').innerText()).trim();
  try {
    // The demo data's renewed licence waits for review beside the approved one.
    await expect(shop.changeStatus('license')).toHaveText('under review');
    await screenshot(page, 'shop-profile-en-US');

    const intro = `Tiles and paint, e2e ${Date.now() % 100_000}`;
    await shop.changeIntro(intro);
    await expect(shop.current('intro')).toHaveText(intro);

    await shop.askLegalPersonChange('E2E Legal Person', ID_NUMBER);
    await expect(shop.changeStatus('legalPerson')).toHaveText('under review');
    await expect(shop.change('legalPerson')).toContainText('E2E Legal Person');
    await expect(shop.change('legalPerson')).toContainText('110***********002X');
    // Until the review ends the shop keeps its approved legal person.
    await expect(shop.current('legalPersonName')).toHaveText(nameBefore);
    await screenshot(page, 'shop-profile-pending-en-US');

    const approved = await operator.run(['profile-approve', await shop.changeId('legalPerson')]);
    expect(approved.stdout).toMatch(/shop-profile change \d+ \(legalPerson\) of store 1001 is now status 2/);
    await page.reload();
    await expect(shop.current('legalPersonName')).toHaveText('E2E Legal Person');
    await expect(shop.changeStatus('legalPerson')).toHaveText('approved');
  } finally {
    // Put the demo store back.
    await shop.open();
    await shop.changeIntro(introBefore === 'Not given' ? '' : introBefore);
    if ((await shop.current('legalPersonName').innerText()).trim() !== nameBefore) {
      await shop.askLegalPersonChange(nameBefore, ID_NUMBER);
      // The view shows the new change (not the last decided one) before its number is read.
      await expect(shop.changeStatus('legalPerson')).toHaveText('under review');
      expect((await operator.run(['profile-approve', await shop.changeId('legalPerson')])).exitCode).toBe(0);
      await page.reload();
      await expect(shop.current('legalPersonName')).toHaveText(nameBefore);
    }
  }

  // The screens in Chinese (a second browser: the first one's sign-in keeps English).
  const context = await browser.newContext();
  try {
    const zh = await context.newPage();
    await signIn(zh, VIEW, { language: 'zh-CN' });
    const zhShop = new ShopProfilePage(zh, consoleUrl());
    await expect(zhShop.changeStatus('license')).toHaveText('审核中');
    await screenshot(zh, 'shop-profile-zh-CN');
  } finally {
    await context.close();
  }
});
