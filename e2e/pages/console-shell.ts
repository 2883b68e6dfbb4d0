import type { Page } from '@playwright/test';

export class ConsoleShell {
  constructor(private readonly page: Page, private readonly consoleUrl: string) {}

  async openMessages() {
    await this.page.goto(`${this.consoleUrl}/message`);
  }

  /** The navbar's language switch; `label` is the language's own name (e.g. 'English', '简体中文'). */
  async switchLanguage(label: string) {
    await this.page.getByRole('combobox', { name: /^(Language|语言)$/ }).click();
    await this.page.getByRole('option', { name: label }).click();
  }

  async logOut() {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByTestId('user-menu-logout').click();
  }
}
