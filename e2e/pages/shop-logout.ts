import type { Page } from '@playwright/test';
import { approvedOwnStore, type OwnStore } from '../support/own-store';

/** Closing the shop (/shop/logout → /shop/storeLogoutRiskWarning → /logoutSubmitSuccess; /logouting) in a merchant's terms. */
export class ShopLogoutPage {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
  ) {}

  async openChecklist() {
    await this.page.goto(`${this.consoleUrl}/shop/logout`);
  }

  checklist() {
    return this.page.getByTestId('logout-checklist');
  }

  blocker(code: string) {
    return this.page.getByTestId(`logout-blocker-${code}`);
  }

  clearLink(code: string) {
    return this.page.getByTestId(`logout-clear-${code}`);
  }

  noBlockers() {
    return this.page.getByTestId('logout-no-blockers');
  }

  next() {
    return this.page.getByTestId('logout-next');
  }

  /** The risk warning: the reason, then the pay password, then the confirmation. */
  async askToClose(reason: string, payPassword: string) {
    await this.page.getByTestId('logout-reason').fill(reason);
    await this.page.getByTestId('logout-submit').click();
    const pay = this.page.getByRole('dialog');
    await pay.locator('input[data-testid="pay-password-payPassword"]').fill(payPassword);
    await pay.getByTestId('logout-pay-submit').click();
  }

  confirmDialog() {
    return this.page.getByRole('dialog');
  }

  resultLink() {
    return this.page.getByTestId('logout-result-link');
  }

  resultSummary() {
    return this.page.getByTestId('logout-result-summary');
  }

  resultField(key: 'store' | 'requestId' | 'status' | 'rejectReason' | 'decidedAt') {
    return this.page.getByTestId(`logout-result-${key}`);
  }
}

/** A store of the test's own that can close (no orders, no balance), with a first pay password. */
export const approvedStoreToClose = (storeUrl: string, payPassword: string): Promise<OwnStore> =>
  approvedOwnStore(storeUrl, { prefix: 'close', mobilePrefix: '137', payPassword });
