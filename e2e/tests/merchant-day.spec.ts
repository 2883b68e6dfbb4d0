// Issue 35 "Done means": a merchant's day. One journey through the daily jobs, run three times: zh-CN and en-US at
// 1366×768, and once on a phone at 390×844. Sign in; the dashboard's to-dos (orders to ship opens its list already
// filtered, with the dashboard's count as its total); ship an order with the form; approve and pay a refund-only
// request in one confirmed step; reply to a review from the dialog that shows it; release a good, which the
// platform operator then approves; and from an order, "chat with buyer" opens the buyer's conversation in the
// cross-origin chat frame and sends a message the buyer's own IM client receives. Each step checks what changed:
// the order's state, the refund's payment, the lists, the good's status, the message delivered. A buyer of the run
// (the keyed buyer routes, support/buyer.ts) places the orders, asks for the refund and writes the review, so runs
// never share rows; counts are read before and compared after.
import { test, expect } from '@playwright/test';
import type { SecureClient } from '@merchant/secure-transport';
import { connectCustomer } from '../customer-client';
import { ChatFrame, CHROMIUM_WITH_STORAGE_PARTITIONING } from '../pages/chat-frame';
import { DashboardPage } from '../pages/dashboard-page';
import { freshPng } from '../pages/media-files';
import { DAY_TEXT, LocalisedGoodsRelease, shipWithForm, type DayLanguage } from '../pages/merchant-day';
import { PlatformOperator } from '../pages/onboarding-operator';
import { AFTER_SALES_SCREENS, ORDER_SCREENS, OrderScreens } from '../pages/order-screens';
import { ResourceListPage } from '../pages/resource-list-page';
import { SHIPPING_SCREENS } from '../pages/shipping-screens';
import { buyer, buyerConfirmsReceipt, buyerPlacesAndPays } from '../support/buyer';
import { merchantClient, merchantShips, orderState } from '../support/merchant';
import { screenshot } from '../support/screenshot';
import { signIn } from '../support/sign-in';
import { CONTRACT_PATHS, consoleUrl, frameUrl, storeUrl } from '../support/stack';

/** The demo store's IM account (store-server's getCccUserImToken: `s_<storeId>`). */
const STORE_ACCOUNT = 's_1001';
/** Seven jobs across a dozen screens on a shared two-core machine. */
const DAY_TIMEOUT = 360_000;

interface DayRun {
  name: string;
  language: DayLanguage;
  viewport: { width: number; height: number };
  /** Screenshots of every step (the phone run's; the laptop runs keep a few). */
  everyStep: boolean;
}

const RUNS: DayRun[] = [
  { name: 'zh-CN at 1366×768', language: 'zh-CN', viewport: { width: 1366, height: 768 }, everyStep: false },
  { name: 'en-US at 1366×768', language: 'en-US', viewport: { width: 1366, height: 768 }, everyStep: false },
  { name: 'en-US at 390×844', language: 'en-US', viewport: { width: 390, height: 844 }, everyStep: true },
];

interface RefundDetail {
  status: number;
  ledger: { amountCents: number }[];
  history: { event: string }[];
}

/** The buyer's day before the merchant's: three paid orders (one to ship, one to refund, one completed and reviewed). */
async function buyersDay(merchant: SecureClient, tag: string) {
  const buyerAccid = `c_e2e_day_${tag}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const toShip = await buyerPlacesAndPays(merchant, { tag, buyerAccid });
  const toRefund = await buyerPlacesAndPays(merchant, { tag, buyerAccid });
  const refundCents = Math.max(1, Math.min(Math.floor(toRefund.amountCents / 2), 1_00));
  const refund = await buyer<{ refundId: number; refundNo: string }>('/buyer/refunds/request', {
    orderId: toRefund.orderId, buyerAccid, kind: 1, amountCents: refundCents, reason: `e2e day ${tag}: wrong colour`,
  });
  const reviewed = await buyerPlacesAndPays(merchant, { tag, buyerAccid });
  await merchantShips(merchant, reviewed.orderId);
  await buyerConfirmsReceipt(reviewed);
  const reviewText = `e2e day ${tag}: two tiles arrived chipped, the rest are lovely`;
  const review = await buyer<{ evaluationId: number }>('/buyer/evaluations/write', { orderId: reviewed.orderId, buyerAccid, rating: 3, content: reviewText });
  return { buyerAccid, toShip, toRefund, refund, refundCents, reviewed, review, reviewText };
}

// The chat frame keeps its cache in IndexedDB as merchants' Chromium lets it (chat-frame.ts).
// A control that never comes fails its step within half a minute, not at the day's timeout.
test.use({ launchOptions: CHROMIUM_WITH_STORAGE_PARTITIONING, actionTimeout: 30_000 });
// The runs share nothing (a buyer of their own, each worker its own stack): side by side when there are workers.
test.describe.configure({ mode: 'parallel' });

for (const run of RUNS) {
  test.describe(`a merchant's day, ${run.name}`, () => {
    test.use({ viewport: run.viewport });

    test(`sign in, the to-dos, ship, refund, reply to a review, release goods and chat with the buyer (${run.name})`, async ({ page }) => {
      test.setTimeout(DAY_TIMEOUT);
      const text = DAY_TEXT[run.language];
      const tag = `${run.language === 'zh-CN' ? 'zh' : 'en'}${run.viewport.width}`;
      const shot = async (step: string, always = false) => {
        if (run.everyStep || always) await screenshot(page, `merchant-day-${tag}-${step}`, { fullPage: false });
      };
      const merchant = await merchantClient();
      const day = await buyersDay(merchant, tag);
      // The buyer is online on their own IM client before the merchant writes.
      const customer = await connectCustomer(day.buyerAccid, day.toShip.buyerName);
      try {
        // Sign in.
        await test.step('sign in', async () => {
          await signIn(page, '/dashboard', { language: run.language });
          await expect(page.getByTestId('user-menu')).toBeVisible();
          await shot('1-dashboard', true);
        });

        // The dashboard's to-dos: each count is the server's; "orders to ship" opens the list filtered to exactly those.
        const dashboard = new DashboardPage(page, consoleUrl());
        const toShipBefore = await dashboard.todoCount('ordersToShip');
        expect(toShipBefore).toBeGreaterThanOrEqual(2);
        expect(await dashboard.todoCount('refundsToHandle')).toBeGreaterThanOrEqual(1);
        expect(await dashboard.todoCount('reviewsWithoutReply')).toBeGreaterThanOrEqual(1);
        const orders = new OrderScreens(page, consoleUrl());
        await test.step('the dashboard to-do "orders to ship" opens the filtered list', async () => {
          await dashboard.todo('ordersToShip').click();
          await expect(page).toHaveURL(new RegExp(`${ORDER_SCREENS.list}\\?`));
          await expect(orders.list.totalText()).toHaveText(new RegExp(`^(total ${toShipBefore}|共 ${toShipBefore} 条)$`), { timeout: 30_000 });
          await orders.list.waitForRows();
          await shot('2-orders-to-ship');
        });

        // Ship: the order found in the to-ship list, shipped with the form; the order is shipped and leaves the to-dos.
        await test.step('ship an order', async () => {
          await orders.list.search({ [text.orderNoField]: day.toShip.orderNo });
          await expect(orders.list.rows()).toHaveCount(1);
          await orders.list.rowAction(day.toShip.orderId, text.ship);
          await expect(page).toHaveURL(new RegExp(`${SHIPPING_SCREENS.shippingOrder}\\?orderId=${day.toShip.orderId}`));
          await expect(page.getByTestId('ship-orderNo')).toContainText(day.toShip.orderNo);
          await shot('3-ship-form');
          const trackingNo = `SF${Date.now()}`;
          await shipWithForm(page, consoleUrl(), run.language, trackingNo);
          await expect(page).toHaveURL(new RegExp(`${SHIPPING_SCREENS.deliverySuccess}\\?orderId=${day.toShip.orderId}`));
          await expect(page.getByTestId('delivery-success-summary')).toContainText(trackingNo);
          await shot('4-shipped');
          const shipped = await orderState(merchant, day.toShip.orderId);
          expect(shipped.status).toBe(2);
          expect(shipped.shipments.map((shipment) => shipment.trackingNo)).toEqual([trackingNo]);
        });

        // Refund: from the to-do, the refund-only request approved and paid in one confirmed step.
        await test.step('approve and pay a refund-only request', async () => {
          // Back on the dashboard, the shipped order has left "orders to ship".
          await dashboard.open();
          await expect.poll(() => dashboard.todoCount('ordersToShip'), { timeout: 30_000 }).toBe(toShipBefore - 1);
          await dashboard.todo('refundsToHandle').click();
          await expect(page).toHaveURL(new RegExp(`${AFTER_SALES_SCREENS.pending}(\\?|$)`));
          const pending = new ResourceListPage(page, consoleUrl(), 'afterSales.pending', AFTER_SALES_SCREENS.pending);
          await pending.waitForRows();
          await pending.search({ [text.refundNoField]: day.refund.refundNo });
          await expect(pending.rows()).toHaveCount(1);
          await shot('5-refunds-to-handle');
          await pending.rowAction(day.refund.refundId, text.process);
          await expect(page).toHaveURL(new RegExp(`/order/processRefund\\?id=${day.refund.refundId}$`));
          await page.getByTestId('refund-action-approveAndPay').click();
          const dialog = page.getByRole('dialog');
          await expect(dialog.getByTestId('pay-amount')).toHaveText(`¥${(day.refundCents / 100).toFixed(2)}`);
          await shot('6-approve-and-pay');
          await dialog.getByTestId('pay-refund-submit').click();
          await expect(dialog).toHaveCount(0);
          await expect(page.getByTestId('detail-status').locator('dd')).toHaveText(text.refunded);
          const refund = (await merchant.request<RefundDetail>(CONTRACT_PATHS.refundDetail, { refundId: day.refund.refundId })).data;
          expect([refund.status, refund.ledger.map((entry) => entry.amountCents)]).toEqual([2, [day.refundCents]]);
          expect(refund.history.map((entry) => entry.event)).toEqual(['request', 'approveRefundOnly', 'pay']);
          await shot('7-refunded');
        });

        // Reply to a review: the dialog shows the review being answered; the reply takes it off the "not replied" list.
        await test.step('reply to a review', async () => {
          await dashboard.open();
          await dashboard.todo('reviewsWithoutReply').click();
          await expect(page).toHaveURL(/\/order\/orderEvaluation\?/);
          const reviews = new ResourceListPage(page, consoleUrl(), 'afterSales.evaluation', '/order/orderEvaluation');
          await reviews.waitForRows();
          await reviews.search({ [text.orderNoField]: day.reviewed.orderNo });
          await expect(reviews.rows()).toHaveCount(1);
          await reviews.rowAction(day.review.evaluationId, text.reply);
          const dialog = page.getByRole('dialog', { name: text.replyTitle });
          await expect(dialog.getByRole('figure', { name: text.review })).toContainText(day.reviewText);
          await shot('8-reply-dialog');
          const answer = `e2e day ${tag}: sorry, two new tiles are on their way`;
          await dialog.getByRole('textbox', { name: text.replyField }).fill(answer);
          await dialog.getByRole('button', { name: text.postReply }).click();
          await expect(dialog).toHaveCount(0);
          // The list is the to-do's, "not replied": the answered review has left it.
          await expect(reviews.row(day.review.evaluationId)).toHaveCount(0);
          await shot('9-replied');
        });

        // Release goods: a one-SKU tile with an uploaded image, submitted for review, then approved by the platform.
        await test.step('release a good', async () => {
          const release = new LocalisedGoodsRelease(page, consoleUrl(), run.language);
          await release.release.open();
          const title = `E2E day tile ${tag} ${Date.now()}`;
          await release.fillTile('Marco Tiles', title, '600x600', '45.80', '30');
          await release.pickNewImages([freshPng(`day-${tag}-${Date.now()}.png`)]);
          await release.release.writeDetail('Matte porcelain, frost resistant.');
          await release.chooseFreightTemplate();
          await shot('10-release-form');
          await release.release.submit();
          await expect(release.release.submitSuccess()).toBeVisible({ timeout: 30_000 });
          const goodsId = release.release.submittedGoodsId();
          expect(goodsId).toBeGreaterThan(0);
          await release.release.openPreview(goodsId);
          await expect(release.release.previewStatus()).toHaveText(text.underReview);
          const approved = await new PlatformOperator(storeUrl()).run(['goods-approve', String(goodsId)]);
          expect(approved.exitCode).toBe(0);
          await page.reload();
          await expect(release.release.previewStatus()).toHaveText(text.onShelf, { timeout: 30_000 });
          await expect(page.getByTestId('preview-price')).toHaveText('¥ 45.80');
          await shot('11-on-shelf');
        });

        // Chat with the buyer from an order: the cross-origin frame opens their conversation; the buyer receives the message.
        await test.step('chat with the buyer from an order', async () => {
          await orders.openDetail(day.toShip.orderId);
          await page.getByTestId('order-action-chat').click();
          await expect(page).toHaveURL(/\/message\/message$/);
          const chat = new ChatFrame(page, frameUrl());
          await expect(chat.input()).toBeEditable({ timeout: 30_000 });
          if (run.viewport.width >= 992) await expect(chat.session(day.buyerAccid)).toHaveAttribute('aria-current', 'true');
          const message = `e2e day ${tag}: your order ${day.toShip.orderNo} is on its way`;
          await chat.reply(message);
          await expect(chat.messages().filter({ hasText: message })).toHaveCount(1);
          const received = await customer.waitForText(message, 30_000);
          expect(received.from).toBe(STORE_ACCOUNT);
          await shot('12-chat', true);
        });
      } finally {
        await customer.close();
        merchant.dispose();
      }
    });
  });
}
