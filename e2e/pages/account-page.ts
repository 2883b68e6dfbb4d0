import type { Page } from '@playwright/test';
import { checkCodeSentBy } from './onboarding-check-codes';

/** /shop/accountMgmt/accountInfo in a merchant's terms. */
export class AccountPage {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
    private readonly storeUrl: string,
  ) {}

  async open() {
    await this.page.goto(`${this.consoleUrl}/shop/accountMgmt/accountInfo`);
  }

  payPasswordButton(action: 'init' | 'set' | 'update' | 'check') {
    return this.page.getByTestId(`pay-password-${action}`);
  }

  /** PermissionButton puts the 'no permission' title on a wrapper around the disabled button. */
  payPasswordButtonTitle(action: 'init' | 'set' | 'update') {
    return this.payPasswordButton(action).locator('xpath=..').getAttribute('title');
  }

  payPasswordStatus() {
    return this.page.getByTestId('account-pay-status');
  }

  /** The pay-password forms open in a dialog of the console's form kit (one at a time). */
  private dialogField(name: string) {
    return this.page.getByRole('dialog').locator(`input[data-testid="pay-password-${name}"]`);
  }

  /** First pay password: the check code goes to the store mobile, read through the e2e test hook. */
  async setFirstPayPassword(payPassword: string, storeMobile: string) {
    await this.payPasswordButton('init').click();
    await this.dialogField('payPassword').fill(payPassword);
    await this.dialogField('confirmPayPassword').fill(payPassword);
    const code = await checkCodeSentBy(this.storeUrl, storeMobile, () => this.page.getByTestId('pay-password-send').click());
    await this.dialogField('checkCode').fill(code);
    await this.page.getByRole('dialog').getByTestId('resource-form-submit').click();
  }
}
