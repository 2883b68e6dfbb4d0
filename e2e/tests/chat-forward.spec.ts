import { test, expect } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { ConsoleShell } from '../pages/console-shell';
import { ChatFrame } from '../pages/chat-frame';
import { connectCustomer } from '../customer-client';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

const STORE_ACCOUNT = 's_1001';

test("the merchant forwards one customer's message to another customer, who receives it", async ({ page }, testInfo) => {
  const consoleUrl = process.env.E2E_CONSOLE_URL!;
  const login = new LoginPage(page, consoleUrl);
  await login.open();
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  await new ConsoleShell(page, consoleUrl).openMessages();

  const alice = await connectCustomer('c_demo1', 'Alice Chen');
  const bob = await connectCustomer('c_demo2', 'Bob Li');
  try {
    const tip = `Measure the wall before ordering #${Date.now()}`;
    await bob.sendText(STORE_ACCOUNT, `hello from Bob #${Date.now()}`);
    await alice.sendText(STORE_ACCOUNT, tip);
    const chat = new ChatFrame(page, process.env.E2E_FRAME_URL!);
    await chat.openSession('c_demo1');
    const original = chat.messages().filter({ hasText: tip });
    await expect(original).toHaveCount(1);

    await chat.messageAction(original, 'forward');
    const dialog = chat.frame.getByRole('dialog', { name: /转发给|Forward to/ });
    const toBob = dialog.locator('[data-testid="forward-target"][data-session-id="p2p-c_demo2"]');
    await expect(toBob).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('forward-dialog.png') });
    await toBob.focus();
    await page.keyboard.press('Enter');
    await expect(chat.frame.getByTestId('forwarded')).toBeVisible();

    const received = await bob.waitForText(tip);
    expect(received.from).toBe(STORE_ACCOUNT);
    await chat.openSession('c_demo2');
    await expect(chat.messages().filter({ hasText: tip })).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('forwarded.png') });
  } finally {
    await alice.close();
    await bob.close();
  }
});
