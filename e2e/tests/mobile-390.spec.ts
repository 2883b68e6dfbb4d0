// The console on a phone, 390×844 (issue 35 §10; console-spec §9: below 992 px the layout is mobile). Every
// main page fits the width (no sideways scroll of the document), the top bar shows the whole user button,
// a list draws its rows as cards with the actions reachable (the ship link in view and clickable), and the
// chat switches between its conversation list and one conversation, with a composer that sends.
import { test, expect, type Page } from '@playwright/test';
import { ChatFrame, CHROMIUM_WITH_STORAGE_PARTITIONING } from '../pages/chat-frame';
import { ConsoleShell } from '../pages/console-shell';
import { SHIPPING_SCREENS, ShippingScreens } from '../pages/shipping-screens';
import { connectCustomer } from '../customer-client';
import { buyerPlacesAndPays } from '../support/buyer';
import { merchantClient } from '../support/merchant';
import { screenshot } from '../support/screenshot';
import { signIn } from '../support/sign-in';
import { consoleUrl, frameUrl } from '../support/stack';

const PHONE = { width: 390, height: 844 };
const STORE_ACCOUNT = 's_1001';
// Several screens per test on a busy machine.
const FLOW_TIMEOUT = 240_000;

test.use({ viewport: PHONE, launchOptions: CHROMIUM_WITH_STORAGE_PARTITIONING });

/** The main pages of a merchant's day, each with something that says its content is there. */
const PAGES: { name: string; path: string; ready: (page: Page) => ReturnType<Page['getByTestId']> }[] = [
  { name: 'dashboard', path: '/dashboard', ready: (page) => page.locator('main').getByRole('heading').first() },
  { name: 'orders', path: '/order/orderList', ready: (page) => page.getByTestId('orders.list-table').locator('[data-id]').first() },
  { name: 'goods', path: '/goods/goodList/goodAll', ready: (page) => page.locator('main [data-testid$="-table"] [data-id]').first() },
  { name: 'after-sales', path: '/order/orderAfter/orderAfterAll', ready: (page) => page.locator('main [data-testid$="-table"]').first() },
  { name: 'media', path: '/shop/mediaLibrary', ready: (page) => page.locator('main [data-testid$="-table"], main [data-layout="cards"]').first() },
  { name: 'shop', path: '/shop/shopMsg/shopMssage', ready: (page) => page.locator('main').getByRole('heading').first() },
  { name: 'coupons', path: '/marketing/coupons/couponsMgmt', ready: (page) => page.locator('main [data-testid$="-table"]').first() },
  { name: 'trade', path: '/trade/TransactionManagement/tradeOrder', ready: (page) => page.locator('main [data-testid$="-table"]').first() },
];

/** The document is no wider than the phone: nothing scrolls sideways. A failure names the elements that stick out. */
async function expectNoSidewaysScroll(page: Page, name: string) {
  const widerThanPhone = () =>
    page.evaluate((width) => {
      const sticking = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .slice(-3)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 2).join('.')} → ${Math.round(element.getBoundingClientRect().right)}`);
      return { scrollWidth: document.documentElement.scrollWidth, sticking };
    }, PHONE.width);
  await expect
    .poll(async () => (await widerThanPhone()).scrollWidth, { message: `${name}: document width; sticking out: ${JSON.stringify((await widerThanPhone()).sticking)}` })
    .toBeLessThanOrEqual(PHONE.width);
}

/** The element lies inside the phone's screen, left to right. */
async function expectWithinWidth(page: Page, locator: ReturnType<Page['getByTestId']>) {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

for (const language of ['en-US', 'zh-CN'] as const) {
  test(`every main page fits 390 px in ${language}: no sideways scroll, and the top bar shows the whole user button`, async ({ page }) => {
    test.setTimeout(FLOW_TIMEOUT);
    await signIn(page, '/dashboard', { language });
    await expect(page.locator('[data-layout="mobile"]')).toBeVisible();

    const user = page.getByTestId('user-menu');
    await expectWithinWidth(page, user);
    // The name is never cut without saying so: it fits, or it ends in an ellipsis and the menu names it in full.
    const name = page.getByTestId('user-menu-name');
    const fullName = (await name.getAttribute('data-full-name')) ?? '';
    expect(fullName).not.toBe('');
    await user.click();
    await expect(page.getByTestId('user-menu-full-name')).toHaveText(fullName);
    await page.keyboard.press('Escape');

    for (const { name: pageName, path, ready } of PAGES) {
      await new ConsoleShell(page, consoleUrl()).open(path);
      await expect(ready(page)).toBeVisible({ timeout: 30_000 });
      await screenshot(page, `mobile-390-${language}-${pageName}`);
      await expectNoSidewaysScroll(page, `${pageName} (${language})`);
    }
  });
}

test('the orders list draws cards at 390 px; the ship link is in view, and it opens the ship form, which ships', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  const order = await buyerPlacesAndPays(merchant, { tag: 'mobile390' });
  // The list filtered to this order by its URL (ui-kit's table state: `<table>.q`).
  await signIn(page, `/order/orderList?${new URLSearchParams({ 'orders.list.q': JSON.stringify({ orderNo: order.orderNo }) })}`);

  const table = page.getByTestId('orders.list-table');
  const card = table.locator(`[data-id="${order.orderId}"]`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(table.locator('[data-layout="cards"]')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  const ship = card.getByRole('link', { name: 'Ship', exact: true });
  await expect(ship).toBeInViewport();
  await expectWithinWidth(page, ship);
  await screenshot(page, 'mobile-390-orders-card', { fullPage: false });
  await expectNoSidewaysScroll(page, 'orders');

  await ship.click();
  await expect(page).toHaveURL(new RegExp(`${SHIPPING_SCREENS.shippingOrder}\\?orderId=${order.orderId}`));
  const screens = new ShippingScreens(page, consoleUrl());
  await expect(page.getByTestId('ship-orderNo')).toContainText(order.orderNo);
  await screenshot(page, 'mobile-390-ship-form');
  await expectNoSidewaysScroll(page, 'ship form');
  await screens.ship('SF Express', `SF390${Date.now()}`);
  await expect(page).toHaveURL(new RegExp(`${SHIPPING_SCREENS.deliverySuccess}\\?orderId=${order.orderId}`));
  await expectNoSidewaysScroll(page, 'ship result');
});

test('the chat at 390 px: the list, then the conversation with a composer that sends, then back to the list', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const customer = await connectCustomer('c_demo1', 'Alice Chen');
  try {
    await signIn(page, '/dashboard');
    await new ConsoleShell(page, consoleUrl()).openMessages();
    const chat = new ChatFrame(page, frameUrl());
    const question = `Does it fit a small flat? #${Date.now()}`;
    await customer.sendText(STORE_ACCOUNT, question);
    await expect(chat.session('c_demo1')).toBeVisible({ timeout: 30_000 });
    await expectWithinWidth(page, chat.session('c_demo1'));
    await screenshot(page, 'mobile-390-chat-list', { fullPage: false });
    await expectNoSidewaysScroll(page, 'chat');

    await chat.openSession('c_demo1');
    await expect(chat.messages().filter({ hasText: question })).toHaveCount(1);
    // One pane at a time: the conversation replaces the list, and its text box is far from one character wide
    // (beside it: emoji, file and send buttons).
    await expect(chat.session('c_demo1')).toBeHidden();
    const input = chat.input();
    await expect(input).toBeVisible();
    expect((await input.boundingBox())!.width).toBeGreaterThan(120);
    const answer = `Yes, it is 80 cm wide. #${Date.now()}`;
    await chat.reply(answer);
    await expect(chat.messages().filter({ hasText: answer })).toHaveCount(1);
    expect((await customer.waitForText(answer)).from).toBe(STORE_ACCOUNT);
    await screenshot(page, 'mobile-390-chat-conversation', { fullPage: false });
    await expectNoSidewaysScroll(page, 'chat conversation');

    await chat.frame.getByTestId('conversation-back').click();
    await expect(chat.session('c_demo1')).toBeVisible();
  } finally {
    await customer.close();
  }
});
