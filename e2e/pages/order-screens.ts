// The order screens of the console (/order: orderList, orderDetails, extensions, salesCertificate) in a
// merchant's terms. Selectors live here only.
import { expect, type Locator, type Page } from '@playwright/test';
import { ResourceListPage } from './resource-list-page';

export const ORDER_SCREENS = {
  list: '/order/orderList',
  details: '/order/orderDetails',
  extensions: '/order/extensions',
  salesCertificate: '/order/salesCertificate',
};

/** The after-sales refund lists: console-spec §2 orderAfter/orderAfterAll (+details), and orderAfter (ours: pending work). */
export const AFTER_SALES_SCREENS = {
  pending: '/order/orderAfter',
  all: '/order/orderAfter/orderAfterAll',
  allDetails: '/order/orderAfter/orderAfterAll/details',
};

export class OrderScreens {
  readonly list: ResourceListPage;

  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
  ) {
    this.list = new ResourceListPage(page, consoleUrl, 'orders.list', ORDER_SCREENS.list);
  }

  /** A status tab: its label carries the count, e.g. "to ship (12)" or "待发货（12）". */
  statusTab(label: string): Locator {
    return this.page.getByRole('tab', { name: new RegExp(`^${label}( \\(\\d+\\)|（\\d+）)$`) });
  }

  async chooseStatusTab(label: string) {
    await this.statusTab(label).click();
    await expect(this.statusTab(label)).toHaveAttribute('aria-selected', 'true');
  }

  async findByBuyer(buyerName: string, fieldLabel = 'buyer name or phone') {
    await this.list.search({ [fieldLabel]: buyerName });
  }

  openDetail(orderId: number) {
    return this.page.goto(`${this.consoleUrl}${ORDER_SCREENS.details}?id=${orderId}`);
  }

  /** A field's value (the `dd` of the description list). */
  detailField(key: string): Locator {
    return this.page.getByTestId(`order-${key}`).locator('dd');
  }

  action(name: string): Locator {
    return this.page.getByTestId('order-actions').getByRole('button', { name, exact: true });
  }

  history(): Locator {
    return this.page.getByTestId('order-history');
  }

  /** The history's entries, oldest first. */
  historyEntries(): Locator {
    return this.history().getByRole('listitem');
  }

  async extendReturnPeriod(days: number) {
    await this.page.getByRole('textbox', { name: /days to add/ }).fill(String(days));
    await this.page.getByTestId('extension-form').getByRole('button', { name: 'Extend', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Extend the return period' });
    await expect(dialog).toContainText(`extended by ${days} days`);
    await dialog.getByRole('button', { name: /confirm/i }).click();
  }
}
