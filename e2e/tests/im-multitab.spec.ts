// One socket per browser profile (issue 10 §7, docs/im-multitab.md): two console tabs in one
// browser context show the chat; only one of them (the leader, holding the Web Lock) opens a
// WebSocket to im-server, the other is served over BroadcastChannel. Closing the leader's tab moves
// the socket to the other tab, which catches up from the shared IndexedDB and im-server's sync:
// every customer message shows exactly once.
import { test, expect, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { ConsoleShell } from '../pages/console-shell';
import { ChatFrame, CHROMIUM_WITH_STORAGE_PARTITIONING } from '../pages/chat-frame';
import { connectCustomer } from '../customer-client';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

const STORE_ACCOUNT = 's_1001';
const CUSTOMER = 'c_tabs1';

// The tabs share the frame's IndexedDB only with storage partitioning on (docs/im-frame.md).
test.use({ launchOptions: CHROMIUM_WITH_STORAGE_PARTITIONING });

interface TrackedSocket {
  tab: string;
  closed: boolean;
}

test('two tabs share one socket; closing the leader moves it to the other tab with no message lost or doubled', async ({ context }) => {
  test.setTimeout(120_000);
  const consoleUrl = process.env.E2E_CONSOLE_URL!;
  const frameUrl = process.env.E2E_FRAME_URL!;
  const imHost = new URL(process.env.E2E_IM_LBS_URL!).host;
  const sockets: TrackedSocket[] = [];
  const track = (page: Page, tab: string) => {
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).host !== imHost) return;
      const entry = { tab, closed: false };
      sockets.push(entry);
      ws.on('close', () => (entry.closed = true));
    });
    // A closed page reports no more socket events: its sockets went with it.
    page.on('close', () => sockets.filter((s) => s.tab === tab).forEach((s) => (s.closed = true)));
  };
  const open = () => sockets.filter((s) => !s.closed);

  const first = await context.newPage();
  track(first, 'first');
  const login = new LoginPage(first, consoleUrl);
  await login.open();
  // "Remember me": the console session is then shared by the tabs of this browser profile.
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password, { remember: true });
  await expect(first).toHaveURL(/^[^?]*\/dashboard$/);
  await new ConsoleShell(first, consoleUrl).openMessages();
  const firstChat = new ChatFrame(first, frameUrl);
  await expect(firstChat.connectionStatus()).toHaveAttribute('data-phase', 'connected');
  expect(await firstChat.storageKind()).toBe('indexeddb');

  // The second tab of the same browser profile: signed in already, no login of its own to im-server.
  const second = await context.newPage();
  track(second, 'second');
  await new ConsoleShell(second, consoleUrl).openMessages();
  const secondChat = new ChatFrame(second, frameUrl);
  await expect(secondChat.connectionStatus()).toHaveAttribute('data-phase', 'connected');

  const customer = await connectCustomer(CUSTOMER, 'Carol Tabs');
  const stamp = Date.now();
  const texts = [1, 2, 3, 4].map((n) => `Multi-tab message ${n} #${stamp}`);
  try {
    await customer.sendText(STORE_ACCOUNT, texts[0]);
    for (const chat of [firstChat, secondChat]) {
      await chat.openSession(CUSTOMER);
      await expect(chat.messages().filter({ hasText: texts[0] })).toHaveCount(1);
    }
    // The second tab replies: the reply goes out on the first tab's socket, reaches the customer
    // once, and the first tab shows it too (both tabs current).
    const followerReply = `Reply from the second tab #${stamp}`;
    await secondChat.reply(followerReply);
    await customer.waitForText(followerReply);
    await expect(firstChat.messages().filter({ hasText: followerReply })).toHaveCount(1);
    await expect(secondChat.messages().filter({ hasText: followerReply })).toHaveCount(1);
    expect(customer.received.filter((m) => m.text === followerReply)).toHaveLength(1);

    // Exactly one WebSocket to im-server across both tabs, held by the first tab (it took the lock first).
    expect(sockets.map((s) => s.tab)).toEqual(['first']);
    expect(open()).toHaveLength(1);

    // The leader's tab closes: the browser releases its lock and the second tab takes over.
    await first.close();
    await customer.sendText(STORE_ACCOUNT, texts[1]);
    await customer.sendText(STORE_ACCOUNT, texts[2]);
    await expect.poll(() => open().map((s) => s.tab)).toEqual(['second']);
    await expect(secondChat.connectionStatus()).toHaveAttribute('data-phase', 'connected');
    await customer.sendText(STORE_ACCOUNT, texts[3]);

    // Every message once in the remaining tab, in order: none lost in the handover, none doubled.
    for (const text of texts) await expect(secondChat.messages().filter({ hasText: text })).toHaveCount(1);
    const shown = (await secondChat.messages().allInnerTexts()).filter((t) => texts.some((text) => t.includes(text)));
    expect(shown.map((t) => texts.findIndex((text) => t.includes(text)))).toEqual([0, 1, 2, 3]);
    await expect(secondChat.messages().filter({ hasText: followerReply })).toHaveCount(1);
    expect(sockets.map((s) => s.tab)).toEqual(['first', 'second']);

    // The second tab's reply goes out through its now-own socket and reaches the customer once.
    const reply = `Reply after the handover #${stamp}`;
    await secondChat.reply(reply);
    await customer.waitForText(reply);
    await expect(secondChat.messages().filter({ hasText: reply })).toHaveCount(1);
    expect(customer.received.filter((m) => m.text === reply)).toHaveLength(1);
  } finally {
    await customer.close();
  }
});
