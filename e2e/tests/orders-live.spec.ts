import { test, expect, type Page } from '@playwright/test';
import { createSecureClient, type SecureClient } from '@merchant/secure-transport';
import { LoginPage } from '../pages/login-page';
import { ChatFrame } from '../pages/chat-frame';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

// Real-time new orders (issue 11, decision 0006) against the real servers: the merchant has the
// console open on the dashboard; a buyer places and pays an order through the keyed
// `/buyer/orders/...` routes; without a reload the console shows the new-order notice (in the
// merchant's language) and a count on the order list's menu entry; the notice's link opens the
// order, and opening the order list clears the count.

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;
const storeUrl = () => process.env.E2E_STORE_URL!;
/** store-server's development buyer key (DEV_BUYER_KEY in apps/store-server/src/config.ts; the e2e stack is not production). */
const BUYER_KEY = 'dev-buyer-key-change-me';
/** demo_merchant's store (README). */
const DEMO_STORE_ID = 1001;
const OK = '00000000';
const PATHS = {
  login: '/v1/store/eshop/store/user/login',
  skuStockList: '/v1/store/eshop/goods/sku/stockList',
  eventStream: '/v1/store/notifications/events',
};
const ORDER_SCREENS = { list: '/order/orderList', details: '/order/orderDetails' };
const FLOW_TIMEOUT = 180_000;

async function buyer<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${storeUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-buyer-key': BUYER_KEY }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { code: string; msg: string; data: T };
  if (answer.code !== OK) throw new Error(`${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

/** The merchant's own calls outside the browser (finding a SKU to buy), as another client would make them. */
async function merchantClient(): Promise<SecureClient> {
  const client = createSecureClient({ baseUrl: storeUrl(), mode: 'none' });
  const signedIn = await client.request<{ accessToken: string }>(PATHS.login, { userName: DEMO_SIGN_IN.userName, password: DEMO_SIGN_IN.password });
  client.setAccessToken(signedIn.data.accessToken);
  return client;
}

/** A buyer of this run (unique account and name) places an order of one in-stock SKU, then pays it. */
async function buyerPlacesAndPays(merchant: SecureClient, account?: string): Promise<{ orderId: number; orderNo: string }> {
  const skus = await merchant.request<{ list: { skuId: number; stock: number }[] }>(PATHS.skuStockList, { pageNum: 1, pageSize: 20, goodsStatus: 2, stockStatus: 1 });
  const sku = skus.data.list.find((candidate) => candidate.stock > 0);
  if (!sku) throw new Error('the demo store has no on-shelf SKU in stock');
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const buyerAccid = account ?? `c_e2e_live_${run}`;
  const buyerName = `E2E live ${run}`;
  const placed = await buyer<{ orderId: number; orderNo: string }>('/buyer/orders/place', {
    storeId: DEMO_STORE_ID,
    buyerAccid,
    buyerName,
    buyerPhone: '13800138000',
    receiver: { name: buyerName, phone: '13800138000', address: '1 Test Road, Hangzhou' },
    items: [{ skuId: sku.skuId, quantity: 1 }],
  });
  await buyer(`/buyer/orders/${placed.orderId}/pay`, { buyerAccid });
  return placed;
}

/** The console's new-order signals in a merchant's terms; selectors live here only. */
class NewOrderSignals {
  constructor(private readonly page: Page) {}

  /** The notice of one order: the one whose link leads to that order's detail. */
  noticeFor(orderId: number) {
    return this.page.getByTestId('notification').filter({ has: this.page.locator(`a[href$="${ORDER_SCREENS.details}?id=${orderId}"]`) });
  }

  async openOrderFromNotice(orderId: number) {
    await this.noticeFor(orderId).getByRole('link').click();
  }

  menuBadge() {
    return this.page.getByTestId('new-orders-badge');
  }

  async openOrderListFromMenu() {
    await this.page.getByRole('navigation', { name: /^(Main menu|主菜单)$/ }).locator(`a[href$="${ORDER_SCREENS.list}"]`).click();
  }
}

async function signInToDashboard(page: Page, language: 'en-US' | 'zh-CN', { remember = false } = {}) {
  await page.addInitScript((lang) => window.localStorage.setItem('console.language', lang), language);
  const login = new LoginPage(page, consoleUrl());
  await login.open(`?redirect=${encodeURIComponent('/dashboard')}`);
  // The stream opens once the shell is up: wait for it before the buyer pays.
  const streamOpened = page.waitForResponse((response) => response.url().includes(PATHS.eventStream) && response.status() === 200);
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password, { remember });
  await expect(page).toHaveURL(/\/dashboard$/);
  await streamOpened;
}

test('a paid order reaches the open dashboard without a reload: notice, menu count, link to the order', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  await signInToDashboard(page, 'en-US');
  const signals = new NewOrderSignals(page);
  // Survives only as long as the page is not reloaded.
  await page.evaluate(() => ((window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument = true));
  await expect(signals.menuBadge()).toHaveCount(0);

  const order = await buyerPlacesAndPays(merchant);
  const notice = signals.noticeFor(order.orderId);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('You have a new paid order');
  await expect(signals.menuBadge()).toHaveText(/^[1-9]\d*$/);
  await expect(page).toHaveURL(/\/dashboard$/);
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
  await signInToDashboard(page, 'zh-CN');
  const order = await buyerPlacesAndPays(merchant);
  const notice = new NewOrderSignals(page).noticeFor(order.orderId);
  await expect(notice).toContainText('您有一笔新的已付款订单');
  await expect(notice.getByRole('link')).toHaveText('查看订单');
});

test('two console tabs of one store share one stream, and both show the new order', async ({ context }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const streamRequests: string[] = [];
  context.on('request', (request) => {
    if (request.url().includes(PATHS.eventStream)) streamRequests.push(request.url());
  });
  const merchant = await merchantClient();
  const first = await context.newPage();
  // "Remember me": the second tab is signed in from the stored token.
  await signInToDashboard(first, 'en-US', { remember: true });
  const second = await context.newPage();
  await second.goto(`${consoleUrl()}/dashboard`);
  await expect(second.getByTestId('user-menu')).toBeVisible();

  const order = await buyerPlacesAndPays(merchant);
  await expect(new NewOrderSignals(first).noticeFor(order.orderId)).toBeVisible();
  await expect(new NewOrderSignals(second).noticeFor(order.orderId)).toBeVisible();
  await expect(new NewOrderSignals(second).menuBadge()).toHaveText(/^[1-9]\d*$/);
  expect(streamRequests).toHaveLength(1);
});

test("from the new order, chat with buyer opens that buyer's conversation in the embedded chat", async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  await signInToDashboard(page, 'en-US');
  // A buyer of this run: no conversation with the store yet, and no profile on the IM server.
  const buyerAccount = `c_e2e_chat_${Date.now().toString(36)}`;
  const order = await buyerPlacesAndPays(merchant, buyerAccount);
  const signals = new NewOrderSignals(page);
  await signals.openOrderFromNotice(order.orderId);
  await expect(page).toHaveURL(new RegExp(`${ORDER_SCREENS.details}\\?id=${order.orderId}$`));

  await page.getByTestId('order-action-chat').click();
  await expect(page).toHaveURL(/\/message$/);
  const chat = new ChatFrame(page, process.env.E2E_FRAME_URL!);
  // The conversation is started, selected and opened, named by the account until a profile exists.
  await expect(chat.session(buyerAccount)).toHaveAttribute('aria-current', 'true');
  await expect(chat.conversationTitle()).toHaveText(buyerAccount);
  await expect(chat.input()).toBeEditable();
});
