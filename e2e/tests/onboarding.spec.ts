import { test, expect, type Page } from '@playwright/test';
import { DashboardPage } from '../pages/dashboard-page';
import { freshPng } from '../pages/media-files';
import { OnboardingPage, type ShopInfo } from '../pages/onboarding-page';
import { PlatformOperator } from '../pages/onboarding-operator';

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;
const storeUrl = () => process.env.E2E_STORE_URL!;

/** A fresh merchant per test: names and mobiles unique within the run. */
function newMerchant() {
  const suffix = `${Date.now() % 100_000_000}`.padStart(8, '0');
  return { userName: `e2e_${suffix}`, password: 'Merchant2026', mobile: `139${suffix}` };
}

const shopInfo = (storeName: string, mobile: string, categories: string[]): ShopInfo => ({
  storeName,
  city: 'Shenzhen',
  address: '88 Keyuan Road, Nanshan',
  contactName: 'Li Lei',
  contactMobile: mobile,
  legalPersonName: 'Li Lei',
  legalPersonIdNumber: '11010519491231002X',
  licenseNumber: '91440300MA5E2E000X',
  licenseImage: freshPng(`license-${Date.now() % 100_000_000}.png`),
  categories,
});

async function registerAndSubmit(page: Page, storeType: 2 | 3, storeName: string) {
  const onboarding = new OnboardingPage(page, consoleUrl(), storeUrl());
  const merchant = newMerchant();
  await onboarding.openRegistration();
  await onboarding.register(merchant);
  await expect(page).toHaveURL(/\/registered\/storeMsg$/);
  await onboarding.chooseStoreType(storeType);
  await expect(page).toHaveURL(new RegExp(`/registered/shopMsg\\?storeType=${storeType}$`));
  // The console opens in zh-CN, and categories are named in the page's language (Installation; Tiles, Paint).
  await onboarding.fillShopInfo(shopInfo(storeName, merchant.mobile, storeType === 3 ? ['安装'] : ['瓷砖', '涂料']));
  await onboarding.continueFromShopInfo();
  if (storeType !== 3) {
    await expect(page).toHaveURL(/\/registered\/brandAdd$/);
    await onboarding.addBrand('Acme Tiles', '2030-12-31');
  }
  await expect(page).toHaveURL(/\/registered\/agrtSig$/);
  await onboarding.acceptAgreementAndSubmit();
  await expect(page).toHaveURL(/\/registered\/resultReg$/);
  await expect(onboarding.reviewStatus()).toContainText('审核中');
  return { onboarding, storeId: await onboarding.storeId() };
}

test('a new merchant registers, completes the shop info, is approved by the operator and reaches the dashboard', async ({ page }) => {
  const { onboarding, storeId } = await registerAndSubmit(page, 2, 'E2E Tile Specialty');
  expect(storeId).toBeGreaterThan(2000);

  const approved = await new PlatformOperator(storeUrl()).approve(storeId);
  expect(approved.exitCode).toBe(0);
  expect(approved.stdout).toContain(`store ${storeId} "E2E Tile Specialty" is now status 2`);

  await onboarding.refreshReviewStatus();
  await expect(onboarding.reviewStatus()).toContainText('审核通过');
  await onboarding.enterConsole();
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  const dashboard = new DashboardPage(page, consoleUrl());
  await expect(dashboard.greeting()).toBeVisible();
  await expect(dashboard.orderTotal()).toContainText('0');
});

test('the operator rejects with a reason, the merchant reads it, re-submits, and the store is under review again', async ({ page }) => {
  const { onboarding, storeId } = await registerAndSubmit(page, 3, 'E2E Install Service');
  const reason = 'The licence photo is blurred; please upload a clear one.';
  const rejected = await new PlatformOperator(storeUrl()).reject(storeId, reason);
  expect(rejected.exitCode).toBe(0);

  await onboarding.refreshReviewStatus();
  await expect(onboarding.reviewStatus()).toContainText('审核驳回');
  await expect(onboarding.rejectionReason()).toContainText(reason);
  await onboarding.resubmit();
  await expect(page).toHaveURL(/\/registered\/shopMsg$/);
  await expect(onboarding.draftRestoredNotice()).toBeVisible();
  await expect(onboarding.storeNameField()).toHaveValue('E2E Install Service');
  await onboarding.storeNameField().fill('E2E Install Service Pro');
  await onboarding.continueFromShopInfo();
  await expect(page).toHaveURL(/\/registered\/agrtSig$/);
  await onboarding.acceptAgreementAndSubmit();
  await expect(page).toHaveURL(/\/registered\/resultReg$/);
  await expect(onboarding.reviewStatus()).toContainText('审核中');
  await expect(onboarding.rejectionReason()).toHaveCount(0);

  // Approving a store that is not under review any more is refused and changes nothing.
  const operator = new PlatformOperator(storeUrl());
  expect((await operator.approve(storeId)).exitCode).toBe(0);
  const twice = await operator.approve(storeId);
  expect(twice.exitCode).toBe(1);
  expect(twice.stderr).toContain('it is approved');
});

test('the operator command refuses bad input with a usage message', async () => {
  const operator = new PlatformOperator(storeUrl());
  const noReason = await operator.run(['reject', '1003']);
  expect(noReason.exitCode).toBe(2);
  expect(noReason.stderr).toContain('reject needs --reason');
  const unknown = await operator.run(['approve', '999999']);
  expect(unknown.exitCode).toBe(1);
  expect(unknown.stderr).toContain('store 999999 not found');
});
