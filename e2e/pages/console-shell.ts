import type { Page } from '@playwright/test';

/** console-spec §2 hidden route of the chat. */
export const MESSAGE_PATH = '/message/message';

/** The signed-in layout (sidebar, navbar, tags bar), in a merchant's terms. Selectors live here only. */
export class ConsoleShell {
  constructor(private readonly page: Page, private readonly consoleUrl: string) {}

  async open(path: string) {
    await this.page.goto(`${this.consoleUrl}${path}`);
  }

  async openMessages() {
    await this.open(MESSAGE_PATH);
  }

  /** The navbar's language switch; `label` is the language's own name (e.g. 'English', '简体中文'). */
  async switchLanguage(label: string) {
    await this.page.getByRole('combobox', { name: /^(Language|语言)$/ }).selectOption({ label });
  }

  async logOut() {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByTestId('user-menu-logout').click();
  }

  sidebar() {
    return this.page.getByTestId('sidebar');
  }

  mainMenu() {
    return this.page.getByRole('navigation', { name: /^(Main menu|主菜单)$/ });
  }

  async toggleSidebar() {
    await this.page.getByTestId('sidebar-toggle').click();
  }

  async openHelpCentre() {
    await this.page.getByTestId('nav-help').click();
  }

  async chooseLayoutSize(label: string) {
    await this.page.getByTestId('nav-size').click();
    await this.page.getByRole('menuitemradio', { name: label }).click();
  }

  async toggleDarkTheme() {
    await this.page.getByTestId('nav-theme').click();
  }

  disabledStoreWarning() {
    return this.page.getByTestId('store-disabled-warning');
  }

  tag(path: string) {
    return this.page.getByTestId(`tag-${path}`);
  }

  tags() {
    return this.page.getByTestId('tags-bar').locator('[data-testid^="tag-/"]');
  }

  /**
   * Opens a tag's context menu with the keyboard (Shift+F10 on the focused tag). By keyboard, not a right click: once
   * the cross-origin chat frame has taken pointer input, headless Chromium may send the next pointer click on the
   * console to the frame, and the menu never opened (a fresh-clone run of 2026-12-07).
   */
  async openTagMenu(path: string) {
    await this.tag(path).focus();
    await this.page.keyboard.press('Shift+F10');
    await this.page.getByTestId('tag-context-menu').getByRole('menu').waitFor();
  }

  /** A tag's context menu → refresh / close / close others / close all (by keyboard, as openTagMenu). */
  async tagMenu(path: string, action: string) {
    await this.openTagMenu(path);
    await this.page.getByRole('menuitem', { name: action }).focus();
    await this.page.keyboard.press('Enter');
  }
}
