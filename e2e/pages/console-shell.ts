import type { Page } from '@playwright/test';

export class ConsoleShell {
  constructor(private readonly page: Page, private readonly consoleUrl: string) {}

  async openMessages() {
    await this.page.goto(`${this.consoleUrl}/message`);
  }

  async logOut() {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByTestId('user-menu-logout').click();
  }
}
