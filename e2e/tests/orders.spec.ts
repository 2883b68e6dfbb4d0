import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { createSecureClient, type SecureClient } from '@merchant/secure-transport';
import { LoginPage } from '../pages/login-page';
import { ResourceListPage } from '../pages/resource-list-page';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

// The console's /order screens against the real servers (docs/orders.md "Console screens"): a buyer (the
// keyed `/buyer/orders/...` routes) places and pays an order; the merchant finds it in the order list under
// "to ship", opens its detail, and — once it is shipped — extends its return period and opens its sales
// certificate. The extension is refused (10100005, in the merchant's language) when the buyer confirmed
// receipt meanwhile, and another store cannot open the order at all.

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;
const storeUrl = () => process.env.E2E_STORE_URL!;
/** store-server's development buyer key (DEV_BUYER_KEY in apps/store-server/src/config.ts; the e2e stack is not production). */
const BUYER_KEY = 'dev-buyer-key-change-me';
/** demo_merchant's store (README). */
const DEMO_STORE_ID = 1001;
const OK = '00000000';
// Contract paths (libs/api-contracts: auth login, goods skuStockList, orders shipOrder and orderDetail).
const PATHS = {
  login: '/v1/store/eshop/store/user/login',
  skuStockList: '/v1/store/eshop/goods/sku/stockList',
  shipOrder: '/v1/store/eshop/order/ship',
  orderDetail: '/v1/store/eshop/order/detail',
};
const ORDER_SCREENS = {
  list: '/order/orderList',
  details: '/order/orderDetails',
  extensions: '/order/extensions',
  salesCertificate: '/order/salesCertificate',
};
// A flow crosses several screens: more than the default minute on a busy machine.
const FLOW_TIMEOUT = 180_000;

/** The buyer side: plain JSON with the buyer key. */
async function buyer<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${storeUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-buyer-key': BUYER_KEY }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { code: string; msg: string; data: T };
  if (answer.code !== OK) throw new Error(`${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

/** The merchant's own calls outside the browser (setup), as another client of store-server would make them. */
async function merchantClient(): Promise<SecureClient> {
  const client = createSecureClient({ baseUrl: storeUrl(), mode: 'none' });
  const signedIn = await client.request<{ accessToken: string }>(PATHS.login, { userName: DEMO_SIGN_IN.userName, password: DEMO_SIGN_IN.password });
  client.setAccessToken(signedIn.data.accessToken);
  return client;
}

interface PlacedOrder {
  orderId: number;
  orderNo: string;
  amountCents: number;
  buyerAccid: string;
  buyerName: string;
}

/** A paid order of the demo store by a buyer of this run (unique account and name, so reruns never meet). */
async function paidOrder(merchant: SecureClient, tag: string): Promise<PlacedOrder> {
  const skus = await merchant.request<{ list: { skuId: number; stock: number }[] }>(PATHS.skuStockList, { pageNum: 1, pageSize: 20, goodsStatus: 2, stockStatus: 1 });
  const sku = skus.data.list.find((candidate) => candidate.stock > 0);
  if (!sku) throw new Error('the demo store has no on-shelf SKU in stock');
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const buyerAccid = `c_e2e_${tag}_${run}`;
  const buyerName = `E2E ${tag} ${run}`;
  const placed = await buyer<{ orderId: number; orderNo: string; amountCents: number }>('/buyer/orders/place', {
    storeId: DEMO_STORE_ID,
    buyerAccid,
    buyerName,
    buyerPhone: '13800138000',
    receiver: { name: buyerName, phone: '13800138000', address: '1 Test Road, Hangzhou' },
    items: [{ skuId: sku.skuId, quantity: 1 }],
  });
  await buyer(`/buyer/orders/${placed.orderId}/pay`, { buyerAccid });
  return { ...placed, buyerAccid, buyerName };
}

async function ship(merchant: SecureClient, orderId: number) {
  await merchant.request(PATHS.shipOrder, { orderId, carrier: 'SF Express', trackingNo: `SF${Date.now()}` });
}

async function signIn(page: Page, redirect: string, userName: string = DEMO_SIGN_IN.userName, language: 'en-US' | 'zh-CN' = 'en-US') {
  await page.addInitScript((lang) => window.localStorage.setItem('console.language', lang), language);
  const login = new LoginPage(page, consoleUrl());
  await login.open(`?redirect=${encodeURIComponent(redirect)}`);
  await login.signIn(userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(new RegExp(redirect.replace(/[?]/g, '\\?')));
}

/** Serious and critical accessibility problems axe finds on the page. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The order screens in a merchant's terms; selectors live here only. */
class OrderScreens {
  readonly list: ResourceListPage;

  constructor(private readonly page: Page) {
    this.list = new ResourceListPage(page, consoleUrl(), 'orders.list', ORDER_SCREENS.list);
  }

  /** A status tab: its label carries the count, e.g. "to ship (12)". */
  statusTab(label: string) {
    return this.page.getByRole('tab', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
  }

  async findByBuyer(buyerName: string) {
    await this.list.search({ 'buyer name or phone': buyerName });
  }

  openDetail(orderId: number) {
    return this.page.goto(`${consoleUrl()}${ORDER_SCREENS.details}?id=${orderId}`);
  }

  /** A field's value (the `dd` of the description list). */
  detailField(key: string) {
    return this.page.getByTestId(`order-${key}`).locator('dd');
  }

  action(name: string) {
    return this.page.getByTestId('order-actions').getByRole('button', { name, exact: true });
  }

  history() {
    return this.page.getByTestId('order-history');
  }

  async extendReturnPeriod(days: number) {
    await this.page.getByRole('textbox', { name: /days to add/ }).fill(String(days));
    await this.page.getByTestId('extension-form').getByRole('button', { name: 'Extend', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Extend the return period' });
    await expect(dialog).toContainText(`extended by ${days} days`);
    await dialog.getByRole('button', { name: /confirm/i }).click();
  }
}

test('a paid order shows under "to ship" and its detail offers shipping', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  const order = await paidOrder(merchant, 'list');
  await signIn(page, ORDER_SCREENS.list);
  const orders = new OrderScreens(page);

  await orders.list.waitForRows();
  await orders.statusTab('to ship').click();
  await expect(orders.statusTab('to ship')).toHaveAttribute('aria-selected', 'true');
  await orders.findByBuyer(order.buyerName);
  await expect(orders.list.row(order.orderId)).toBeVisible();
  await expect(orders.list.rows()).toHaveCount(1);
  await expect(orders.list.cell(order.orderId, 'orderNo')).toHaveText(order.orderNo);
  await expect(orders.list.cell(order.orderId, 'status')).toHaveText('to ship');
  await expect(orders.list.cell(order.orderId, 'buyerName')).toContainText(order.buyerName);
  await expect(orders.list.cell(order.orderId, 'buyerName')).toContainText('138****8000');
  await expect(orders.list.cell(order.orderId, 'buyerName')).not.toContainText('13800138000');
  await expect(orders.list.cell(order.orderId, 'amountCents')).toHaveText((order.amountCents / 100).toFixed(2));
  await page.screenshot({ path: 'test-results/orders-list.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Another tab does not list it.
  await orders.statusTab('completed').click();
  await expect(orders.list.row(order.orderId)).toHaveCount(0);

  await orders.statusTab('to ship').click();
  await expect(orders.list.row(order.orderId)).toBeVisible();
  await orders.list.rowAction(order.orderId, 'Detail');
  await expect(page).toHaveURL(new RegExp(`${ORDER_SCREENS.details}\\?id=${order.orderId}$`));
  await expect(orders.detailField('orderNo')).toHaveText(order.orderNo);
  await expect(orders.detailField('status')).toHaveText('to ship');
  await expect(orders.action('Ship')).toBeVisible();
  await expect(orders.action('Extend return period')).toHaveCount(0);
  await expect(orders.history()).toContainText('paid by the buyer');
  await page.screenshot({ path: 'test-results/orders-detail.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // The shipping screen is where Ship leads.
  await orders.action('Ship').click();
  await expect(page).toHaveURL(new RegExp(`/order/shippingOrder\\?orderId=${order.orderId}$`));

});

test('the order list reads in zh-CN', async ({ page }) => {
  await signIn(page, ORDER_SCREENS.list, DEMO_SIGN_IN.userName, 'zh-CN');
  await new OrderScreens(page).list.waitForRows();
  await expect(page.getByRole('tab', { name: /^待发货（\d+）$/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^已完成（\d+）$/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /菜单|menu/i }).getByText('订单列表', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/orders-list-zh.png', fullPage: true });
});

test('the merchant extends the return period of a shipped order and opens its sales certificate', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  const order = await paidOrder(merchant, 'extend');
  await ship(merchant, order.orderId);
  const before = await merchant.request<{ returnDeadline: number }>(PATHS.orderDetail, { orderId: order.orderId });
  await signIn(page, `${ORDER_SCREENS.details}?id=${order.orderId}`);
  const orders = new OrderScreens(page);

  await expect(orders.detailField('status')).toHaveText('shipped');
  await expect(orders.action('Ship')).toHaveCount(0);
  await orders.action('Extend return period').click();
  await expect(page).toHaveURL(new RegExp(`${ORDER_SCREENS.extensions}\\?id=${order.orderId}$`));

  // The contract's limits, before anything is sent; by keyboard: Enter in the field submits the form.
  const days = page.getByRole('textbox', { name: /days to add/ });
  await days.focus();
  await page.keyboard.type('31');
  await page.keyboard.press('Enter');
  await expect(page.getByText('enter whole days from 1 to 30')).toBeVisible();
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: 'test-results/orders-extensions.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await orders.extendReturnPeriod(5);
  await expect(page).toHaveURL(new RegExp(`${ORDER_SCREENS.details}\\?id=${order.orderId}$`));
  await expect(orders.history()).toContainText('return period extended (+5)');
  const after = await merchant.request<{ returnDeadline: number }>(PATHS.orderDetail, { orderId: order.orderId });
  expect(after.data.returnDeadline - before.data.returnDeadline).toBe(5 * 86_400);

  await orders.action('Sales certificate').click();
  await expect(page).toHaveURL(new RegExp(`${ORDER_SCREENS.salesCertificate}\\?id=${order.orderId}$`));
  const certificate = page.getByTestId('sales-certificate');
  await expect(certificate.getByRole('heading', { name: 'Sales certificate' })).toBeVisible();
  await expect(certificate.getByTestId('certificate-orderNo').locator('dd')).toHaveText(order.orderNo);
  await expect(certificate.getByTestId('certificate-buyerName').locator('dd')).toHaveText(order.buyerName);
  await expect(certificate.getByTestId('certificate-total')).toContainText((order.amountCents / 100).toFixed(2));
  // Print calls the browser's print (replaced here: headless chromium has no print dialog to close).
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.screenshot({ path: 'test-results/orders-certificate.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(certificate).toBeVisible();
  await page.screenshot({ path: 'test-results/orders-certificate-print.png', fullPage: true });
});

test('an extension the order no longer allows is refused in the merchant language, and another store cannot see the order', async ({ page, browser }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  const order = await paidOrder(merchant, 'refused');
  await signIn(page, `${ORDER_SCREENS.extensions}?id=${order.orderId}`);
  // Not shipped yet: no form.
  await expect(page.getByTestId('extension-not-allowed')).toBeVisible();
  await expect(page.getByTestId('extension-form')).toHaveCount(0);

  await ship(merchant, order.orderId);
  await page.reload();
  // A reload starts the console again (session set-up included) on a machine other suites share.
  await expect(page.getByTestId('extension-form')).toBeVisible({ timeout: 45_000 });
  // The buyer confirms receipt while the merchant fills in the form.
  await buyer(`/buyer/orders/${order.orderId}/confirmReceipt`, { buyerAccid: order.buyerAccid });
  const orders = new OrderScreens(page);
  await orders.extendReturnPeriod(3);
  await expect(page.getByTestId('extension-failure')).toHaveText('Not extended: not allowed in the current state');
  // The refusal refreshed the order: completed now, so the form gives way to the explanation.
  await expect(page.getByTestId('extension-not-allowed')).toBeVisible();
  await expect(page.getByTestId('extension-status').locator('dd')).toHaveText('completed');
  await expect(page).toHaveURL(new RegExp(`${ORDER_SCREENS.extensions}\\?id=${order.orderId}$`));
  const detail = await merchant.request<{ status: number; history: { event: string }[] }>(PATHS.orderDetail, { orderId: order.orderId });
  expect(detail.data.status).toBe(4);
  expect(detail.data.history.map((entry) => entry.event)).not.toContain('extendReturnPeriod');

  // A service store (demo_service) asks for the demo store's order: not found, nothing shown.
  const other = await browser.newPage();
  await signIn(other, `${ORDER_SCREENS.details}?id=${order.orderId}`, 'demo_service');
  await expect(other.getByText(/^Loading failed/)).toBeVisible();
  await expect(other.getByTestId('order-orderNo')).toHaveCount(0);
  await expect(other.getByText(order.orderNo)).toHaveCount(0);
  await other.close();
});
