// Issue 28 §4, coupons, in real Chromium against the real servers: the demo merchant creates an amount-off coupon
// on the add screen, a buyer claims it through store-server's buyer route, and the details and claim records
// show the claim (the phone masked). Runs on its worker's own stack, so the demo store's other coupons are as
// seeded; the coupon's name carries the run, so a rerun never meets an earlier one.
import { test, expect } from '@playwright/test';
import { CouponPages, buyerPaysWithCoupon, claimCoupon, refundWholeOrder } from '../pages/marketing-coupons';
import { merchantClient } from '../support/merchant';
import { signIn, switchLanguage } from '../support/sign-in';
import { consoleUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';

// The list's columns and row actions fit a 1440 px screen (couponsMgmt.tsx).
test.use({ viewport: { width: 1440, height: 900 } });

test('the merchant creates a coupon, a buyer claims it, and its details and claim records show the claim', async ({ page }) => {
  const run = Date.now().toString(36);
  const name = `E2E ${run} 8.5 off 60`;
  const coupons = new CouponPages(page, consoleUrl());
  await signIn(page, '/marketing/coupons/couponsMgmt');
  // The demo store's seeded campaigns (coupons.seed.ts).
  await expect(coupons.row('新客立减 10 元')).toContainText('¥10.00 off');

  await coupons.add({ name, amountYuan: '8.50', thresholdYuan: '60', issueLimit: 50, perBuyerLimit: 1, validDays: 14 });
  const row = coupons.row(name);
  await expect(row).toContainText('¥8.50 off');
  await expect(row).toContainText('From ¥60.00');
  await expect(row).toContainText('0 / 50');
  await expect(row).toContainText('14 days after claiming');
  await expect(row).toContainText('active');
  await screenshot(page, 'coupons-list-en-US');

  await claimCoupon(await coupons.templateIdOf(name), `c_e2e_coupon_${run}`, '13912345678');
  await coupons.openList();
  await expect(coupons.row(name)).toContainText('1 / 50');
  await coupons.openRowAction(name, 'Details');
  await expect(coupons.detail()).toContainText(name);
  await expect(coupons.count('Claimed')).toHaveText('1');
  await expect(coupons.count('Used')).toHaveText('0');
  await screenshot(page, 'coupon-details-en-US');

  await coupons.openList();
  await coupons.openRowAction(name, 'Claim records');
  const record = page.locator('[role=row][data-id]', { hasText: `c_e2e_coupon_${run}` });
  await expect(record).toContainText('139****5678');
  await expect(record).not.toContainText('13912345678');
  await switchLanguage(page, 'zh-CN');
  await expect(page.locator('[role=row][data-id]', { hasText: `c_e2e_coupon_${run}` })).toContainText('未使用');
  await screenshot(page, 'coupon-claims-zh-CN');
});

test('a buyer uses a coupon in an order, the order shows the discount, and a whole-order refund returns the coupon', async ({ page }) => {
  const run = Date.now().toString(36);
  const name = `E2E ${run} 5 off`;
  const buyerAccid = `c_e2e_coupon_use_${run}`;
  const coupons = new CouponPages(page, consoleUrl());
  const merchant = await merchantClient();
  try {
    await signIn(page, '/marketing/coupons/couponsMgmt');
    await coupons.add({ name, amountYuan: '5.00', thresholdYuan: '1', issueLimit: 10, perBuyerLimit: 1, validDays: 7 });
    const couponId = await claimCoupon(await coupons.templateIdOf(name), buyerAccid, '13912345678');
    const order = await buyerPaysWithCoupon(merchant, buyerAccid, couponId);

    // The order's amounts: the coupon's 5 yuan came off what the buyer paid.
    await page.goto(`${consoleUrl()}/order/orderDetails?id=${order.orderId}`);
    await expect(page.getByTestId('amount-coupon')).toContainText('−5.00');
    await expect(page.getByTestId('amount-paid')).toContainText((order.amountCents / 100).toFixed(2));
    await screenshot(page, 'order-with-coupon-en-US');

    await coupons.openClaimRecords(name);
    await expect(coupons.claimRecordField(buyerAccid, 'state')).toHaveText('used');
    await expect(coupons.claimRecordField(buyerAccid, 'orderNo')).toHaveText(order.orderNo);

    await refundWholeOrder(merchant, order, buyerAccid);
    await coupons.openClaimRecords(name);
    await expect(coupons.claimRecordField(buyerAccid, 'state')).toHaveText('unused');
    await expect(coupons.claimRecordField(buyerAccid, 'orderNo')).not.toContainText(order.orderNo);
  } finally {
    merchant.dispose();
  }
});
