import { expect, type Locator, type Page } from '@playwright/test';
import { pickNewImages, type ChosenFile } from './media-files';

export interface BrandForm {
  brandName: string;
  owner: string;
  chain: string[];
  expiresOn: string;
}

/** /shop/brandQuery, its BrandApply add and details, and /shop/brandManagement, in a merchant's terms (English). Selectors live here only. */
export class ShopBrandPages {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
  ) {}

  async openQuery() {
    await this.page.goto(`${this.consoleUrl}/shop/brandQuery`);
    await expect(this.page.getByRole('heading', { name: 'Brand applications', level: 1 })).toBeVisible();
  }

  async startApplication() {
    await this.page.getByTestId('brand-query-add').click();
    await expect(this.page.getByRole('heading', { name: 'Brand application', level: 1 })).toBeVisible();
  }

  expiryField(): Locator {
    return this.page.getByLabel(/Authorisation expires on/);
  }

  async fill(form: BrandForm) {
    await this.page.getByRole('textbox', { name: /Brand name/ }).fill(form.brandName);
    await this.page.getByRole('textbox', { name: /Brand owner/ }).fill(form.owner);
    await this.page.getByRole('textbox', { name: /Authorisation chain/ }).fill(form.chain.join('\n'));
    await this.expiryField().fill(form.expiresOn);
  }

  /** The certificate through the media picker: upload a new picture into the current folder, tick it, confirm. */
  async pickNewCertificate(file: ChosenFile) {
    const group = this.page.getByRole('group', { name: /Brand authorisation certificate/ });
    await pickNewImages(group.getByRole('button', { name: /select image|click to upload/i }), [file]);
  }

  async submit() {
    await this.page.getByTestId('brand-apply-submit').click();
  }

  submitted(): Locator {
    return this.page.getByTestId('brand-apply-submitted');
  }

  /** The application id the page says after submitting ("Application N, status: …"). */
  async submittedId(): Promise<number> {
    const text = (await this.submitted().textContent()) ?? '';
    return Number(/Application (\d+)/.exec(text)?.[1]);
  }

  applicationRow(brandName: string): Locator {
    return this.page.getByTestId('brand-application-row').filter({ hasText: brandName });
  }

  async openManagement() {
    await this.page.goto(`${this.consoleUrl}/shop/brandManagement`);
    await expect(this.page.getByRole('heading', { name: 'Brands', level: 1 })).toBeVisible();
  }

  managementRow(brandName: string): Locator {
    return this.page.getByTestId('brand-management-row').filter({ hasText: brandName });
  }

  async openManagementDetail(brandName: string) {
    await this.page.getByRole('link', { name: `Details ${brandName}` }).click();
    await expect(this.page.getByTestId('brand-detail')).toBeVisible();
  }

  detail(): Locator {
    return this.page.getByTestId('brand-detail');
  }
}
