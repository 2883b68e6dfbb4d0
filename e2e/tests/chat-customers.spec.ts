// Chatting with customers through the real stack: a first-time customer keeps their name after the
// merchant's reply, a merchant starts conversations (by account, from recent customers), a hostile
// message stays text, and the console's badge and notification follow the frame's events.
import { test, expect } from '@playwright/test';
import { connectCustomer } from '../customer-client';
import { signInForChat as signIn } from '../support/sign-in';
import { IM_FRAME, seriousViolations } from '../support/axe';

const STORE_ACCOUNT = 's_1001';
const unique = () => Date.now().toString(36);

test("a first-time customer keeps their name after the merchant replies, and a hostile message stays text", async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { shell, chat } = await signIn(page);
  await shell.openMessages();
  await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');

  const account = `c_carol_${unique()}`;
  const carol = await connectCustomer(account, 'Carol Wu');
  try {
    const hostile = `<img src=x onerror="alert('img')"><script>alert('script')</script> #${unique()}`;
    await carol.sendText(STORE_ACCOUNT, hostile);
    await expect(chat.session(account)).toContainText('Carol Wu');
    await chat.openSession(account);
    const bubble = chat.messages().filter({ hasText: hostile });
    await expect(bubble).toHaveCount(1);
    await expect(bubble.locator('img, script')).toHaveCount(0);

    await chat.reply('Welcome, Carol!');
    await expect(chat.messages().filter({ hasText: 'Welcome, Carol!' })).toHaveAttribute('data-status', 'success');
    await expect(chat.session(account)).toContainText('Welcome, Carol!');
    await expect(chat.session(account)).toContainText('Carol Wu');
    await expect(chat.session(account)).not.toContainText(account);
    await expect(chat.conversationTitle()).toHaveText('Carol Wu');
    await carol.waitForText('Welcome, Carol!');
  } finally {
    await carol.close();
  }
  expect(dialogs).toEqual([]);
});

test('the merchant starts a conversation by account, and again from the recent customers', async ({ page }) => {
  const { shell, chat } = await signIn(page);
  await shell.openMessages();
  await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');
  const account = `c_dana_${unique()}`;
  // Dana has used the customer app (im-server knows her) but never wrote to the store.
  const dana = await connectCustomer(account, 'Dana Park');
  try {
    await chat.startChatWith('c_nobody_here');
    await expect(chat.startChatProblem()).toContainText('c_nobody_here');
    await chat.startChatWith(account);
    await expect(chat.conversationTitle()).toHaveText('Dana Park');
    await chat.reply('Hello Dana, your order has shipped');
    await dana.waitForText('Hello Dana, your order has shipped');

    // The conversation is now among the recent customers.
    await chat.startChatFromRecent(account);
    await expect(chat.conversationTitle()).toHaveText('Dana Park');
    await expect(chat.messages().filter({ hasText: 'Hello Dana, your order has shipped' })).toHaveCount(1);
  } finally {
    await dana.close();
  }
});

test("a message while the merchant is elsewhere raises the console's notification and badge; the link opens the chat", async ({ page }) => {
  const { chat } = await signIn(page);
  const messageCentre = page.getByTestId('nav-message');
  const badge = page.getByTestId('message-badge');
  // The frame reports its unread total once connected (kept mounted, hidden, off /message).
  await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');
  const labelBefore = await messageCentre.getAttribute('aria-label');
  const before = /\d/.test(labelBefore ?? '') ? Number((await badge.textContent())?.trim()) : 0;
  const bob = await connectCustomer('c_demo2', 'Bob Li');
  try {
    const text = `Are you open on Sunday? #${unique()}`;
    await bob.sendText(STORE_ACCOUNT, text);
    const notice = page.locator('[data-testid=notification][data-topic=newMessage]');
    await expect(notice).toBeVisible();
    await expect(badge).toHaveText(String(before + 1));
    await notice.getByRole('link').click();
    await expect(page).toHaveURL(/\/message\/message$/);
    await chat.openSession('c_demo2');
    await expect(chat.messages().filter({ hasText: text })).toHaveCount(1);
    // Read now: the badge follows the frame's unread total.
    await expect(messageCentre).toHaveAttribute('aria-label', labelBefore!);
  } finally {
    await bob.close();
  }
});

test('the chat frame has no serious accessibility violations: conversation, new-conversation dialog, profile card', async ({ page }) => {
  const { shell, chat } = await signIn(page);
  await shell.openMessages();
  await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');
  const alice = await connectCustomer('c_demo1', 'Alice Chen');
  // The frame's document only: the console shell around it is another team's page.
  const serious = () => seriousViolations(page, { include: IM_FRAME });
  try {
    await alice.sendText(STORE_ACCOUNT, `Is gift wrapping free? #${unique()}`);
    await chat.openSession('c_demo1');
    await expect(chat.messages().first()).toBeVisible();
    expect(await serious()).toEqual([]);
    await chat.frame.getByTestId('start-chat').click();
    await expect(chat.frame.getByRole('dialog')).toBeVisible();
    expect(await serious()).toEqual([]);
    await page.keyboard.press('Escape');
    await chat.frame.getByTestId('open-profile').click();
    await expect(chat.frame.getByTestId('profile-card')).toBeVisible();
    expect(await serious()).toEqual([]);
  } finally {
    await alice.close();
  }
});
