import type { Page } from '@playwright/test';

/** The dashboard's to-dos, in their order on the screen (api-contracts DASHBOARD_TODO_KEYS). */
export const DASHBOARD_TODOS = ['ordersToShip', 'refundsToHandle', 'complaintsToHandle', 'reviewsWithoutReply', 'outOfStockSkus'] as const;
export type DashboardTodo = (typeof DASHBOARD_TODOS)[number];

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

  /** A to-do of the dashboard's list (issue 35 §6): a link to the list that clears it. */
  todo(key: DashboardTodo) {
    return this.page.getByTestId(`dashboard-todo-${key}`);
  }

  /** The to-do's count once loaded. */
  async todoCount(key: DashboardTodo): Promise<number> {
    const count = this.page.getByTestId(`dashboard-todo-${key}-count`);
    await count.waitFor({ timeout: 30_000 });
    return Number(await count.textContent());
  }
}
