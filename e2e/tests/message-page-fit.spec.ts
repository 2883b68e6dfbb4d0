// Issue 35 §2: at 1366×768 the message page fits the window: the chat frame keeps its 750 px (console-spec §2)
// and its composer, inside the cross-origin frame, is in the viewport when the page opens, without scrolling.
import { test, expect, type Page } from '@playwright/test';
import { ChatFrame, CHROMIUM_WITH_STORAGE_PARTITIONING } from '../pages/chat-frame';
import { ConsoleShell } from '../pages/console-shell';
import { connectCustomer } from '../customer-client';
import { signIn, switchLanguage } from '../support/sign-in';
import { screenshot } from '../support/screenshot';
import { consoleUrl, frameUrl } from '../support/stack';

const STORE_ACCOUNT = 's_1001';
const LAPTOP = { width: 1366, height: 768 };

test.use({ launchOptions: CHROMIUM_WITH_STORAGE_PARTITIONING, viewport: LAPTOP });

/** The element's box in the page's viewport (Playwright's boundingBox is relative to the main frame's viewport). */
async function boxOf(locator: ReturnType<ChatFrame['input']>) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

async function expectComposerInView(page: Page, chat: ChatFrame) {
  const scroll = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
  const input = await boxOf(chat.input());
  const send = await boxOf(chat.sendButton());
  for (const box of [input, send]) {
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(LAPTOP.height);
  }
  // Nothing of the console covers the text box: the element at its centre is the frame.
  const covering = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, { x: input.x + input.width / 2, y: input.y + input.height / 2 });
  expect(covering).toBe('IFRAME');
  return scroll;
}

test('the chat composer is within a 1366×768 window when the message page opens, the frame 750 px high, in both languages', async ({ page }) => {
  const customer = await connectCustomer('c_fit_demo', 'Fit Check');
  try {
    await customer.sendText(STORE_ACCOUNT, `Hello from a laptop #${Date.now()}`);
    await signIn(page, '/dashboard');
    const shell = new ConsoleShell(page, consoleUrl());
    await shell.openMessages();
    const chat = new ChatFrame(page, frameUrl());
    const iframe = page.locator(`iframe[src^="${frameUrl()}"]`);
    await expect(iframe).toBeVisible();
    expect(await iframe.evaluate((el) => Math.round(el.getBoundingClientRect().height))).toBe(750);
    await expect(chat.session('c_fit_demo')).toBeVisible();
    await chat.session('c_fit_demo').click();
    await expect(chat.input()).toBeVisible();
    await expectComposerInView(page, chat);
    await screenshot(page, 'message-page-1366x768-en', { fullPage: false });

    // Reloaded in Chinese, and opened again from another page through the navbar's message centre.
    await switchLanguage(page, 'zh-CN');
    await shell.open('/dashboard');
    await page.getByTestId('nav-message').click();
    await expect(iframe).toBeVisible();
    await chat.session('c_fit_demo').click();
    await expect(chat.input()).toBeVisible();
    await expectComposerInView(page, chat);
    await screenshot(page, 'message-page-1366x768-zh', { fullPage: false });
  } finally {
    await customer.close();
  }
});
