// Issue 34 §4, hostile input in the chat frame, in real Chromium against the real servers: a customer (the published
// im-core client in Node) sends each hostile string (support/hostile-strings.ts) as a text, as a file's name (a file
// at a javascript: address the client refuses) and as a custom message's title and text (its link a javascript: URL);
// the merchant uploads files named with them, and gives a team's name, introduction and announcement each of them.
// The frame shows every one as the same text, nothing ran in any frame, no link goes to javascript:, and the frame
// does not scroll sideways. The 10,000 characters are refused by the client's rules
// (text at most 5000) with a clear error, and a text holding U+0000 by im-server (414); neither is delivered.
import { test, expect, type Page } from '@playwright/test';
import { connectCustomer } from '../customer-client';
import { HOSTILE_STRINGS, TOO_LONG, expectNothingExecuted, guardAgainstExecution } from '../support/hostile-strings';
import { signInForChat } from '../support/sign-in';
import type { ChatFrame } from '../pages/chat-frame';
import { TeamAdmin } from '../pages/team-admin';

const STORE_ACCOUNT = 's_1001';
// A text holding U+0000 is refused by im-server (414, gateway/nul-text.ts: PostgreSQL's text cannot store it).
const WITH_NUL = HOSTILE_STRINGS.filter((hostile) => hostile.text.includes('\u0000'));
const SHOWN = HOSTILE_STRINGS.filter((hostile) => hostile !== TOO_LONG && !WITH_NUL.includes(hostile));

/** The frame's document does not scroll sideways: odd or long text wraps inside its bubble or row. */
async function expectFrameFits(chat: ChatFrame) {
  const { scrollWidth, clientWidth } = await chat.document().evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, 'the frame scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

/** A text that ends with `text` exactly (after a label in the frame's language). */
const endsWith = (text: string) => new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

async function openChat(page: Page) {
  const { shell, chat } = await signInForChat(page);
  await shell.openMessages();
  // im-server knows the merchant's account once the frame has signed in to it.
  await expect(chat.frame.locator('main[data-synced="true"]')).toBeVisible();
  return chat;
}

test('a customer\'s hostile texts, file names and custom messages are shown as text in the frame', async ({ page }) => {
  test.setTimeout(180_000);
  const guard = await guardAgainstExecution(page);
  const chat = await openChat(page);
  const account = `c_hostile_${Date.now().toString(36)}`;
  const customer = await connectCustomer(account, 'Hostile Harry');
  try {
    // The client's own rules refuse what no message may carry, before anything is sent.
    await expect(customer.sendText(STORE_ACCOUNT, TOO_LONG.text)).rejects.toThrow(/at most 5000/);
    await expect(customer.client.messages.sendFile({ scene: 'p2p', to: STORE_ACCOUNT, file: { name: 'x.txt', url: 'javascript:__p=1', ext: 'txt', size: 1 } })).rejects.toThrow(/http\(s\)/);
    // The server refuses U+0000 with the field's name, and the message is not delivered (the frame shows none of it).
    for (const hostile of WITH_NUL) await expect(customer.sendText(STORE_ACCOUNT, hostile.text)).rejects.toThrow(/msg\.text holds the character U\+0000/);
    for (const [index, hostile] of SHOWN.entries()) {
      await test.step(hostile.label, async () => {
        await customer.sendText(STORE_ACCOUNT, hostile.text);
        await customer.client.messages.sendFile({ scene: 'p2p', to: STORE_ACCOUNT, file: { name: hostile.text, url: `https://example.com/files/${index}.txt`, ext: 'txt', size: 10 + index } });
        await customer.client.messages.sendCustom({ scene: 'p2p', to: STORE_ACCOUNT, content: JSON.stringify({ title: hostile.text, text: `${hostile.text} (text)`, url: 'javascript:__p=1' }) });
        if (index === 0) {
          await chat.openSession(account);
          for (const hostile of WITH_NUL) await expect(chat.messages().filter({ hasText: hostile.text.replace('\u0000', '') })).toHaveCount(0);
        }
        const newest = chat.messages().last();
        await expect(newest.getByTestId('message-custom').getByText(hostile.text, { exact: true })).toBeVisible();
        await expect(newest.getByTestId('message-custom').getByText(`${hostile.text} (text)`, { exact: true })).toBeVisible();
        await expect(chat.messages().getByTestId('message-file').getByText(hostile.text, { exact: true }).last()).toBeVisible();
        await expect(chat.messages().getByText(hostile.text, { exact: true }).first()).toBeVisible();
        await expectFrameFits(chat);
        await expectNothingExecuted(page, guard);
      });
    }
    // The session row shows the last message's preview; the links went nowhere (no javascript: address was drawn).
    await expect(chat.frame.locator('a[href^="javascript:" i]')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('hostile-chat-messages.png'), fullPage: true });
  } finally {
    await customer.close();
  }
});

test('files the merchant uploads under hostile names are sent and shown under those names', async ({ page }) => {
  test.setTimeout(180_000);
  const guard = await guardAgainstExecution(page);
  const chat = await openChat(page);
  const account = `c_upload_${Date.now().toString(36)}`;
  const customer = await connectCustomer(account, 'Upload Una');
  try {
    await customer.sendText(STORE_ACCOUNT, 'Please send the files');
    await chat.openSession(account);
    // A file name cannot hold '/', and the browser keeps the rest as typed.
    for (const hostile of SHOWN.filter((candidate) => !candidate.text.includes('/'))) {
      await test.step(hostile.label, async () => {
        const name = `${hostile.text}.txt`;
        await chat.attachFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(`hostile ${hostile.label}`) });
        await expect(chat.messages().getByTestId('message-file').getByText(name, { exact: true }).last()).toBeVisible();
        const received = await customer.waitForFile(name);
        expect(received.file?.name).toBe(name);
        await expectFrameFits(chat);
        await expectNothingExecuted(page, guard);
      });
    }
    await page.screenshot({ path: test.info().outputPath('hostile-chat-uploads.png'), fullPage: true });
  } finally {
    await customer.close();
  }
});

test('team names, introductions and announcements the merchant types are shown as text in the list and the team panel', async ({ page }) => {
  test.setTimeout(180_000);
  const guard = await guardAgainstExecution(page);
  const chat = await openChat(page);
  const account = `c_team_${Date.now().toString(36)}`;
  // A normal team takes its accounts at once; im-server knows the customer once their client has signed in.
  const customer = await connectCustomer(account, 'Team Tess');
  try {
    const teams = new TeamAdmin(chat);
    const baseName = `Hostile desk ${Date.now().toString(36)}`;
    await teams.fillCreate(baseName, 'normal', [account]);
    const teamId = await teams.submitCreate(baseName);
    await chat.openSession(teamId);
    const panel = await chat.openTeamPanel();
    const settings = chat.frame.getByTestId('team-settings');
    for (const hostile of SHOWN) {
      await test.step(hostile.label, async () => {
        await panel.getByTestId('team-settings-open').click();
        await expect(settings).toBeVisible();
        for (const field of ['name', 'intro', 'announcement']) await settings.getByTestId(`team-settings-${field}`).fill(hostile.text);
        await settings.getByTestId('team-settings-save').click();
        await expect(settings).toBeHidden();
        await expect(panel.getByTestId('team-intro')).toHaveText(hostile.text);
        await expect(panel.getByTestId('team-announcement')).toHaveText(hostile.text);
        // The row's name (its text also carries hidden labels such as ", team" for screen readers).
        await expect(chat.session(teamId)).toContainText(hostile.text);
        await expectFrameFits(chat);
        await expectNothingExecuted(page, guard);
      });
    }
    await page.screenshot({ path: test.info().outputPath('hostile-chat-team.png'), fullPage: true });
  } finally {
    await customer.close();
  }
});

test('a top note the merchant types is shown as text on the pinned row; too long and U+0000 are refused in the dialog', async ({ page }) => {
  test.setTimeout(180_000);
  const guard = await guardAgainstExecution(page);
  const chat = await openChat(page);
  const account = `c_note_${Date.now().toString(36)}`;
  const customer = await connectCustomer(account, 'Note Nora');
  try {
    // A conversation the server knows (it has a message) can be stuck to the top, and only a stuck one takes a note.
    await customer.sendText(STORE_ACCOUNT, 'Where is my refund?');
    await expect(chat.session(account)).toBeVisible();
    await chat.toggleTop(account);
    await expect(chat.pinnedMark(account)).toBeVisible();
    for (const hostile of SHOWN) {
      await test.step(hostile.label, async () => {
        await chat.setTopNote(account, hostile.text);
        // "Top note: …" / "置顶备注：…" in the frame's language, then the note as typed.
        await expect(chat.topNote(account)).toHaveText(endsWith(hostile.text));
        await expectFrameFits(chat);
        await expectNothingExecuted(page, guard);
      });
    }
    const shownNote = endsWith(SHOWN.at(-1)!.text);
    const dialog = chat.frame.getByTestId('top-note-dialog');
    // Past the note's 50 characters: the field says so and nothing is sent.
    const menu = await chat.openSessionActions(account);
    await menu.getByTestId('session-edit-note').click();
    await dialog.getByTestId('top-note-input').fill(TOO_LONG.text);
    await dialog.getByTestId('top-note-save').click();
    await expect(dialog.getByRole('alert')).toContainText('50');
    // U+0000: im-server refuses it (414, naming the field), and the dialog stays with the reason.
    for (const hostile of WITH_NUL) {
      await dialog.getByTestId('top-note-input').fill(hostile.text);
      await dialog.getByTestId('top-note-save').click();
      await expect(dialog.getByTestId('top-note-error')).toContainText('U+0000');
    }
    await dialog.getByTestId('top-note-cancel').click();
    await expect(dialog).toBeHidden();
    await expect(chat.topNote(account)).toHaveText(shownNote);
    await expectNothingExecuted(page, guard);
    await page.screenshot({ path: test.info().outputPath('hostile-chat-top-note.png'), fullPage: true });
  } finally {
    await customer.close();
  }
});
