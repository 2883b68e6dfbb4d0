import type { Page } from '@playwright/test';

/** The console's /login screen, in a merchant's terms. Selectors live here only. */
export class LoginPage {
  constructor(private readonly page: Page, private readonly consoleUrl: string) {}

  async open(query = '') {
    await this.page.goto(`${this.consoleUrl}/login${query}`);
  }

  /** The test id may sit on the MUI wrapper or on the native input itself. */
  private field(testId: string) {
    return this.page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first();
  }

  async signIn(userName: string, password: string, { remember = false } = {}) {
    await this.field('login-username').fill(userName);
    await this.field('login-password').fill(password);
    if (remember) await this.field('login-remember').check();
    await this.page.getByTestId('login-submit').click();
  }

  errorMessage() {
    return this.page.getByTestId('login-error');
  }

  /** Every place the console could have put a token. */
  async storedTokens() {
    return this.page.evaluate(() => {
      const values: string[] = [];
      for (const storage of [window.sessionStorage, window.localStorage]) {
        for (let i = 0; i < storage.length; i++) {
          const key = storage.key(i)!;
          if (/token/i.test(key)) values.push(`${key}=${storage.getItem(key)}`);
        }
      }
      return values;
    });
  }
}
