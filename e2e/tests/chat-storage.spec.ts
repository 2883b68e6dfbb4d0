// IndexedDB in the cross-origin frame, in Chromium as merchants run it. Playwright turns off
// third-party storage partitioning (its default --disable-features list, microsoft/playwright#32230);
// without partitioning this Chromium blocks storage in a cross-site frame ("The user denied
// permission…"). Real Chrome partitions it (since 115), so this file keeps partitioning on
// (CHROMIUM_WITH_STORAGE_PARTITIONING) and proves the frame then uses IndexedDB.
// docs/im-frame.md explains what each browser does.
import { test, expect } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { ConsoleShell } from '../pages/console-shell';
import { ChatFrame, CHROMIUM_WITH_STORAGE_PARTITIONING } from '../pages/chat-frame';
import { connectCustomer } from '../customer-client';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

test.use({ launchOptions: CHROMIUM_WITH_STORAGE_PARTITIONING });

test('in Chromium with storage partitioning the cross-origin frame caches the chat in IndexedDB', async ({ page }) => {
  const consoleUrl = process.env.E2E_CONSOLE_URL!;
  const login = new LoginPage(page, consoleUrl);
  await login.open();
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  await new ConsoleShell(page, consoleUrl).openMessages();
  const chat = new ChatFrame(page, process.env.E2E_FRAME_URL!);
  await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');

  expect(await chat.storageKind()).toBe('indexeddb');
  await expect(chat.storageNotice()).toHaveCount(0);
  const databases = await chat.document().evaluate(async () => (await indexedDB.databases()).map((db) => `${db.name}@${db.version}`));
  expect(databases).toContain('merchant-im-merchant-im-s_1001@12');

  const customer = await connectCustomer('c_demo1', 'Alice Chen');
  const text = `Cached in IndexedDB #${Date.now()}`;
  try {
    await customer.sendText('s_1001', text);
    await chat.openSession('c_demo1');
    await expect(chat.messages().filter({ hasText: text })).toHaveCount(1);
  } finally {
    await customer.close();
  }
  // The message is in the frame's own database (its partition under the console's site).
  const stored = await chat.document().evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('merchant-im-merchant-im-s_1001');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const names = [...db.objectStoreNames];
    const msgTable = names.find((name) => name.startsWith('msg'))!;
    const all = await new Promise<Array<{ text?: string }>>((resolve, reject) => {
      const request = db.transaction(msgTable).objectStore(msgTable).getAll();
      request.onsuccess = () => resolve(request.result as Array<{ text?: string }>);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return all.some((message) => message.text === wanted);
  }, text);
  expect(stored).toBe(true);
});
