import { test, expect } from '@playwright/test';
import { CHROMIUM_WITH_STORAGE_PARTITIONING } from '../pages/chat-frame';
import { signInForChat } from '../support/sign-in';
import { connectCustomer } from '../customer-client';

const STORE_ACCOUNT = 's_1001';

// The frame as merchants' Chromium runs it: IndexedDB in the cross-origin frame (storage partitioning),
// so the frame builds im-core's multi-tab client and the reply goes out through the leader tab.
test.use({ launchOptions: CHROMIUM_WITH_STORAGE_PARTITIONING });

test("the merchant replies to a customer's message in the embedded chat; the customer receives it as a reply and both bubbles show their quote", async ({ page }, testInfo) => {
  const { shell, chat } = await signInForChat(page);
  await shell.openMessages();

  const customer = await connectCustomer('c_demo1', 'Alice Chen');
  try {
    const stamp = Date.now();
    const question = await customer.sendText(STORE_ACCOUNT, `I ordered the oak dining table last week. Can the colour still change to walnut before it ships? #${stamp}`);
    expect(question.idServer).toBeTruthy();

    await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');
    // The frame's cache is IndexedDB, so its client is im-core's multi-tab client.
    expect(await chat.storageKind()).toBe('indexeddb');
    await chat.openSession('c_demo1');
    const bubble = (idClient: string) => chat.messages().and(chat.frame.locator(`[data-id-client="${idClient}"]`));
    const asked = bubble(question.idClient);
    await expect(asked).toContainText('I ordered the oak dining table');

    // Reply on the customer's message: the composer quotes it, and sending answers it.
    await chat.messageAction(asked, 'reply');
    const bar = chat.frame.getByTestId('reply-bar');
    await expect(bar).toContainText(/(Replying to|回复) Alice Chen(: |：)I ordered the oak dining table last week/);
    await expect(chat.input()).toBeFocused();
    const answer = `Yes, walnut is possible until Friday. #${stamp}`;
    await chat.input().fill(answer);
    await chat.input().press('Enter');
    await expect(bar).toHaveCount(0);

    const delivered = await customer.waitForText(answer);
    expect(delivered.from).toBe(STORE_ACCOUNT);
    expect(delivered.replyMsgIdServer).toBe(question.idServer);
    expect(delivered.replyMsgIdClient).toBe(question.idClient);
    expect(delivered.replyMsgFromAccount).toBe('c_demo1');

    const answered = bubble(delivered.idClient);
    await expect(answered).toHaveAttribute('data-status', 'success');
    const outQuote = answered.getByTestId('message-quote');
    await expect(outQuote.getByTestId('message-quote-sender')).toHaveText('Alice Chen');
    await expect(outQuote.getByTestId('message-quote-text')).toHaveText(/^I ordered the oak dining table last week.*…$/);

    // The customer answers the merchant's reply: an incoming bubble quotes the merchant's message.
    const thanks = `Great, please change it. #${stamp}`;
    const thanksSent = await customer.client.msgExtend.replyText(delivered, { text: thanks });
    const thanked = bubble(thanksSent.idClient);
    await expect(thanked.getByTestId('message-quote-text')).toHaveText(/^Yes, walnut is possible until Friday/);
    await expect(thanked.getByTestId('message-quote-sender')).toHaveText(/^(Me|我)$/);

    // The quote is no wider than its bubble (it cuts its line with an ellipsis instead).
    for (const reply of [answered, thanked]) {
      const widths = await reply.getByTestId('message-quote').evaluate((quote) => ({ quote: quote.getBoundingClientRect().width, bubble: (quote.parentElement as HTMLElement).clientWidth }));
      expect(widths.quote).toBeLessThanOrEqual(widths.bubble);
    }
    await page.screenshot({ path: testInfo.outputPath('replies.png') });

    // Choosing the quote shows the replied message.
    await outQuote.click();
    await expect(asked).toHaveAttribute('data-highlighted', 'true');
    await expect(asked).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('replies-highlighted.png') });
  } finally {
    await customer.close();
  }
});
