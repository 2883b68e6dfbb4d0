import { test, expect, type Page } from '@playwright/test';
import { ConsoleShell } from '../pages/console-shell';
import { NewOrderSignals } from '../pages/new-order-signals';
import { ORDER_SCREENS, OrderScreens } from '../pages/order-screens';
import { SHIPPING_SCREENS, ShippingScreens } from '../pages/shipping-screens';
import { buyerConfirmsReceipt, buyerPlacesAndPays } from '../support/buyer';
import { merchantClient, orderState } from '../support/merchant';
import { signInToDashboard } from '../support/sign-in';
import { consoleUrl } from '../support/stack';

// Issue 11's order chain, end to end against the real stack (docs/orders.md, the order machine): a customer
// places and pays an order through the keyed buyer routes → it appears live in the open console (notice and
// menu count, no reload) → the merchant follows the notice to the order and ships it from the console's
// shipping screen (carrier and tracking number) → the customer confirms receipt through the buyer route →
// the merchant's order detail shows "completed" with the whole history, and the order list's "completed"
// tab lists the order; then the same in Chinese after switching the console's language.

// Five screens and a sign-in on a machine other suites share.
const FLOW_TIMEOUT = 240_000;
/** `YYYY-MM-DD HH:mm:ss` (console-spec: timestamps in seconds, shown in this form). */
const SHOWN_TIME = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;

/** A flag on the window survives only as long as the console is not reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument === true);

test('a paid order reaches the open console, is shipped from it, confirmed by the customer and shows completed', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  try {
    await signInToDashboard(page);
    const signals = new NewOrderSignals(page);
    const orders = new OrderScreens(page, consoleUrl());
    const shipping = new ShippingScreens(page, consoleUrl());
    await markDocument(page);

    // 1. The customer places and pays; the open dashboard learns of it without a reload.
    const order = await buyerPlacesAndPays(merchant, { tag: 'chain' });
    const notice = signals.noticeFor(order.orderId);
    await expect(notice).toContainText('You have a new paid order');
    await expect(signals.menuBadge()).toHaveText(/^[1-9]\d*$/);
    await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
    expect(await sameDocument(page)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('chain-1-notice.png'), fullPage: true });

    // 2. The notice leads to the order: paid, to ship, and shipping is what it offers.
    await signals.openOrderFromNotice(order.orderId);
    await expect(page).toHaveURL(new RegExp(`${ORDER_SCREENS.details}\\?id=${order.orderId}$`));
    await expect(orders.detailField('orderNo')).toHaveText(order.orderNo);
    await expect(orders.detailField('status')).toHaveText('to ship');
    await expect(orders.historyEntries()).toHaveCount(1);
    await expect(orders.historyEntries().nth(0)).toContainText('paid by the buyer');

    // 3. The merchant ships it from the console: the shipping screen, a carrier and a tracking number.
    await orders.action('Ship').click();
    await expect(page).toHaveURL(new RegExp(`${SHIPPING_SCREENS.shippingOrder}\\?orderId=${order.orderId}$`));
    await expect(page.getByTestId('ship-orderNo')).toContainText(order.orderNo);
    const trackingNo = `SF${Date.now()}`;
    await shipping.ship('SF Express', trackingNo);
    await expect(page).toHaveURL(new RegExp(`${SHIPPING_SCREENS.deliverySuccess}\\?orderId=${order.orderId}&shipmentId=\\d+`));
    await expect(shipping.successSummary()).toHaveText(`Order ${order.orderNo} was handed to SF Express, tracking number ${trackingNo}.`);
    await shipping.nextStep('View order').click();
    await expect(page).toHaveURL(new RegExp(`${ORDER_SCREENS.details}\\?id=${order.orderId}$`));
    await expect(orders.detailField('status')).toHaveText('shipped');
    await expect(orders.action('Ship')).toHaveCount(0);
    await expect(page.getByTestId('order-shipments')).toContainText(trackingNo);
    await expect(orders.historyEntries()).toHaveCount(2);
    await expect(orders.historyEntries().nth(1)).toContainText('shipped');
    await expect(orders.historyEntries().nth(1)).toContainText('merchant');
    // All of it in the console that was open when the order came: no reload so far.
    expect(await sameDocument(page)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('chain-2-shipped.png'), fullPage: true });

    // 4. The customer confirms receipt through the buyer route.
    expect((await buyerConfirmsReceipt(order)).status).toBe(4);

    // 5. The merchant's detail, reloaded, shows completed and the whole history, oldest first.
    await page.reload();
    await expect(orders.detailField('status')).toHaveText('completed', { timeout: 45_000 });
    await expect(orders.historyEntries()).toHaveCount(3);
    const [paid, shipped, confirmed] = [0, 1, 2].map((index) => orders.historyEntries().nth(index));
    await expect(paid!).toContainText('paid by the buyer');
    await expect(paid!).toContainText(SHOWN_TIME);
    await expect(shipped!).toContainText('shipped');
    await expect(shipped!).toContainText('to ship → shipped');
    await expect(confirmed!).toContainText('receipt confirmed');
    await expect(confirmed!).toContainText('buyer');
    await expect(confirmed!).toContainText('shipped → completed');
    await expect(confirmed!).toContainText(SHOWN_TIME);
    // Completed: nothing left to ship, no return period left to extend.
    await expect(orders.action('Ship')).toHaveCount(0);
    await expect(orders.action('Extend return period')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('chain-3-completed.png'), fullPage: true });
    // The screen tells what the server holds.
    const state = await orderState(merchant, order.orderId);
    expect(state.status).toBe(4);
    expect(state.history.map((entry) => [entry.event, entry.actor])).toEqual([['paid', 'buyer'], ['ship', 'merchant'], ['confirmReceipt', 'buyer']]);
    expect(state.shipments.map((shipment) => shipment.trackingNo)).toEqual([trackingNo]);

    // 6. The order list's "completed" tab lists it; "to ship" no longer does.
    await orders.list.open();
    await orders.findByBuyer(order.buyerName);
    await orders.chooseStatusTab('completed');
    await expect(orders.list.row(order.orderId)).toBeVisible();
    await expect(orders.list.rows()).toHaveCount(1);
    await expect(orders.list.cell(order.orderId, 'status')).toHaveText('completed');
    await page.screenshot({ path: test.info().outputPath('chain-4-list-completed.png'), fullPage: true });
    await orders.chooseStatusTab('to ship');
    await expect(orders.list.row(order.orderId)).toHaveCount(0);

    // 7. A merchant who reads Chinese switches the console's language: the same facts in zh-CN.
    await orders.openDetail(order.orderId);
    await expect(orders.detailField('status')).toHaveText('completed', { timeout: 45_000 });
    await new ConsoleShell(page, consoleUrl()).switchLanguage('简体中文');
    await expect(orders.detailField('status')).toHaveText('已完成');
    await expect(orders.historyEntries().nth(0)).toContainText('买家已付款');
    await expect(orders.historyEntries().nth(1)).toContainText('商家已发货');
    await expect(orders.historyEntries().nth(2)).toContainText('确认收货');
    await expect(orders.historyEntries().nth(2)).toContainText('已发货 → 已完成');
    await page.screenshot({ path: test.info().outputPath('chain-5-completed-zh.png'), fullPage: true });
  } finally {
    merchant.dispose();
  }
});
