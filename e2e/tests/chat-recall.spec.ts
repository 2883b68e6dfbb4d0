import { test, expect } from '@playwright/test';
import type { ImMessage } from '@merchant/im-core';
import { LoginPage } from '../pages/login-page';
import { ConsoleShell } from '../pages/console-shell';
import { ChatFrame } from '../pages/chat-frame';
import { connectCustomer } from '../customer-client';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

const STORE_ACCOUNT = 's_1001';

// Recall (issue 31): the merchant recalls a reply after a confirmation and the customer's client shows it
// recalled; a customer's recall reaches the frame as "Alice Chen recalled a message", its text gone.
test('the merchant recalls a reply, confirmed first; a recall by the customer reaches the frame', async ({ page }, testInfo) => {
  const consoleUrl = process.env.E2E_CONSOLE_URL!;
  const login = new LoginPage(page, consoleUrl);
  await login.open();
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  await new ConsoleShell(page, consoleUrl).openMessages();

  const alice = await connectCustomer('c_demo1', 'Alice Chen');
  const recalledAtCustomer: ImMessage[] = [];
  alice.client.on('msgUpdate', (m: ImMessage) => {
    if (m.recalled) recalledAtCustomer.push(m);
  });
  try {
    const question = `Which sizes are left? #${Date.now()}`;
    await alice.sendText(STORE_ACCOUNT, question);
    const chat = new ChatFrame(page, process.env.E2E_FRAME_URL!);
    await chat.openSession('c_demo1');
    await expect(chat.messages().filter({ hasText: question })).toHaveCount(1);

    const wrong = `Only XL, sorry #${Date.now()}`;
    await chat.reply(wrong);
    const reply = await alice.waitForText(wrong);
    const mine = chat.messages().filter({ hasText: wrong });
    await expect(mine).toHaveAttribute('data-status', 'success');

    // Cancelling recalls nothing; confirming recalls it on both sides.
    await chat.messageAction(mine, 'recall');
    const dialog = chat.frame.getByTestId('recall-dialog');
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('recall-confirm.png') });
    await page.screenshot({ path: '/tmp/hrecall-confirm.png' });
    await dialog.getByTestId('recall-cancel').click();
    await expect(dialog).toBeHidden();
    await expect(chat.messages().filter({ hasText: wrong })).toHaveCount(1);

    await chat.messageAction(mine, 'recall');
    await chat.frame.getByTestId('recall-dialog').getByTestId('recall-confirm').click();
    const recalledLine = chat.messages().filter({ has: chat.frame.getByTestId('message-recalled') }).first();
    await expect(recalledLine).toHaveText(/你撤回了一条消息|You recalled a message/);
    await expect(chat.messages().filter({ hasText: wrong })).toHaveCount(0);
    await expect.poll(() => recalledAtCustomer.map((m) => m.idClient)).toContain(reply.idClient);
    expect(recalledAtCustomer.find((m) => m.idClient === reply.idClient)).toMatchObject({ recalled: { by: STORE_ACCOUNT } });

    // The customer recalls a message of theirs: the frame shows who recalled it, and not its text.
    const oops = `my phone number is 555 #${Date.now()}`;
    const sent = await alice.sendText(STORE_ACCOUNT, oops);
    await expect(chat.messages().filter({ hasText: oops })).toHaveCount(1);
    await alice.client.messages.recall(sent.idClient);
    await expect(chat.messages().filter({ hasText: oops })).toHaveCount(0);
    await expect(chat.messages().filter({ hasText: /Alice Chen ?撤回了一条消息|Alice Chen recalled a message/ })).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('recalled.png') });
    await page.screenshot({ path: '/tmp/hrecall-recalled.png' });
  } finally {
    await alice.close();
  }
});
