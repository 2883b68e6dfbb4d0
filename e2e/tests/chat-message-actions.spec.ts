import { test, expect } from '@playwright/test';
import { signInForChat } from '../support/sign-in';
import { frameUrl } from '../support/stack';
import { openCustomerChat } from '../pages/customer-chat';
import { IM_FRAME, seriousViolations } from '../support/axe';

const STORE_ACCOUNT = 's_1001';

// Issue 32 §4 and §5 between two people in two browsers: the merchant in the console's frame, the customer in a
// frame of their own, both on the real servers. A receipt, a pin and a quick comment each reach the other side.
test('a read receipt, a pin and a quick comment reach the other side', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { shell, chat } = await signInForChat(page);
  await shell.openMessages();
  // im-server knows the merchant's account once the frame has signed in to it.
  await expect(chat.frame.locator('main[data-synced="true"]')).toBeVisible();

  const customer = await openCustomerChat(browser, frameUrl(), 'c_demo1', 'Alice Chen');
  try {
    await expect(customer.page.locator('main[data-synced="true"]')).toBeVisible();
    await customer.chat.startChatWith(STORE_ACCOUNT);
    const question = `Is the oak table still in stock? #${Date.now()}`;
    await customer.chat.reply(question);

    await chat.openSession('c_demo1');
    const asked = chat.messages().filter({ hasText: question });
    await expect(asked).toHaveCount(1);

    // Read receipt: the customer has the conversation open, so the merchant's answer is read at once.
    const answer = `Yes, three left in walnut #${Date.now()}`;
    await chat.reply(answer);
    const mine = chat.messages().filter({ hasText: answer });
    await expect(mine).toHaveAttribute('data-status', 'success');
    await expect(customer.chat.messages().filter({ hasText: answer })).toHaveCount(1);
    await expect(mine.getByTestId('message-read-state')).toHaveAttribute('data-read', 'true');
    await expect(mine.getByTestId('message-read-state')).toHaveText(/^(Read|已读)$/);

    // A pin by the merchant: the pinned bar shows it on both sides.
    await chat.messageAction(asked, 'pin');
    await expect(chat.frame.getByTestId('pinned-bar-text')).toHaveText(question);
    await expect(customer.page.getByTestId('pinned-bar-text')).toHaveText(question);
    await expect(customer.chat.messages().filter({ hasText: question })).toHaveAttribute('data-pinned', 'true');

    // A quick comment by the customer on the merchant's answer: the merchant sees who reacted.
    const answerAtCustomer = customer.chat.messages().filter({ hasText: answer });
    await answerAtCustomer.getByTestId('message-more').click();
    await customer.page.getByRole('menuitemcheckbox', { name: 'React with 👍' }).click();
    await expect(answerAtCustomer.getByTestId('message-reaction-1')).toHaveAttribute('aria-pressed', 'true');
    const reaction = mine.getByTestId('message-reaction-1');
    await expect(reaction).toHaveAttribute('data-count', '1');
    await expect(reaction).toHaveAttribute('aria-pressed', 'false');
    await expect(reaction).toHaveAttribute('title', 'Alice Chen');

    // The merchant's menu on the customer's message, with nothing serious or critical for axe.
    await asked.getByTestId('message-more').click();
    const menu = chat.frame.getByRole('menu');
    await expect(menu.getByTestId('message-unpin')).toBeVisible();
    await expect(menu.getByTestId('message-recall')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('message-menu.png') });
    await menu.getByTestId('message-collect').click();
    await expect(chat.frame.getByTestId('message-action-status')).toHaveText(/Added to your favourites|已收藏/);
    await page.screenshot({ path: testInfo.outputPath('pinned-and-reacted.png') });
    await customer.page.screenshot({ path: testInfo.outputPath('customer-side.png') });

    // The favourites list has it.
    await chat.frame.getByTestId('favourites-open').click();
    await expect(chat.frame.getByTestId('favourite').filter({ hasText: question })).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('favourites.png') });
    await chat.frame.getByRole('dialog').press('Escape');

    // Last, because after axe has walked the frame headless Chromium sent the next pointer click on the frame to the
    // console page instead (a menu item near the frame's bottom did nothing in 4 of 5 repeated runs): the menu, with
    // nothing serious or critical for axe.
    await asked.getByTestId('message-more').click();
    await expect(chat.frame.getByRole('menu').getByTestId('message-collect')).toBeVisible();
    expect(await seriousViolations(page, { include: IM_FRAME })).toEqual([]);
  } finally {
    await customer.close();
  }
});
