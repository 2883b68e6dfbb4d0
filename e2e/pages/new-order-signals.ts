// The console's new-order signals (decision 0006: the notice and the order list's menu count) in a
// merchant's terms. Selectors live here only.
import type { Locator, Page } from '@playwright/test';
import { ORDER_SCREENS } from './order-screens';

export class NewOrderSignals {
  constructor(private readonly page: Page) {}

  /** The notice of one order: the one whose link leads to that order's detail. */
  noticeFor(orderId: number): Locator {
    return this.page.getByTestId('notification').filter({ has: this.page.locator(`a[href$="${ORDER_SCREENS.details}?id=${orderId}"]`) });
  }

  async openOrderFromNotice(orderId: number) {
    await this.noticeFor(orderId).getByRole('link').click();
  }

  menuBadge(): Locator {
    return this.page.getByTestId('new-orders-badge');
  }

  async openOrderListFromMenu() {
    await this.page.getByRole('navigation', { name: /^(Main menu|主菜单)$/ }).locator(`a[href$="${ORDER_SCREENS.list}"]`).click();
  }
}
