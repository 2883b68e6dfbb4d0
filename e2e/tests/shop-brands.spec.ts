// Issue 27 area 4 e2e: the merchant applies for a brand on /shop/brandQuery (owner, authorisation chain, expiry,
// certificate from the media library; an expiry in the past is refused on its field), the platform operator approves
// it with the built CLI, brandManagement lists it, and goods of that brand are released and approved on shelf.
// Real console, real store-server, real chromium.
import { test, expect } from '@playwright/test';
import { GoodsReleasePage } from '../pages/goods-release-page';
import { freshPng } from '../pages/media-files';
import { PlatformOperator } from '../pages/onboarding-operator';
import { ShopBrandPages } from '../pages/shop-brands';
import { signIn } from '../support/sign-in';

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;
const storeUrl = () => process.env.E2E_STORE_URL!;
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('apply for a brand → the operator approves it → goods of that brand are published', async ({ page }) => {
  test.setTimeout(240_000);
  const brandName = `E2E Brand ${Date.now() % 1_000_000}`;
  await signIn(page, '/shop/brandQuery');
  const brands = new ShopBrandPages(page, consoleUrl());
  await brands.openQuery();
  await brands.startApplication();

  // An expiry in the past: refused by store-server on its field, nothing applied for.
  await brands.fill({ brandName, owner: 'E2E Brand Group', chain: ['E2E Brand Group', 'E2E Brand China'], expiresOn: dayIn(-2) });
  await brands.pickNewCertificate(freshPng(`brand-certificate-${Date.now()}.png`));
  await brands.submit();
  await expect(brands.expiryField()).toHaveAccessibleDescription('Authorisation expires on must be after today');
  await expect(brands.submitted()).toBeHidden();

  await brands.expiryField().fill(dayIn(365));
  await brands.submit();
  await expect(brands.submitted()).toContainText('status: submitted');
  const applicationId = await brands.submittedId();
  expect(applicationId).toBeGreaterThan(0);
  await expect(brands.applicationRow(brandName)).toContainText('submitted');
  await page.screenshot({ path: 'test-results/shop-brands-applied.png', fullPage: true });

  const operator = new PlatformOperator(storeUrl());
  const approved = await operator.run(['brand-approve', String(applicationId)]);
  expect(approved.stderr).toBe('');
  expect(approved.exitCode).toBe(0);
  expect(approved.stdout).toContain(`brand application ${applicationId}`);

  await brands.openManagement();
  await expect(brands.managementRow(brandName)).toContainText('days left');
  await brands.openManagementDetail(brandName);
  await expect(brands.detail()).toContainText('E2E Brand Group → E2E Brand China');
  await expect(brands.detail()).toContainText('approved');
  await page.screenshot({ path: 'test-results/shop-brands-detail.png', fullPage: true });

  // The approved brand is offered by goods release; goods of it are submitted and approved on shelf.
  await page.goto(`${consoleUrl()}/goods/goodRelease`);
  const release = new GoodsReleasePage(page, consoleUrl());
  await release.form().waitFor();
  const title = `E2E ${brandName} tile`;
  await release.chooseCategory('Building materials / Tiles');
  await release.fillBasics(brandName, title);
  await release.tickSpecValues('Size', ['300x300']);
  await release.tickSpecValues('Finish', ['matte']);
  await release.chooseUnit('square metre');
  await release.bulkFill('19.90', '10');
  await release.pickNewImages([freshPng(`brand-goods-${Date.now()}.png`)]);
  await release.writeDetail('Goods of a newly authorised brand.');
  await release.setFreightTemplate();
  await release.submit();
  await expect(release.submitSuccess()).toBeVisible();
  const goodsId = release.submittedGoodsId();
  const published = await operator.run(['goods-approve', String(goodsId)]);
  expect(published.exitCode).toBe(0);
  await release.openPreview(goodsId);
  await expect(release.previewStatus()).toHaveText('on shelf');
  await page.screenshot({ path: 'test-results/shop-brands-goods.png', fullPage: true });
});
