// The signed-in layout as a merchant uses it: menu per store type, help centre, size and theme,
// tabs (context menu, kept state, reload), mobile drawer, language switch, accessibility.
import { test, expect, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { ConsoleShell, MESSAGE_PATH } from '../pages/console-shell';
import { seriousViolations } from '../support/axe';

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;

/** Signs in with the console in English (the language test switches itself). */
async function signIn(page: Page, userName = 'demo_merchant') {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('console.language')) window.localStorage.setItem('console.language', 'en-US');
  });
  const login = new LoginPage(page, consoleUrl());
  await login.open('?redirect=/dashboard');
  await login.signIn(userName, 'Demo12345');
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  return new ConsoleShell(page, consoleUrl());
}

test('the menu lists the help centre, not the hidden chat route; the help icon opens a real help page', async ({ page }) => {
  const shell = await signIn(page);
  await expect(shell.mainMenu().getByRole('link', { name: /^(Help centre|帮助中心)$/ })).toBeVisible();
  // console-spec §2: /message/message is a hidden route, opened from the navbar's message icon.
  await expect(shell.mainMenu().getByRole('link', { name: /^(Messages|消息)$/ })).toHaveCount(0);
  await shell.openHelpCentre();
  await expect(page).toHaveURL(/\/help\/help$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Help centre|帮助中心/);
  await expect(page.getByTestId('help-topic-signIn')).toBeVisible();
});

test('a service store (storeType 3) gets the menu for its type', async ({ page }) => {
  const shell = await signIn(page, 'demo_service');
  await expect(shell.mainMenu().getByRole('link')).not.toHaveCount(0);
  await expect(shell.mainMenu().getByRole('link', { name: /^(Dashboard|首页)$/ })).toBeVisible();
});

test('tabs: the context menu, state kept when switching, and the list survives a reload', async ({ page }) => {
  const shell = await signIn(page);
  await shell.openHelpCentre();
  const topic = page.getByTestId('help-topic-signIn').getByRole('button');
  await expect(topic).toHaveAttribute('aria-expanded', 'true');
  await topic.click();
  await expect(topic).toHaveAttribute('aria-expanded', 'false');
  await shell.tag('/dashboard').click();
  await expect(page).toHaveURL(/^[^?]*\/dashboard$/);
  await shell.tag('/help/help').click();
  await expect(page.getByTestId('help-topic-signIn').getByRole('button')).toHaveAttribute('aria-expanded', 'false');

  await page.reload();
  await expect(shell.tag('/help/help')).toBeVisible();
  await expect(shell.tag('/dashboard')).toBeVisible();

  // Refresh remounts the view.
  await shell.tagMenu('/help/help', 'Refresh');
  await expect(page.getByTestId('help-topic-signIn').getByRole('button')).toHaveAttribute('aria-expanded', 'true');

  await shell.openMessages();
  await expect(shell.tag(MESSAGE_PATH)).toBeVisible();
  await shell.tagMenu(MESSAGE_PATH, 'Close others');
  await expect(shell.tag('/help/help')).toHaveCount(0);
  await shell.tagMenu('/dashboard', 'Close all');
  await expect(shell.tags()).toHaveCount(1);
  await expect(shell.tag('/dashboard')).toBeVisible();
  await shell.openTagMenu('/dashboard');
  await expect(page.getByRole('menuitem', { name: 'Close', exact: true })).toBeDisabled();
});

test('size and dark theme are remembered across a reload', async ({ page }) => {
  const shell = await signIn(page);
  await shell.chooseLayoutSize('Small');
  await shell.toggleDarkTheme();
  await page.reload();
  await expect(page.getByTestId('user-menu')).toHaveClass(/MuiButton-sizeSmall/);
  await expect(page.getByTestId('nav-theme')).toHaveAttribute('aria-pressed', 'true');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
});

test('under 992px the sidebar is a drawer that closes after tapping a page, the current one included', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  const shell = await signIn(page);
  await expect(page.locator('[data-layout="mobile"]')).toBeVisible();
  await shell.toggleSidebar();
  await shell.mainMenu().getByRole('link', { name: /^(Dashboard|首页)$/ }).click();
  await expect(shell.mainMenu()).toBeHidden();
  await shell.toggleSidebar();
  await shell.mainMenu().getByRole('link', { name: /^(Help centre|帮助中心)$/ }).click();
  await expect(page).toHaveURL(/\/help\/help$/);
  await expect(shell.mainMenu()).toBeHidden();
});

test('the language switch changes the whole layout and is remembered', async ({ page }) => {
  const shell = await signIn(page);
  await shell.switchLanguage('简体中文');
  await expect(shell.tag('/dashboard')).toHaveText('首页');
  await page.reload();
  await expect(shell.tag('/dashboard')).toHaveText('首页');
  await shell.switchLanguage('English');
  await expect(shell.tag('/dashboard')).toHaveText('Dashboard');
});

test('the dashboard and the layout have no serious or critical axe violation, light and dark', async ({ page }) => {
  const shell = await signIn(page);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shell.openHelpCentre();
  await expect(page.getByTestId('help-topic-signIn')).toBeVisible();
  // The pointer is still on the help button: its tooltip, caught in its fade, failed contrast in a fresh-clone run.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shell.toggleDarkTheme();
  await shell.tag('/dashboard').click();
  // Audit the settled page: a tooltip caught in its fade (the pointer left on a control) is half transparent,
  // so its contrast is not what the merchant reads (a fresh-clone run at load ~6 failed on that).
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
