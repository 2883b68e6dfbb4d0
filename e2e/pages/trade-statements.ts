import { expect, type Page } from '@playwright/test';
import { consoleUrl } from '../support/stack';
import { ResourceListPage } from './resource-list-page';

export const BILLS_PATH = '/trade/billManagement/bills';
export const SETTLEMENTS_PATH = '/trade/platformTrad/settlementInquiry';

/** The statement screens in a merchant's terms; selectors live here only. */
export class StatementScreens {
  readonly bills: ResourceListPage;
  readonly settlements: ResourceListPage;
  constructor(private readonly page: Page) {
    this.bills = new ResourceListPage(page, consoleUrl(), 'trade.bills', BILLS_PATH);
    this.settlements = new ResourceListPage(page, consoleUrl(), 'trade.settlements', SETTLEMENTS_PATH);
  }
  async chooseAccount(label: string) {
    await this.page.getByTestId('bills').getByRole('combobox', { name: 'Account' }).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }
  explainPanel() {
    return this.page.getByTestId('explain-balance');
  }
  async download() {
    const downloaded = this.page.waitForEvent('download');
    await this.page.getByTestId('bills-download').click();
    await expect(this.page.getByTestId('export-job')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
    return downloaded;
  }
}
