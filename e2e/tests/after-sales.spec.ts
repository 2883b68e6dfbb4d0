import { test, expect, type Page } from '@playwright/test';
import { afterSalesEndpoints } from '@merchant/api-contracts';
import { isSecureTransportError, type SecureClient } from '@merchant/secure-transport';
import { AFTER_SALES_SCREENS } from '../pages/order-screens';
import { ResourceListPage } from '../pages/resource-list-page';
import { buyer, buyerConfirmsReceipt, buyerPlacesAndPays, type BuyerOptions } from '../support/buyer';
import { merchantClient, merchantShips } from '../support/merchant';
import { signIn, switchLanguage } from '../support/sign-in';
import { CONTRACT_PATHS, OK, consoleUrl } from '../support/stack';

// After-sales against the real servers (docs/orders.md "Refunds", "Complaints", "Reviews"): a buyer (the
// keyed `/buyer/...` routes) places and pays an order and asks for a refund only; the merchant approves and pays
// it in ONE confirmed step in the console (issue 35 §9), the first answer is lost and the dialog's retry sends
// the same idempotency key, so the money leaves once (one ledger row), and a replay of that key with the
// merchant's own token is answered with the same payment; the refund lists and the trade refund list agree. A
// return-and-refund request keeps its own flow (approve the return, receive it, pay). A buyer's complaint shows with its timeline and takes the merchant's
// response; a buyer's review of a completed order takes one reply.

const FLOW_TIMEOUT = 180_000;
const LAPTOP = { width: 1366, height: 768 };
/** The trade refund list (console-spec §2 rfundQuery): the payment side's view of the same refunds. */
const TRADE_REFUNDS = '/trade/TransactionManagement/rfundQuery';

interface RefundDetail {
  refundId: number;
  status: number;
  amountCents: number;
  history: { event: string }[];
  order: { status: number; amountCents: number; refundedCents: number; refundableCents: number };
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

  /** The process screen's action buttons, in order. */
  actions() {
    return this.page.getByTestId('refund-actions').getByRole('button');
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

test('a refund-only request is approved and paid in one confirmed step, once however often it is retried; order, refund and trade lists agree', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  // Issue 35: every screen touched is looked at 1366 px wide.
  await page.setViewportSize(LAPTOP);
  const merchant = await merchantClient();
  try {
    const order = await buyerPlacesAndPays(merchant, { tag: 'refund' });
    const { buyerAccid } = order;
    // Two requests that together fit what was paid: one for the English flow, one looked at in Chinese.
    const refundCents = Math.max(1, Math.min(Math.floor(order.amountCents / 3), 1_00));
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
    // A refund-only request: one step that approves and pays, or reject; never "approve return".
    await expect(screens.actions()).toHaveText(['Approve and refund', 'Reject']);

    // The first answer is lost after store-server approved and paid; the dialog's retry repeats its key.
    let lost = false;
    await page.route('**/afterSales/refund/approveAndPay', async (route) => {
      const response = await route.fetch();
      if (!lost) {
        lost = true;
        await route.abort('connectionreset');
      } else {
        await route.fulfill({ response });
      }
    });
    await screens.action('approveAndPay').click();
    const dialog = screens.dialog('Approve and refund the buyer');
    await expect(dialog.getByTestId('pay-buyer')).toHaveText(order.buyerName);
    await expect(dialog.getByTestId('pay-amount')).toHaveText(`¥${(refundCents / 100).toFixed(2)}`);
    await expect(dialog.getByTestId('pay-order-left')).toHaveText(`¥${(order.amountCents / 100).toFixed(2)}`);
    await page.screenshot({ path: 'test-results/after-sales-approve-and-pay-dialog.png' });
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

    // One ledger row; the history has the approval and the payment; the order took the money back and kept its status.
    const detail = (await merchant.request<RefundDetail>(CONTRACT_PATHS.refundDetail, { refundId: refund.refundId })).data;
    expect(detail.ledger).toHaveLength(1);
    expect(detail.ledger[0]!.amountCents).toBe(refundCents);
    expect(detail.history.map((entry) => entry.event)).toEqual(['request', 'approveRefundOnly', 'pay']);
    expect([detail.status, detail.order.status, detail.order.refundedCents]).toEqual([2, 1, refundCents]);
    // The same key again (a third attempt, from another client of the same store) answers that payment.
    const key = detail.ledger[0]!.idempotencyKey;
    const replay = await merchant.request<{ ledgerId: number }>(afterSalesEndpoints.approveAndPay.path, { refundId: refund.refundId, idempotencyKey: key });
    expect(replay.data.ledgerId).toBe(detail.ledger[0]!.ledgerId);
    // A new key on a refund already paid is a second payment: refused, nothing moves.
    const second = await merchant
      .request(afterSalesEndpoints.approveAndPay.path, { refundId: refund.refundId, idempotencyKey: crypto.randomUUID() }, { silent: true })
      .then(() => OK, (error: unknown) => (isSecureTransportError(error) ? error.code : String(error)));
    expect(second).toBe('10100005');
    const after = (await merchant.request<RefundDetail>(CONTRACT_PATHS.refundDetail, { refundId: refund.refundId })).data;
    expect([after.ledger.length, after.order.refundedCents]).toEqual([1, refundCents]);

    // orderAfterAll lists it under "refunded"; the trade refund list (the payment side) as "refund succeeded".
    const all = screens.list('afterSales.all', AFTER_SALES_SCREENS.all);
    await all.open();
    await all.search({ 'after-sales no.': refund.refundNo });
    await expect(all.cell(refund.refundId, 'status')).toHaveText('refunded');
    await page.screenshot({ path: 'test-results/after-sales-all.png', fullPage: true });
    const trade = screens.list('trade.refunds', TRADE_REFUNDS);
    await trade.open();
    await trade.search({ 'refund no.': refund.refundNo });
    await expect(trade.rows()).toHaveCount(1);
    await expect(trade.cell(refund.refundId, 'status')).toHaveText('refund succeeded');
    await expect(trade.cell(refund.refundId, 'amountCents')).toHaveText((refundCents / 100).toFixed(2));

    // The second request, in Chinese: the same one step, its dialog showing the buyer and the amount.
    const other = await buyer<{ refundId: number }>('/buyer/refunds/request', { orderId: order.orderId, buyerAccid, kind: 1, amountCents: refundCents, reason: 'e2e: 颜色不对' });
    await page.goto(`${consoleUrl()}/order/processRefund?id=${other.refundId}`);
    await switchLanguage(page, 'zh-CN');
    await expect(screens.actions()).toHaveText(['同意并退款', '拒绝退款']);
    await page.screenshot({ path: 'test-results/after-sales-process-refund-zh.png', fullPage: true });
    await screens.action('approveAndPay').click();
    const zhDialog = screens.dialog('同意退款并退给买家');
    await expect(zhDialog.getByTestId('pay-buyer')).toHaveText(order.buyerName);
    await expect(zhDialog.getByTestId('pay-amount')).toHaveText(`¥${(refundCents / 100).toFixed(2)}`);
    await page.screenshot({ path: 'test-results/after-sales-approve-and-pay-dialog-zh.png' });
    await zhDialog.getByRole('button', { name: '取消' }).click();
    await expect(zhDialog).toHaveCount(0);
    expect((await merchant.request<RefundDetail>(CONTRACT_PATHS.refundDetail, { refundId: other.refundId })).data.status).toBe(0);
  } finally {
    merchant.dispose();
  }
});

test('a return-and-refund request keeps its flow: approve the return, receive it, then pay', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  await page.setViewportSize(LAPTOP);
  const merchant = await merchantClient();
  try {
    const order = await buyerPlacesAndPays(merchant, { tag: 'return' });
    await merchantShips(merchant, order.orderId);
    const refundCents = Math.max(1, Math.min(order.amountCents, 1_00));
    const refund = await buyer<{ refundId: number; refundNo: string }>('/buyer/refunds/request', { orderId: order.orderId, buyerAccid: order.buyerAccid, kind: 2, amountCents: refundCents, reason: 'e2e: too small' });

    const screens = new AfterSalesPages(page);
    await signIn(page, `/order/processRefund?id=${refund.refundId}`);
    await expect(screens.field('refundNo')).toHaveText(refund.refundNo);
    await expect(screens.actions()).toHaveText(['Approve return', 'Reject']);
    await screens.action('approveReturn').click();
    await screens.confirm('Approve return and refund');
    await expect(screens.field('status')).toHaveText('confirmed');
    await expect(screens.actions()).toHaveText(['Return received', 'Reject']);
    await screens.action('receiveReturn').click();
    await screens.confirm('Return received');
    await expect(screens.actions()).toHaveText(['Pay refund']);
    await screens.action('pay').click();
    const dialog = screens.dialog('Refund the buyer');
    await expect(dialog.getByTestId('pay-amount')).toHaveText(`¥${(refundCents / 100).toFixed(2)}`);
    await dialog.getByTestId('pay-refund-submit').click();
    await expect(dialog).toHaveCount(0);
    await expect(screens.field('status')).toHaveText('refunded');
    const detail = (await merchant.request<RefundDetail>(CONTRACT_PATHS.refundDetail, { refundId: refund.refundId })).data;
    expect(detail.history.map((entry) => entry.event)).toEqual(['request', 'approveReturn', 'receiveReturn', 'pay']);
    expect(detail.ledger).toHaveLength(1);
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
