import { type Locator, type Page } from '@playwright/test';
import { ResourceListPage } from './resource-list-page';

export const FREIGHT_LIST_PATH = '/shop/freightTem/freightTemTen';

/** The console's freight template screens (issue 27 §1) in a merchant's terms; selectors live here only. */
export class FreightPages {
  readonly list: ResourceListPage;

  constructor(private readonly page: Page, consoleUrl: string) {
    this.list = new ResourceListPage(page, consoleUrl, 'shop.freight', FREIGHT_LIST_PATH);
  }

  row(name: string): Locator {
    return this.list.rows().filter({ hasText: name });
  }

  private async chooseRegion(input: Locator, name: string) {
    await input.click();
    await input.fill(name);
    await this.page.getByRole('option', { name, exact: true }).click();
  }

  /** Adds a template by count: a default block, and one region group with its own blocks (yuan as typed). */
  async addByCount(template: { name: string; firstYuan: string; furtherYuan: string; group: { region: string; firstYuan: string; furtherYuan: string } }) {
    await this.page.getByRole('button', { name: 'New freight template' }).or(this.page.getByRole('link', { name: 'New freight template' })).first().click();
    await this.page.getByTestId('freight-name').fill(template.name);
    await this.page.getByTestId('freight-default-block-first-cents').fill(template.firstYuan);
    await this.page.getByTestId('freight-default-block-additional-cents').fill(template.furtherYuan);
    await this.page.getByRole('button', { name: 'Add region freight' }).click();
    await this.chooseRegion(this.page.getByTestId('freight-group-regions-0'), template.group.region);
    await this.page.getByTestId('freight-group-first-cents-0').fill(template.group.firstYuan);
    await this.page.getByTestId('freight-group-additional-cents-0').fill(template.group.furtherYuan);
    await this.page.getByTestId('resource-form-submit').click();
    await this.page.waitForURL((url) => url.pathname === FREIGHT_LIST_PATH);
  }

  /** Opens the tester from the template's row, and quotes `quantity` pieces at ¥100.00 to the region. */
  async test(templateName: string, region: string, quantity: number) {
    const id = await this.row(templateName).getAttribute('data-id');
    await this.list.rowAction(String(id), 'Freight tester');
    await this.chooseRegion(this.page.getByTestId('freight-tester-region'), region);
    await this.page.getByTestId('freight-tester-quantity-0').fill(String(quantity));
    await this.page.getByTestId('freight-tester-run').click();
  }

  testerResult(): Locator {
    return this.page.getByTestId('freight-tester-result');
  }
}
