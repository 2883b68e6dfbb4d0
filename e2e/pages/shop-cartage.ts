import { type Locator, type Page } from '@playwright/test';
import { ResourceListPage } from './resource-list-page';

export const CARTAGE_LIST_PATH = '/shop/cartageTem/cartageTemTen';

/** The console's cartage template screens (issue 27 §2) and the release form's cartage picker; selectors live here only. */
export class CartagePages {
  readonly list: ResourceListPage;

  constructor(private readonly page: Page, private readonly consoleUrl: string) {
    this.list = new ResourceListPage(page, consoleUrl, 'shop.cartage', CARTAGE_LIST_PATH);
  }

  row(name: string): Locator {
    return this.list.rows().filter({ hasText: name });
  }

  goodsCount(name: string): Locator {
    return this.row(name).locator('[data-field="goodsCount"]');
  }

  async openAdd() {
    await this.page.getByRole('button', { name: 'New cartage template' }).or(this.page.getByRole('link', { name: 'New cartage template' })).first().click();
    await this.page.getByTestId('cartage-name').waitFor();
  }

  async openEdit(name: string) {
    const id = await this.row(name).getAttribute('data-id');
    await this.page.goto(`${this.consoleUrl}${CARTAGE_LIST_PATH}/edit?id=${id}`);
    await this.page.getByTestId('cartage-name').waitFor();
  }

  /** Fills the form (yuan and metres as typed): the per-floor prices, the bands in order, the minimum. */
  async fill(template: { name: string; liftYuan: string; stairsYuan: string; bands: Array<{ from: string; to: string; yuan: string }>; minimumYuan: string }) {
    await this.page.getByTestId('cartage-name').fill(template.name);
    await this.page.getByTestId('cartage-lift').fill(template.liftYuan);
    await this.page.getByTestId('cartage-stairs').fill(template.stairsYuan);
    for (const [index, band] of template.bands.entries()) {
      await this.page.getByRole('button', { name: 'Add distance band' }).click();
      await this.page.getByTestId(`cartage-band-from-${index}`).fill(band.from);
      await this.page.getByTestId(`cartage-band-to-${index}`).fill(band.to);
      await this.page.getByTestId(`cartage-band-cents-${index}`).fill(band.yuan);
    }
    await this.page.getByTestId('cartage-minimum').fill(template.minimumYuan);
  }

  preview(): Locator {
    return this.page.getByTestId('cartage-preview');
  }

  async save() {
    await this.page.getByTestId('resource-form-submit').click();
    await this.page.waitForURL((url) => url.pathname === CARTAGE_LIST_PATH);
  }

  /** In goods release: chooses the store's cartage template by name. */
  async chooseInRelease(name: string) {
    await this.page.getByTestId('release-cartage-select').click();
    await this.page.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) }).click();
  }

  /** The release picker's price of the sample job under the chosen template. */
  releaseHint(): Locator {
    return this.page.getByTestId('release-cartage-hint');
  }
}
