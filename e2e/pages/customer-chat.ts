import type { Browser, Page } from '@playwright/test';
import { signImToken } from '@merchant/im-core/server';
import { ChatFrame } from './chat-frame';

/**
 * A customer in a browser of their own: the chat frame opened as a top-level page with the customer's IM account
 * and a token signed with the stack's key (what a customer-facing app embedding the frame would pass). The page
 * object is ChatFrame's, reading the page instead of the console's iframe.
 */
export async function openCustomerChat(browser: Browser, frameUrl: string, account: string, nick: string) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 750 } });
  const page = await context.newPage();
  const token = signImToken({ accid: account, appKey: 'merchant-im', nick }, process.env.E2E_IM_TOKEN_SECRET!);
  await page.goto(`${frameUrl}/?account=${encodeURIComponent(account)}&token=${encodeURIComponent(token)}&lang=en-US`);
  const chat = new ChatFrame(page, frameUrl);
  // Same selectors, on the page itself (a Locator offers what ChatFrame uses of a FrameLocator).
  Object.defineProperty(chat, 'frame', { value: page.locator(':root') });
  return { page, chat, close: () => context.close() };
}

export type CustomerChat = Awaited<ReturnType<typeof openCustomerChat>>;
export type { Page };
