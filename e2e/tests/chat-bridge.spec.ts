// The console ⇄ frame bridge with the real stack: the IM token leaves the frame's address and a
// fresh one comes from the console (store-server's getCccUserImToken); a language switch reaches
// the frame without reloading it. Default Playwright flags: the frame's storage falls back to memory.
import { test, expect, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { ConsoleShell } from '../pages/console-shell';
import { ChatFrame } from '../pages/chat-frame';
import { connectCustomer } from '../customer-client';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

const STORE_ACCOUNT = 's_1001';

async function signInToMessages(page: Page) {
  const consoleUrl = process.env.E2E_CONSOLE_URL!;
  const login = new LoginPage(page, consoleUrl);
  await login.open();
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  const shell = new ConsoleShell(page, consoleUrl);
  await shell.openMessages();
  const chat = new ChatFrame(page, process.env.E2E_FRAME_URL!);
  await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');
  return { shell, chat };
}

test('the frame drops the IM token from its address and, reloaded alone, logs in with a fresh one from the console (im-core getToken over the bridge)', async ({ page }) => {
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/v1/store/im/getCccUserImToken')) tokenRequests.push(request.url());
  });
  const { chat } = await signInToMessages(page);
  const address = new URL(chat.document().url());
  expect(address.searchParams.get('account')).toBe(STORE_ACCOUNT);
  expect(address.searchParams.has('token')).toBe(false);
  const before = tokenRequests.length;

  // Reloaded without a token in its address, the frame asks the console over the bridge.
  await chat.reloadFrameOnly();
  await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');
  expect(tokenRequests.length).toBe(before + 1);
  expect(new URL(chat.document().url()).searchParams.has('token')).toBe(false);

  // The renewed session works: a customer's message arrives.
  const customer = await connectCustomer('c_demo2', 'Bob Li');
  try {
    const text = `After the token renewal #${Date.now()}`;
    await customer.sendText(STORE_ACCOUNT, text);
    await chat.openSession('c_demo2');
    await expect(chat.messages().filter({ hasText: text })).toHaveCount(1);
  } finally {
    await customer.close();
  }
});

test('switching the console language switches the frame in place: open conversation and typed text stay', async ({ page }) => {
  const { shell, chat } = await signInToMessages(page);
  const customer = await connectCustomer('c_demo1', 'Alice Chen');
  try {
    await customer.sendText(STORE_ACCOUNT, `Do you ship abroad? #${Date.now()}`);
    await chat.openSession('c_demo1');
    await expect(chat.conversationTitle()).toHaveText('Alice Chen');
    await chat.typeDraft('Yes, to most countries');
    await chat.markWindow();

    await shell.switchLanguage('English');
    await expect(chat.sendButton()).toHaveText('Send');
    await shell.switchLanguage('简体中文');
    await expect(chat.sendButton()).toHaveText('发送');

    expect(await chat.windowStillMarked()).toBe(true);
    await expect(chat.input()).toHaveValue('Yes, to most countries');
    await expect(chat.conversationTitle()).toHaveText('Alice Chen');
  } finally {
    await customer.close();
  }
});

test("with Playwright's default Chromium flags the frame is refused storage and says it keeps history in memory", async ({ page }) => {
  const { chat } = await signInToMessages(page);
  expect(await chat.storageKind()).toBe('memory');
  await expect(chat.storageNotice()).toBeVisible();
});
