import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test, expect } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { ConsoleShell } from '../pages/console-shell';
import { ChatFrame, CHROMIUM_WITH_STORAGE_PARTITIONING } from '../pages/chat-frame';
import { connectCustomer } from '../customer-client';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

// Issue 30 §2 and §3 in the browser (docs/im-background.md): the operator puts words in the lexicon with
// the real `im-server-operator` CLI; the merchant's frame, signing in afterwards, loads the lexicon and
// sends a replace word as ** and refuses a reject word (the customer never gets it); "send diagnostic
// log" uploads the frame's log, and the operator reads it with the CLI, without the IM token in it.

const STORE_ACCOUNT = 's_1001';
const OPERATOR_CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/im-server/dist/operator.js');

test.use({ launchOptions: CHROMIUM_WITH_STORAGE_PARTITIONING });

/** Runs `im-server-operator` against this worker's im-server (its development operator key). */
async function operator(...args: string[]): Promise<string> {
  const imUrl = process.env.E2E_IM_LBS_URL!.replace(/\/lbs$/, '');
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [OPERATOR_CLI, '--url', imUrl, ...args]);
    return stdout;
  } catch (error) {
    throw new Error(`im-server-operator ${args.join(' ')} failed: ${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`);
  }
}

test('a lexicon word is sent as ** or refused per the lexicon, and the diagnostic log reaches the operator', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const replaceWord = `darn${stamp}`;
  const rejectWord = `scam${stamp}`;
  expect(await operator('antispam', 'add', replaceWord, 'replace')).toContain(`added "${replaceWord}"`);
  expect(await operator('antispam', 'add', rejectWord, 'reject')).toContain(`added "${rejectWord}"`);

  const consoleUrl = process.env.E2E_CONSOLE_URL!;
  const login = new LoginPage(page, consoleUrl);
  await login.open();
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  await new ConsoleShell(page, consoleUrl).openMessages();

  const customer = await connectCustomer('c_demo1', 'Alice Chen');
  try {
    const question = `Any discount today? #${stamp}`;
    await customer.sendText(STORE_ACCOUNT, question);
    const chat = new ChatFrame(page, process.env.E2E_FRAME_URL!);
    await chat.openSession('c_demo1');
    await expect(chat.messages().filter({ hasText: question })).toHaveCount(1);

    // A replace word: the frame sends ** in its place, and the customer gets the same.
    await chat.reply(`Oh ${replaceWord.toUpperCase()}, sold out #${stamp}`);
    const filtered = `Oh **, sold out #${stamp}`;
    await expect(chat.messages().filter({ hasText: filtered })).toHaveCount(1);
    expect((await customer.waitForText(filtered)).from).toBe(STORE_ACCOUNT);

    // A reject word: shown as refused, never sent.
    const refusedText = `Pay by ${rejectWord} link #${stamp}`;
    await chat.reply(refusedText);
    const refused = chat.messages().filter({ hasText: refusedText });
    await expect(refused).toHaveAttribute('data-antispam', 'rejected');
    await expect(refused.getByTestId('message-antispam-rejected')).toBeVisible();
    await expect(refused.getByTestId('message-retry')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('antispam-refused.png') });
    const after = `Anything else? #${stamp}`;
    await chat.reply(after);
    await customer.waitForText(after);
    expect(customer.received.map((m) => m.text)).not.toContain(refusedText);

    // Send diagnostic log: progress, then the result; the operator reads it.
    await chat.frame.getByTestId('diagnostic-log-open').click();
    const dialog = chat.frame.getByTestId('diagnostic-log-dialog');
    await dialog.getByTestId('diagnostic-log-send').click();
    await expect(dialog.getByTestId('diagnostic-log-done')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('diagnostic-log-sent.png') });

    const listed = await operator('logs', 'list', STORE_ACCOUNT);
    const [newest] = listed.trim().split('\n');
    expect(newest).toMatch(new RegExp(`^\\d+\\t${STORE_ACCOUNT}\\t\\d+ bytes`));
    const shown = await operator('logs', 'show', newest.split('\t')[0]);
    expect(shown).toContain(`account ${STORE_ACCOUNT}`);
    expect(shown).toContain('connection loggedIn');
    // Nothing secret: the frame's address carried the IM token, and no message text is in the log.
    expect(shown).not.toMatch(/[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/);
    expect(shown).not.toContain(question);
  } finally {
    await customer.close();
    await operator('antispam', 'remove', replaceWord);
    await operator('antispam', 'remove', rejectWord);
  }
});
