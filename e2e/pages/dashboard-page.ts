import type { Page } from '@playwright/test';

/** /dashboard in a merchant's terms. */
export class DashboardPage {
  constructor(private readonly page: Page, private readonly consoleUrl: string) {}

  async open() {
    await this.page.goto(`${this.consoleUrl}/dashboard`);
  }

  greeting() {
    return this.page.getByTestId('dashboard-greeting');
  }

  notice(kind: 'blacklist' | 'license' | 'brand' | 'promise' | 'protocol') {
    return this.page.getByTestId(`dashboard-notice-${kind}`);
  }

  orderTotal() {
    return this.page.getByTestId('dashboard-order-total');
  }

  orderCount(status: number) {
    return this.page.getByTestId(`dashboard-order-count-${status}`);
  }
}
