import { expect, type Page } from '@playwright/test';
import { approvedOwnStore, codeWhenAllowed, codesOf, type OwnStore } from '../support/own-store';

/** A store of the test's own with a first pay password (the demo store's card and pay password stay as other suites expect them). */
export const approvedStoreWithPayPassword = (storeUrl: string, payPassword: string): Promise<OwnStore> =>
  approvedOwnStore(storeUrl, { prefix: 'settle', mobilePrefix: '136', payPassword });

export interface SettlementCardInput {
  bankName: string;
  cardNumber: string;
  accountName: string;
  branchName: string;
  payPassword: string;
}

/** /shop/settlement and its edit screen, in a merchant's terms. Selectors live here only. */
export class ShopSettlementPage {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
    private readonly storeUrl: string,
  ) {}

  async open() {
    await this.page.goto(`${this.consoleUrl}/shop/settlement`);
  }

  noCard() {
    return this.page.getByTestId('settlement-none');
  }

  cardNumber() {
    return this.page.getByTestId('settlement-cardNumber');
  }

  bank() {
    return this.page.getByTestId('settlement-bank');
  }

  accountName() {
    return this.page.getByTestId('settlement-accountName');
  }

  pausedUntil() {
    return this.page.getByTestId('settlement-paused');
  }

  editButton() {
    return this.page.getByTestId('settlement-edit');
  }

  private input(testId: string) {
    return this.page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first();
  }

  /** From the view: 'Bind' or 'Change', fill the card, ask for the code to the store's mobile, confirm. */
  async bindOrChange(card: SettlementCardInput, storeMobile: string) {
    await this.editButton().click();
    await this.page.getByRole('combobox', { name: /^(Bank|开户银行)/ }).click();
    await this.page.getByRole('option', { name: card.bankName }).click();
    await this.input('settlement-form-cardNumber').fill(card.cardNumber);
    await this.input('settlement-form-accountName').fill(card.accountName);
    await this.input('settlement-form-branchName').fill(card.branchName);
    await this.input('settlement-form-payPassword').fill(card.payPassword);
    const send = this.page.getByTestId('settlement-form-send');
    const codes = async () => (await codesOf(this.storeUrl, storeMobile)).length;
    const code = await codeWhenAllowed(this.storeUrl, storeMobile, async () => {
      const before = await codes();
      if (await send.isEnabled()) await send.click();
      // A refused send (too frequent) shows its message and leaves the button enabled; only a new code counts.
      await expect.poll(codes, { timeout: 3_000 }).toBeGreaterThan(before).catch(() => undefined);
      return (await codes()) > before;
    });
    await this.input('settlement-form-checkCode').fill(code);
    await this.page.getByTestId('settlement-form-submit').click();
  }
}
