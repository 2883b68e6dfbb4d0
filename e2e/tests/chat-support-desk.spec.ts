import { test, expect, type Page } from '@playwright/test';
import { signInForChat } from '../support/sign-in';
import { frameUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';
import { openCustomerChat } from '../pages/customer-chat';
import { connectCustomer } from '../customer-client';
import { SupportDesk } from '../pages/support-desk';
import { IM_FRAME, seriousViolations } from '../support/axe';

const STORE_ACCOUNT = 's_1001';

/** The merchant signed in at 1440 px in en-US, on the message page with the frame synced, and the frame's desk. */
async function openDesk(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The frame follows the console's language: English here, the names in these tests are the en-US ones.
  await page.addInitScript(() => window.localStorage.setItem('console.language', 'en-US'));
  const { shell, chat } = await signInForChat(page);
  await shell.openMessages();
  // The first sync of a fresh stack can take a while on a loaded machine.
  await expect(chat.frame.locator('main[data-synced="true"]')).toBeVisible({ timeout: 60_000 });
  return { shell, chat, desk: new SupportDesk(chat) };
}

// Issue 32 "a merchant's support desk" on the real servers: the merchant in the console's cross-origin frame,
// the customer in a frame of their own. Quick replies are kept by store-server per store (the frame asks through
// the console's session), inserted with the keyboard and sent as the merchant's text.
test('quick replies: managed in the chat, inserted with "/" and Enter, sent to the customer', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const { shell, chat, desk } = await openDesk(page);

  const customer = await openCustomerChat(browser, frameUrl(), 'c_demo1', 'Alice Chen');
  try {
    await expect(customer.page.locator('main[data-synced="true"]')).toBeVisible({ timeout: 60_000 });
    await customer.chat.startChatWith(STORE_ACCOUNT);
    const question = `When will my order ship? #${Date.now()}`;
    await customer.chat.reply(question);
    await chat.openSession('c_demo1');
    await expect(chat.messages().filter({ hasText: question })).toHaveCount(1);

    // The demo store's seeded answers first; add two in the manage dialog (store-server keeps them).
    const stamp = `#${Date.now()}`;
    const shipping = `Orders paid before 4 pm ship the same day. ${stamp}`;
    const thanks = 'Thank you for shopping with us!';
    const dialog = await desk.openManage();
    const seeded = await desk.managedRows().allTextContents();
    expect(seeded.length).toBeGreaterThan(0);
    await desk.addQuickReply(thanks);
    await desk.addQuickReply(shipping);
    await expect(desk.managedRows()).toHaveText([...seeded, thanks, shipping]);
    // Move the shipping answer first.
    await dialog.getByRole('button', { name: 'Move “Orders paid before 4 pm…” up' }).click();
    await expect(desk.managedRows()).toHaveText([...seeded, shipping, thanks]);
    // The dialog's form is not the composer's: nothing was sent or refused there.
    await expect(chat.frame.getByRole('alert')).toHaveCount(0);
    await screenshot(page, 'quick-replies-manage');
    await desk.closeManage();

    // "/" in the empty message opens the list; a filter and Enter put the reply in the message.
    const filter = await desk.openQuickRepliesWithSlash();
    await expect(desk.quickReplyOptions()).toHaveText([...seeded, shipping, thanks]);
    await filter.fill(stamp);
    await expect(desk.quickReplyOptions()).toHaveText([shipping]);
    await screenshot(page, 'quick-replies-picker');
    await filter.press('Enter');
    await expect(chat.input()).toHaveValue(shipping);
    await expect(chat.input()).toBeFocused();
    await chat.input().press('Enter');
    await expect(chat.messages().filter({ hasText: shipping })).toHaveAttribute('data-status', 'success');
    await expect(customer.chat.messages().filter({ hasText: shipping })).toHaveCount(1);

    // The customer's orders beside the conversation: the demo store's orders of c_demo1, newest first, through the
    // console from store-server; "Open order" shows its detail in the console.
    const panel = await desk.openCustomerOrders();
    await expect(panel.getByRole('heading', { name: "Alice Chen's orders with this store" })).toBeVisible();
    const orders = desk.customerOrders();
    await expect(orders.first()).toBeVisible();
    expect(await orders.count()).toBeGreaterThan(0);
    expect(await orders.count()).toBeLessThanOrEqual(10);
    await expect(orders.first().getByTestId('customer-order-amount')).toHaveText(/^¥\d+\.\d{2}$/);
    await expect(orders.first().getByTestId('customer-order-status')).toHaveText(/^(to ship|shipped|completed|withdrawn|refunded)$/);
    await screenshot(page, 'customer-orders');
    const orderId = await orders.first().getAttribute('data-order-id');
    await orders.first().getByTestId('customer-order-open').click();
    await expect(page).toHaveURL(new RegExp(`/order/orderDetails\\?id=${orderId}$`));

    // A reload of the console: the list comes back from store-server, in its order.
    await page.reload();
    await shell.openMessages();
    await chat.openSession('c_demo1');
    await desk.openQuickRepliesWithSlash();
    await expect(desk.quickReplyOptions()).toHaveText([...seeded, shipping, thanks]);

    // Last (axe walks the cross-origin frame; later pointer clicks could land on the console page): the open list.
    expect(await seriousViolations(page, { include: IM_FRAME })).toEqual([]);
  } finally {
    await customer.close();
  }
});

// Cards (issue 32 support desk): from the customer's orders the merchant sends an order and one of its goods into the
// conversation as custom messages. The frame draws each card in the merchant's language; the customer's client gets
// the card with readable words beside it; each card's button opens the order or the goods in the console.
test('an order card and a goods card reach the customer and open the order and the goods in the console', async ({ page }) => {
  test.setTimeout(150_000);
  const { shell, chat, desk } = await openDesk(page);
  // c_demo1 has orders with the demo store; a client of theirs in Node reads what arrives.
  const customer = await connectCustomer('c_demo1', 'Alice Chen');
  try {
    await customer.sendText(STORE_ACCOUNT, `Can you check my order? #${Date.now()}`);
    await chat.openSession('c_demo1');

    const cardsBefore = await desk.cards().count();
    await desk.openCustomerOrders();
    const order = desk.customerOrders().first();
    const orderId = Number(await order.getAttribute('data-order-id'));
    const orderNo = ((await order.getByTestId('customer-order-no').textContent()) ?? '').replace(/^Order /, '');
    await order.getByTestId('customer-order-send').click();
    // Sent: the panel closes and the card is the conversation's newest message, drawn from its fields.
    await expect(chat.frame.getByTestId('customer-orders')).toHaveCount(0);
    await expect(desk.cards()).toHaveCount(cardsBefore + 1);
    const orderCard = desk.cards().last();
    await expect(orderCard).toHaveAttribute('data-card-kind', 'order');
    await expect(orderCard.getByTestId('desk-card-title')).toHaveText(`Order ${orderNo}`);
    await expect(orderCard.getByTestId('desk-card-text')).toHaveText(/^(to ship|shipped|completed|withdrawn|refunded) · ¥\d+\.\d{2} · \d+ items?$/);
    // The customer's client got the card, with words any client can show.
    await expect.poll(() => customer.received.filter((m) => m.type === 'custom').map((m) => JSON.parse(m.attach ?? '{}') as { title?: string; deskCard?: { kind: string; orderId?: number } }).find((a) => a.deskCard?.orderId === orderId)).toMatchObject({ title: `Order ${orderNo}`, deskCard: { kind: 'order', orderId } });

    // One of the order's goods, as a goods card.
    await desk.openCustomerOrders();
    const firstItem = desk.customerOrders().first().getByTestId('customer-order-send-goods').first();
    await firstItem.click();
    await expect(desk.cards()).toHaveCount(cardsBefore + 2);
    const goodsCard = desk.cards().last();
    await expect(goodsCard).toHaveAttribute('data-card-kind', 'goods');
    await expect.poll(() => customer.received.filter((m) => m.type === 'custom' && (m.attach ?? '').includes('"kind":"goods"')).length).toBe(1);
    await screenshot(page, 'support-desk-cards');

    // Each card's button opens what it shows in the console.
    await goodsCard.getByTestId('desk-card-open').click();
    await expect(page).toHaveURL(/\/goods\/goodsPreview\?id=\d+$/);
    await shell.openMessages();
    await chat.openSession('c_demo1');
    await desk.cards().filter({ hasText: `Order ${orderNo}` }).last().getByTestId('desk-card-open').click();
    await expect(page).toHaveURL(new RegExp(`/order/orderDetails\\?id=${orderId}$`));
  } finally {
    await customer.close();
  }
});
