import { randomUUID } from 'node:crypto';
import { test, expect, type Page } from '@playwright/test';
import { ResourceListPage } from '../pages/resource-list-page';
import { buyer } from '../support/buyer';
import { inStockSkus, merchantClient } from '../support/merchant';
import { screenshot } from '../support/screenshot';
import { signIn, switchLanguage } from '../support/sign-in';
import { CONTRACT_PATHS, DEMO_STORE_ID, consoleUrl } from '../support/stack';

// The trade read screens against the real servers (docs/trade.md): a buyer pays an order in the craftsman app
// with Alipay, and TransactionManagement/tradeOrder shows the payment with that app and method, in its list and
// its view; the buyer then asks for part of it back, the merchant approves and pays the refund, and rfundQuery
// shows it as §4's "refund succeeded" (5, the payment side's mapping), in English and in Chinese.

const FLOW_TIMEOUT = 180_000;
const TRADE_ORDER = '/trade/TransactionManagement/tradeOrder';
const RFUND_QUERY = '/trade/TransactionManagement/rfundQuery';

/** The trade screens in a merchant's terms; selectors live here only. */
class TradeScreens {
  readonly payments: ResourceListPage;
  readonly refunds: ResourceListPage;
  constructor(private readonly page: Page) {
    this.payments = new ResourceListPage(page, consoleUrl(), 'trade.orders', TRADE_ORDER);
    this.refunds = new ResourceListPage(page, consoleUrl(), 'trade.refunds', RFUND_QUERY);
  }

  /** A view's field value (the dd under its label). */
  field(name: string) {
    return this.page.getByTestId(`detail-${name}`).locator('dd');
  }
}

/** A buyer of this run places an order of one in-stock SKU and pays it in the given app with the given method. */
async function buyerPaysThrough(channel: { payMethod: string; appCode: number }) {
  const merchant = await merchantClient();
  const [skuId] = await inStockSkus(merchant);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const who = { buyerAccid: `c_e2e_trade_${run}`, buyerName: `E2E trade ${run}` };
  const placed = await buyer<{ orderId: number; orderNo: string; amountCents: number }>('/buyer/orders/place', {
    storeId: DEMO_STORE_ID,
    ...who,
    buyerPhone: '13800138000',
    receiver: { name: who.buyerName, phone: '13800138000', address: '88 Test Road, Hangzhou' },
    items: [{ skuId, quantity: 1 }],
  });
  await buyer(`/buyer/orders/${placed.orderId}/pay`, { buyerAccid: who.buyerAccid, ...channel });
  return { merchant, order: { ...placed, ...who } };
}

test('a paid order shows in tradeOrder with its app and method; its refund shows in rfundQuery as refund succeeded', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { merchant, order } = await buyerPaysThrough({ payMethod: 'ALIPAY_APP', appCode: 2 });
  const screens = new TradeScreens(page);

  await signIn(page, TRADE_ORDER);
  await screens.payments.waitForRows();
  await screens.payments.search({ 'order no.': order.orderNo });
  await expect(screens.payments.rows()).toHaveCount(1);
  await expect(screens.payments.cell(order.orderId, 'appCode')).toHaveText('craftsman');
  await expect(screens.payments.cell(order.orderId, 'payMethod')).toHaveText('Alipay');
  await expect(screens.payments.cell(order.orderId, 'amountCents')).toHaveText((order.amountCents / 100).toFixed(2));
  await screenshot(page, 'trade-order-list-en');
  await screens.payments.rowAction(order.orderId, 'Detail');
  await expect(page).toHaveURL(new RegExp(`${TRADE_ORDER}/view\\?id=${order.orderId}$`));
  await expect(screens.field('orderNo')).toHaveText(order.orderNo);
  await expect(screens.field('appCode')).toHaveText('craftsman');
  await expect(screens.field('payMethod')).toHaveText('Alipay');
  await screenshot(page, 'trade-order-view-en');

  // Part of the payment goes back: the buyer asks, the merchant approves and pays (the after-sales calls).
  const refundCents = Math.min(order.amountCents, 100);
  const refund = await buyer<{ refundId: number; refundNo: string }>('/buyer/refunds/request', { orderId: order.orderId, buyerAccid: order.buyerAccid, kind: 1, amountCents: refundCents, reason: 'e2e: changed my mind' });
  await merchant.request(CONTRACT_PATHS.approveRefundOnly, { refundId: refund.refundId });
  await merchant.request(CONTRACT_PATHS.payRefund, { refundId: refund.refundId, idempotencyKey: randomUUID() });

  await screens.refunds.open();
  await screens.refunds.search({ 'refund no.': refund.refundNo });
  await expect(screens.refunds.rows()).toHaveCount(1);
  await expect(screens.refunds.cell(refund.refundId, 'status')).toHaveText('refund succeeded');
  await expect(screens.refunds.cell(refund.refundId, 'payMethod')).toHaveText('Alipay');
  await expect(screens.refunds.cell(refund.refundId, 'amountCents')).toHaveText((refundCents / 100).toFixed(2));
  await screenshot(page, 'trade-refund-list-en');
  await screens.refunds.rowAction(refund.refundId, 'Detail');
  await expect(page).toHaveURL(new RegExp(`${RFUND_QUERY}/view\\?id=${refund.refundId}$`));
  await expect(screens.field('status')).toHaveText('refund succeeded');
  await expect(screens.field('orderNo')).toHaveText(order.orderNo);
  await screenshot(page, 'trade-refund-view-en');

  // The same screens in Chinese.
  await switchLanguage(page, 'zh-CN');
  await expect(screens.field('status')).toHaveText('退款成功');
  await expect(screens.field('payMethod')).toHaveText('支付宝');
  await screenshot(page, 'trade-refund-view-zh');
  await screens.refunds.open(`?trade.refunds.q=${encodeURIComponent(JSON.stringify({ refundNo: refund.refundNo }))}`);
  await expect(screens.refunds.cell(refund.refundId, 'status')).toHaveText('退款成功');
  await screenshot(page, 'trade-refund-list-zh');
  await page.goto(`${consoleUrl()}${TRADE_ORDER}/view?id=${order.orderId}`);
  await expect(screens.field('appCode')).toHaveText('工匠');
  await expect(screens.field('payMethod')).toHaveText('支付宝');
  await screenshot(page, 'trade-order-view-zh');
  await screens.payments.open(`?trade.orders.q=${encodeURIComponent(JSON.stringify({ orderNo: order.orderNo }))}`);
  await expect(screens.payments.cell(order.orderId, 'appCode')).toHaveText('工匠');
  await screenshot(page, 'trade-order-list-zh');
});
