import { test, expect, type Page } from '@playwright/test';
import { isSecureTransportError, type SecureClient } from '@merchant/secure-transport';
import { AFTER_SALES_SCREENS } from '../pages/order-screens';
import { ResourceListPage } from '../pages/resource-list-page';
import { buyer, buyerConfirmsReceipt, buyerPlacesAndPays, type BuyerOptions } from '../support/buyer';
import { merchantClient, merchantShips } from '../support/merchant';
import { signIn } from '../support/sign-in';
import { CONTRACT_PATHS, OK, consoleUrl } from '../support/stack';

// After-sales against the real servers (docs/orders.md "Refunds", "Complaints", "Reviews"): a buyer (the
// keyed `/buyer/...` routes) places and pays an order and asks for a refund; the merchant approves and pays it
// in the console, the first answer of the payment is lost and the dialog's retry sends the same idempotency
// key, so the money leaves once (one ledger row), and a replay of that key with the merchant's own token is
// answered with the same payment. A buyer's complaint shows with its timeline and takes the merchant's
// response; a buyer's review of a completed order takes one reply.

const FLOW_TIMEOUT = 180_000;

interface RefundDetail {
  refundId: number;
  status: number;
  amountCents: number;
  order: { amountCents: number; refundedCents: number; refundableCents: number };
  ledger: { ledgerId: number; amountCents: number; idempotencyKey: string }[];
}

/** A completed order (paid, shipped by the merchant, receipt confirmed by the buyer): what a review needs. */
async function completedOrder(merchant: SecureClient, who: BuyerOptions) {
  const order = await buyerPlacesAndPays(merchant, who);
  await merchantShips(merchant, order.orderId);
  await buyerConfirmsReceipt(order);
  return order;
}

/** The after-sales screens in a merchant's terms; selectors live here only. */
class AfterSalesPages {
  constructor(private readonly page: Page) {}

  list(key: string, path: string) {
    return new ResourceListPage(this.page, consoleUrl(), key, path);
  }

  /** A detail field's value (the dd under its label). */
  field(name: string) {
    return this.page.getByTestId(`detail-${name}`).locator('dd');
  }

  action(event: string) {
    return this.page.getByTestId(`refund-action-${event}`);
  }

  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }

  payments() {
    return this.page.getByRole('table', { name: 'Refund payments' });
  }

  async confirm(title: string) {
    await this.dialog(title).getByRole('button', { name: /^confirm$/i }).click();
    await expect(this.dialog(title)).toHaveCount(0);
  }
}

test('a refund the buyer asked for is approved and paid once, however often the payment is retried', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  try {
    const order = await buyerPlacesAndPays(merchant, { tag: 'refund' });
    const { buyerAccid } = order;
    const refundCents = Math.min(order.amountCents, 1_00);
    const refund = await buyer<{ refundId: number; refundNo: string }>('/buyer/refunds/request', { orderId: order.orderId, buyerAccid, kind: 1, amountCents: refundCents, reason: 'e2e: wrong colour' });

    const screens = new AfterSalesPages(page);
    const pending = screens.list('afterSales.pending', AFTER_SALES_SCREENS.pending);
    await signIn(page, pending.path);
    await pending.waitForRows();
    await pending.search({ 'after-sales no.': refund.refundNo });
    await expect(pending.rows()).toHaveCount(1);
    await expect(pending.cell(refund.refundId, 'status')).toHaveText('pending review');
    await page.screenshot({ path: 'test-results/after-sales-pending.png', fullPage: true });
    await pending.rowAction(refund.refundId, 'Process');
    await expect(page).toHaveURL(new RegExp(`/order/processRefund\\?id=${refund.refundId}$`));
    await expect(screens.field('refundNo')).toHaveText(refund.refundNo);
    await expect(screens.field('left')).toHaveText((order.amountCents / 100).toFixed(2));

    await screens.action('approveRefundOnly').click();
    await screens.confirm('Approve refund only');
    await expect(screens.field('status')).toHaveText('pending refund');

    // The first answer of the payment is lost after store-server made it; the dialog's retry repeats its key.
    const payKeys: string[] = [];
    let lost = false;
    await page.route('**/afterSales/refund/pay', async (route) => {
      const response = await route.fetch();
      if (!lost) {
        lost = true;
        await route.abort('connectionreset');
      } else {
        await route.fulfill({ response });
      }
    });
    await screens.action('pay').click();
    const dialog = screens.dialog('Refund the buyer');
    await expect(dialog.getByTestId('pay-amount')).toHaveText(`¥${(refundCents / 100).toFixed(2)}`);
    await expect(dialog.getByTestId('pay-order-left')).toHaveText(`¥${(order.amountCents / 100).toFixed(2)}`);
    await page.screenshot({ path: 'test-results/after-sales-pay-dialog.png', fullPage: true });
    await dialog.getByTestId('pay-refund-submit').click();
    await expect(dialog.getByRole('alert')).toContainText('never paid twice');
    await dialog.getByRole('button', { name: 'Retry refund' }).click();
    await expect(dialog).toHaveCount(0);
    expect(lost).toBe(true);

    await expect(screens.field('status')).toHaveText('refunded');
    await expect(screens.field('refunded')).toHaveText((refundCents / 100).toFixed(2));
    await expect(screens.field('left')).toHaveText(((order.amountCents - refundCents) / 100).toFixed(2));
    await expect(screens.payments().getByRole('row')).toHaveCount(2);
    await page.screenshot({ path: 'test-results/after-sales-process-refund.png', fullPage: true });

    // One ledger row; the same key again (a third attempt, from another client of the same store) answers that payment.
    const detail = (await merchant.request<RefundDetail>(CONTRACT_PATHS.refundDetail, { refundId: refund.refundId })).data;
    expect(detail.ledger).toHaveLength(1);
    expect(detail.ledger[0]!.amountCents).toBe(refundCents);
    payKeys.push(detail.ledger[0]!.idempotencyKey);
    const replay = await merchant.request<{ ledgerId: number; amountCents: number }>(CONTRACT_PATHS.payRefund, { refundId: refund.refundId, idempotencyKey: payKeys[0] });
    expect(replay.data.ledgerId).toBe(detail.ledger[0]!.ledgerId);
    const after = (await merchant.request<RefundDetail>(CONTRACT_PATHS.refundDetail, { refundId: refund.refundId })).data;
    expect(after.ledger).toHaveLength(1);
    expect(after.order.refundedCents).toBe(detail.order.refundedCents);
    // A new key for a refund already paid is a second payment: refused, nothing moves.
    const second = await merchant
      .request(CONTRACT_PATHS.payRefund, { refundId: refund.refundId, idempotencyKey: crypto.randomUUID() }, { silent: true })
      .then(() => OK, (error: unknown) => (isSecureTransportError(error) ? error.code : String(error)));
    expect(second).toBe('10100005');
    expect((await merchant.request<RefundDetail>(CONTRACT_PATHS.refundDetail, { refundId: refund.refundId })).data.ledger).toHaveLength(1);

    // orderAfterAll lists it under "refunded".
    const all = screens.list('afterSales.all', AFTER_SALES_SCREENS.all);
    await all.open();
    await all.search({ 'after-sales no.': refund.refundNo });
    await expect(all.cell(refund.refundId, 'status')).toHaveText('refunded');
    await page.screenshot({ path: 'test-results/after-sales-all.png', fullPage: true });
  } finally {
    merchant.dispose();
  }
});

test("a buyer's complaint shows with its timeline and takes the merchant's response", async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  try {
    const order = await buyerPlacesAndPays(merchant, { tag: 'complaint' });
    const { buyerAccid } = order;
    const complaint = await buyer<{ complaintId: number; complaintNo: string }>('/buyer/complaints/file', { orderId: order.orderId, buyerAccid, reason: 'e2e: the parcel never came', description: 'two weeks and nothing' });

    const screens = new AfterSalesPages(page);
    const list = screens.list('afterSales.complaint', '/order/orderComplaint');
    await signIn(page, list.path);
    await list.waitForRows();
    await list.search({ 'complaint no.': complaint.complaintNo });
    await expect(list.rows()).toHaveCount(1);
    await list.chooseStatusTab('in dispute');
    await expect(list.rows()).toHaveCount(1);
    await expect(list.cell(complaint.complaintId, 'status')).toHaveText('in dispute');
    await page.screenshot({ path: 'test-results/after-sales-complaints.png', fullPage: true });
    await list.rowAction(complaint.complaintId, 'Detail');
    await expect(page).toHaveURL(new RegExp(`/order/orderComplaint/details\\?id=${complaint.complaintId}$`));
    const timeline = page.getByTestId('complaint-timeline');
    await expect(timeline).toContainText('complaint filed by the buyer');

    await page.getByTestId('complaint-respond').click();
    const dialog = screens.dialog('Respond to the complaint');
    await dialog.getByRole('button', { name: 'Send response' }).click();
    await expect(dialog).toContainText('response is required');
    await dialog.getByRole('textbox', { name: /response/ }).fill('e2e: shipped on the 20th, tracking SF123');
    await dialog.getByRole('button', { name: 'Send response' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(timeline).toContainText('e2e: shipped on the 20th, tracking SF123');
    await page.screenshot({ path: 'test-results/after-sales-complaint-detail.png', fullPage: true });
  } finally {
    merchant.dispose();
  }
});

test('a review of a completed order gets one reply and is read-only after', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  try {
    const order = await completedOrder(merchant, { tag: 'review' });
    const { buyerAccid } = order;
    const review = await buyer<{ evaluationId: number }>('/buyer/evaluations/write', { orderId: order.orderId, buyerAccid, rating: 2, content: 'e2e: the box was dented' });

    const screens = new AfterSalesPages(page);
    const list = screens.list('afterSales.evaluation', '/order/orderEvaluation');
    await signIn(page, list.path);
    await list.waitForRows();
    await list.search({ 'order no.': order.orderNo });
    await expect(list.rows()).toHaveCount(1);
    await list.chooseTab('not replied');
    await expect(list.selectedTab()).toHaveText('not replied');
    await expect(list.rows()).toHaveCount(1);
    await expect(list.row(review.evaluationId).getByRole('img', { name: '2 stars' })).toBeVisible();
    await list.rowAction(review.evaluationId, 'Reply');
    const dialog = screens.dialog('Reply to the review');
    await dialog.getByRole('button', { name: 'Post reply' }).click();
    await expect(dialog).toContainText('reply is required');
    await dialog.getByRole('textbox', { name: /reply/ }).fill('x'.repeat(501));
    await dialog.getByRole('button', { name: 'Post reply' }).click();
    await expect(dialog).toContainText('reply must be at most 500 characters');
    await dialog.getByRole('textbox', { name: /reply/ }).fill('e2e: sorry, a replacement is on its way');
    await dialog.getByRole('button', { name: 'Post reply' }).click();
    await expect(dialog).toHaveCount(0);

    await list.chooseTab('replied');
    await expect(list.row(review.evaluationId)).toContainText('e2e: sorry, a replacement is on its way');
    await expect(list.row(review.evaluationId).getByRole('button', { name: 'Reply' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/after-sales-reviews.png', fullPage: true });
  } finally {
    merchant.dispose();
  }
});

test('the after-sales screens in zh-CN list the demo store\'s seeded records', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const screens = new AfterSalesPages(page);
  const all = screens.list('afterSales.all', AFTER_SALES_SCREENS.all);
  await signIn(page, all.path, { language: 'zh-CN' });
  await all.waitForRows();
  const menu = page.getByRole('navigation', { name: /主菜单|Main menu/ });
  for (const title of ['售后处理', '全部售后', '投诉管理', '评价管理']) await expect(menu.getByText(title, { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: '待退款（仅退款）' })).toBeVisible();
  await all.chooseStatusTab('已退款');
  await page.screenshot({ path: 'test-results/after-sales-all-zh.png', fullPage: true });
  const [refundId] = await all.rowIds();
  await all.rowAction(refundId!, '详情');
  await expect(page).toHaveURL(new RegExp(`${AFTER_SALES_SCREENS.allDetails}\\?id=${refundId}$`));
  await expect(page.getByRole('heading', { name: '处理记录' })).toBeVisible();
  await expect(screens.field('status')).toHaveText('已退款');
  await page.screenshot({ path: 'test-results/after-sales-detail-zh.png', fullPage: true });

  const complaints = screens.list('afterSales.complaint', '/order/orderComplaint');
  await complaints.open();
  await complaints.chooseStatusTab('申诉结束');
  await page.screenshot({ path: 'test-results/after-sales-complaints-zh.png', fullPage: true });

  const reviews = screens.list('afterSales.evaluation', '/order/orderEvaluation');
  await reviews.open();
  await reviews.chooseTab('未回复');
  await reviews.waitForRows();
  await expect(reviews.rows().first().getByRole('button', { name: '回复' })).toBeVisible();
  await page.screenshot({ path: 'test-results/after-sales-reviews-zh.png', fullPage: true });
});
