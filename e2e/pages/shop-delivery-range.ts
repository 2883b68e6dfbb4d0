import { expect, type Locator, type Page } from '@playwright/test';
import { ResourceListPage } from './resource-list-page';

export const RANGE_LIST_PATH = '/shop/distributionRangeMaintenance';
export const RANGE_INEFFECT_PATH = `${RANGE_LIST_PATH}/ineffect`;

/** The console's delivery range screens (issue 27 §5) in a merchant's terms; selectors live here only. */
export class DeliveryRangePages {
  readonly list: ResourceListPage;
  readonly ineffect: ResourceListPage;

  constructor(private readonly page: Page, consoleUrl: string) {
    this.list = new ResourceListPage(page, consoleUrl, 'shop.deliveryRange', RANGE_LIST_PATH);
    this.ineffect = new ResourceListPage(page, consoleUrl, 'shop.deliveryRangeIneffect', RANGE_INEFFECT_PATH);
  }

  row(name: string): Locator {
    return this.list.rows().filter({ hasText: name });
  }

  ineffectRow(name: string): Locator {
    return this.ineffect.rows().filter({ hasText: name });
  }

  /** Opens the new-range form from the list's toolbar. */
  async openNew(label = 'New delivery range') {
    await this.page.getByRole('button', { name: label }).or(this.page.getByRole('link', { name: label })).first().click();
    await expect(this.page.getByRole('tree')).toBeVisible();
  }

  /** Fills the form: a name, the towns ticked in the tree (by name), a markup in yuan as typed. */
  async fill(range: { name: string; towns: string[]; markupYuan: string }) {
    await this.page.getByTestId('range-name').fill(range.name);
    const tree = this.page.getByRole('tree');
    for (const town of range.towns) await tree.getByRole('checkbox', { name: town, exact: true }).check();
    await this.page.getByTestId('range-markup').fill(range.markupYuan);
  }

  /** Ticks or unticks one town of the tree. */
  async setTown(town: string, on: boolean) {
    await this.page.getByRole('tree').getByRole('checkbox', { name: town, exact: true }).setChecked(on);
  }

  async submit() {
    await this.page.getByTestId('resource-form-submit').click();
  }

  /** The refusal shown on the towns field. */
  townsError(): Locator {
    return this.page.getByTestId('range-towns-error');
  }

  /** The live warning of towns no freight template covers. */
  uncoveredWarning(): Locator {
    return this.page.getByTestId('range-uncovered');
  }

  async backOnList() {
    await this.page.waitForURL((url) => url.pathname === RANGE_LIST_PATH);
    await this.list.waitForRows();
  }
}
