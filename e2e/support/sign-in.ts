// Signing in to the console as a merchant, in the language the test asks for (the console reads it from
// localStorage before it starts).
import { expect, type Page } from '@playwright/test';
import { ChatFrame } from '../pages/chat-frame';
import { ConsoleShell } from '../pages/console-shell';
import { LoginPage } from '../pages/login-page';
import { CONTRACT_PATHS, DEMO_SIGN_IN, consoleUrl, frameUrl } from './stack';

export type ConsoleLanguage = 'en-US' | 'zh-CN';

export interface SignInOptions {
  language?: ConsoleLanguage;
  userName?: string;
  /** "Remember me": the token outlives the tab, so other tabs of the context start signed in. */
  remember?: boolean;
}

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Shows the signed-in page again in `language`. signIn's init script sets the language on every load; a
 * later init script runs after it and wins.
 */
export async function switchLanguage(page: Page, language: ConsoleLanguage) {
  await page.addInitScript((lang) => window.localStorage.setItem('console.language', lang), language);
  await page.reload();
}

/** Signs in from /login and waits until the console shows `redirect`. */
export async function signIn(page: Page, redirect: string, { language = 'en-US', userName = DEMO_SIGN_IN.userName, remember = false }: SignInOptions = {}) {
  await page.addInitScript((lang) => window.localStorage.setItem('console.language', lang), language);
  const login = new LoginPage(page, consoleUrl());
  await login.open(`?redirect=${encodeURIComponent(redirect)}`);
  await login.signIn(userName, DEMO_SIGN_IN.password, { remember });
  await expect(page).toHaveURL(new RegExp(escapeForRegExp(redirect)));
}

/** Signs in to the dashboard and waits for the console's event stream, so nothing paid after this is missed. */
export async function signInToDashboard(page: Page, options: SignInOptions = {}) {
  // The stream opens once the shell is up.
  const streamOpened = page.waitForResponse((response) => response.url().includes(CONTRACT_PATHS.eventStream) && response.status() === 200);
  await signIn(page, '/dashboard', options);
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  await streamOpened;
}

/** Signs in from /login (the console's own language) to the dashboard; the shell and the chat frame's page objects. */
export async function signInForChat(page: Page) {
  const login = new LoginPage(page, consoleUrl());
  await login.open();
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  return { shell: new ConsoleShell(page, consoleUrl()), chat: new ChatFrame(page, frameUrl()) };
}
