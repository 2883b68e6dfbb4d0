import { test, expect } from '@playwright/test';
import { ChatFrame } from '../pages/chat-frame';
import { NewOrderSignals } from '../pages/new-order-signals';
import { ORDER_SCREENS } from '../pages/order-screens';
import { buyerPlacesAndPays } from '../support/buyer';
import { merchantClient } from '../support/merchant';
import { signInToDashboard } from '../support/sign-in';
import { CONTRACT_PATHS, consoleUrl, frameUrl } from '../support/stack';

// Real-time new orders (issue 11, decision 0006) against the real servers: the merchant has the
// console open on the dashboard; a buyer places and pays an order through the keyed
// `/buyer/orders/...` routes; without a reload the console shows the new-order notice (in the
// merchant's language) and a count on the order list's menu entry; the notice's link opens the
// order, and opening the order list clears the count.

const FLOW_TIMEOUT = 180_000;

test('a paid order reaches the open dashboard without a reload: notice, menu count, link to the order', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  await signInToDashboard(page);
  const signals = new NewOrderSignals(page);
  // Survives only as long as the page is not reloaded.
  await page.evaluate(() => ((window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument = true));
  await expect(signals.menuBadge()).toHaveCount(0);

  const order = await buyerPlacesAndPays(merchant, { tag: 'live' });
  const notice = signals.noticeFor(order.orderId);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('You have a new paid order');
  await expect(signals.menuBadge()).toHaveText(/^[1-9]\d*$/);
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  expect(await page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument)).toBe(true);
  await page.screenshot({ path: 'test-results/orders-live-notice.png', fullPage: true });

  await signals.openOrderFromNotice(order.orderId);
  await expect(page).toHaveURL(new RegExp(`${ORDER_SCREENS.details}\\?id=${order.orderId}$`));
  await expect(page.getByTestId('order-orderNo').locator('dd')).toHaveText(order.orderNo);
  expect(await page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument)).toBe(true);

  // Opening the order list is "seen": the count goes.
  await signals.openOrderListFromMenu();
  await expect(page).toHaveURL(new RegExp(`${ORDER_SCREENS.list}$`));
  await expect(signals.menuBadge()).toHaveCount(0);
});

test('the new-order notice reads in zh-CN for a merchant using Chinese', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  await signInToDashboard(page, { language: 'zh-CN' });
  const order = await buyerPlacesAndPays(merchant, { tag: 'live' });
  const notice = new NewOrderSignals(page).noticeFor(order.orderId);
  await expect(notice).toContainText('您有一笔新的已付款订单');
  await expect(notice.getByRole('link')).toHaveText('查看订单');
});

test('two console tabs of one store share one stream, and both show the new order', async ({ context }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const streamRequests: string[] = [];
  context.on('request', (request) => {
    if (request.url().includes(CONTRACT_PATHS.eventStream)) streamRequests.push(request.url());
  });
  const merchant = await merchantClient();
  const first = await context.newPage();
  // "Remember me": the second tab is signed in from the stored token.
  await signInToDashboard(first, { remember: true });
  const second = await context.newPage();
  await second.goto(`${consoleUrl()}/dashboard`);
  await expect(second.getByTestId('user-menu')).toBeVisible();

  const order = await buyerPlacesAndPays(merchant, { tag: 'live' });
  await expect(new NewOrderSignals(first).noticeFor(order.orderId)).toBeVisible();
  await expect(new NewOrderSignals(second).noticeFor(order.orderId)).toBeVisible();
  await expect(new NewOrderSignals(second).menuBadge()).toHaveText(/^[1-9]\d*$/);
  expect(streamRequests).toHaveLength(1);
});

test("from the new order, chat with buyer opens that buyer's conversation in the embedded chat", async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  await signInToDashboard(page);
  // A buyer of this run: no conversation with the store yet, and no profile on the IM server.
  const buyerAccount = `c_e2e_chat_${Date.now().toString(36)}`;
  const order = await buyerPlacesAndPays(merchant, { tag: 'live', buyerAccid: buyerAccount });
  const signals = new NewOrderSignals(page);
  await signals.openOrderFromNotice(order.orderId);
  await expect(page).toHaveURL(new RegExp(`${ORDER_SCREENS.details}\\?id=${order.orderId}$`));

  await page.getByTestId('order-action-chat').click();
  await expect(page).toHaveURL(/\/message\/message$/);
  const chat = new ChatFrame(page, frameUrl());
  // The conversation is started, selected and opened, named by the account until a profile exists.
  await expect(chat.session(buyerAccount)).toHaveAttribute('aria-current', 'true');
  await expect(chat.conversationTitle()).toHaveText(buyerAccount);
  await expect(chat.input()).toBeEditable();
});
