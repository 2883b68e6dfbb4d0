import { test, expect } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { ConsoleShell } from '../pages/console-shell';
import { ChatFrame, CHROMIUM_WITH_STORAGE_PARTITIONING } from '../pages/chat-frame';
import { connectCustomer } from '../customer-client';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

const STORE_ACCOUNT = 's_1001';

// Chromium as merchants run it: the frame keeps its IndexedDB cache (docs/im-frame.md).
test.use({ launchOptions: CHROMIUM_WITH_STORAGE_PARTITIONING });

test('the merchant receives a customer message in the embedded chat and the customer receives the reply', async ({ page }) => {
  const consoleUrl = process.env.E2E_CONSOLE_URL!;
  const login = new LoginPage(page, consoleUrl);
  await login.open();
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);

  const shell = new ConsoleShell(page, consoleUrl);
  await shell.openMessages();
  const iframe = page.locator(`iframe[src^="${process.env.E2E_FRAME_URL}"]`);
  await expect(iframe).toBeVisible();
  expect(await iframe.evaluate((el) => Math.round(el.getBoundingClientRect().height))).toBe(750);

  const customer = await connectCustomer('c_demo1', 'Alice Chen');
  try {
    const question = `Is the oak table in stock? #${Date.now()}`;
    await customer.sendText(STORE_ACCOUNT, question);

    const chat = new ChatFrame(page, process.env.E2E_FRAME_URL!);
    await expect(chat.session('c_demo1')).toBeVisible();
    await chat.openSession('c_demo1');
    await expect(chat.messages().filter({ hasText: question })).toHaveCount(1);

    const answer = `Yes, 3 left. #${Date.now()}`;
    await chat.reply(answer);
    await expect(chat.messages().filter({ hasText: answer })).toHaveCount(1);
    const delivered = await customer.waitForText(answer);
    expect(delivered.from).toBe(STORE_ACCOUNT);

    // Both messages survive a reload: from the frame's IndexedDB and from im-server.
    expect(await chat.storageKind()).toBe('indexeddb');
    await page.reload();
    const reloaded = new ChatFrame(page, process.env.E2E_FRAME_URL!);
    await reloaded.openSession('c_demo1');
    await expect(reloaded.messages().filter({ hasText: question })).toHaveCount(1);
    await expect(reloaded.messages().filter({ hasText: answer })).toHaveCount(1);
  } finally {
    await customer.close();
  }
});
