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

  /** Right-click a tag and pick refresh / close / close others / close all. */
  async tagMenu(path: string, action: string) {
    await this.tag(path).click({ button: 'right' });
    await this.page.getByRole('menuitem', { name: action }).click();
  }
}
