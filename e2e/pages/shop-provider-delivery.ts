import { expect, type Locator, type Page } from '@playwright/test';

export const PROVIDER_DELIVERY_PATH = '/shop/serviceProviderDelivery';

/** The console's service-provider delivery screens (issue 27 §6) in a merchant's terms; selectors live here only. */
export class ProviderDeliveryPages {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
  ) {}

  async open() {
    await this.page.goto(`${this.consoleUrl}${PROVIDER_DELIVERY_PATH}`);
    await expect(this.page.getByRole('heading', { name: 'Provider delivery', level: 1 })).toBeVisible();
  }

  current(): Locator {
    return this.page.getByTestId('provider-current');
  }

  contracts(): Locator {
    return this.page.getByTestId('provider-contract-row');
  }

  /** Closes the current service: reason, the button, then the confirmation; back on the main screen. */
  async closeCurrent(reason: string) {
    await this.current().getByRole('button', { name: 'Close the service' }).click();
    await expect(this.page.getByRole('heading', { name: 'Close provider delivery', level: 1 })).toBeVisible();
    await this.page.getByRole('textbox', { name: 'Reason for closing' }).fill(reason);
    await this.page.getByRole('button', { name: 'Close the service' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Close provider delivery?' });
    await dialog.getByRole('button', { name: /confirm/i }).click();
    await expect(this.page.getByRole('heading', { name: 'Provider delivery', level: 1 })).toBeVisible();
  }

  /** Opens the service with the provider named; lands on the agreement to sign. */
  async openWith(providerName: string) {
    await this.current().getByRole('button', { name: 'Open the service' }).click();
    await expect(this.page.getByRole('heading', { name: 'Open provider delivery', level: 1 })).toBeVisible();
    await this.page.getByRole('radio', { name: new RegExp(providerName) }).check();
    await this.page.getByRole('button', { name: 'Open and read the agreement' }).click();
    await expect(this.page.getByRole('heading', { name: 'Sign the agreement', level: 1 })).toBeVisible();
  }

  agreement(): Locator {
    return this.page.getByTestId('provider-agreement');
  }

  signButton(): Locator {
    return this.page.getByRole('button', { name: 'Agree and sign' });
  }

  /** Accepts the agreement shown and signs it; lands on the contract's details. */
  async sign() {
    await this.page.getByRole('checkbox', { name: 'I have read and accept the agreement above' }).check();
    await this.signButton().click();
    await expect(this.page.getByRole('heading', { name: 'Provider delivery details', level: 1 })).toBeVisible();
  }

  fields(): Locator {
    return this.page.getByTestId('provider-contract-fields');
  }

  steps(): Locator {
    return this.page.getByTestId('provider-steps').getByRole('row');
  }
}
