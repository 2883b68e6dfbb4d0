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

  userNameField() {
    return this.field('login-username');
  }

  submitButton() {
    return this.page.getByTestId('login-submit');
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

  /** The graphic verification that overlays the screen after repeated failures (§2, §8). */
  captchaDialog() {
    return this.page.getByRole('dialog', { name: /^(Graphic verification|请完成图形验证)$/ });
  }

  /** The server key of the image shown (not its answer). */
  async captchaKey(): Promise<string> {
    return (await this.page.getByTestId('captcha-image').getAttribute('data-captcha-key')) ?? '';
  }

  async solveCaptcha(answer: string) {
    await this.field('captcha-code').fill(answer);
    await this.page.getByTestId('captcha-confirm').click();
  }

  async useCheckCode() {
    await this.page.getByTestId('login-use-check-code').click();
  }

  async requestCheckCode(mobile: string) {
    await this.field('login-mobile').fill(mobile);
    await this.page.getByTestId('login-send-code').click();
  }

  async signInWithCheckCode(code: string) {
    await this.field('login-check-code').fill(code);
    await this.page.getByTestId('login-check-code-submit').click();
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
