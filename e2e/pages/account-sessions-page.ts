import type { Page } from '@playwright/test';

/** /shop/accountMgmt/accountInfo/detail (sign-ins and devices) in a merchant's terms. Selectors live here only. */
export class AccountSessionsPage {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
  ) {}

  async open() {
    await this.page.goto(`${this.consoleUrl}/shop/accountMgmt/accountInfo/detail`);
  }

  /** The rows of the signed-in devices table (header excluded). */
  deviceRows() {
    return this.page.getByTestId('account-sessions').locator('tbody tr');
  }

  thisDeviceRow() {
    return this.deviceRows().filter({ hasText: /This device|本设备/ });
  }

  signInRows() {
    return this.page.getByTestId('account-sign-ins').locator('tbody tr');
  }

  signOutOthersButton() {
    return this.page.getByTestId('account-sign-out-others');
  }

  async signOutEverywhereElse() {
    await this.signOutOthersButton().click();
    await this.page.getByRole('dialog').getByRole('button', { name: /^(confirm|确定)$/i }).click();
  }

  signedOutNotice() {
    return this.page.getByTestId('account-signed-out-others');
  }
}
