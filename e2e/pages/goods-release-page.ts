import type { Page } from '@playwright/test';
import { pickNewImages, type ChosenFile } from './media-files';

/** /goods/goodRelease and the screens after it, in a merchant's terms. Selectors live here only. */
export class GoodsReleasePage {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
  ) {}

  async open() {
    await this.page.goto(`${this.consoleUrl}/goods/goodRelease`);
    await this.form().waitFor();
  }

  form() {
    return this.page.getByTestId('release-form');
  }

  async chooseCategory(name: string) {
    await this.form().getByRole('combobox', { name: /Backend category/ }).click();
    await this.page.getByRole('option', { name }).click();
  }

  /** The brand is chosen from the store's approved brands (each option also says until when it is authorised). */
  async chooseBrand(brand: string) {
    await this.brandField().click();
    await this.page.getByRole('listbox').getByRole('option', { name: new RegExp(`^${brand}`) }).click();
  }

  brandField() {
    return this.form().getByRole('combobox', { name: /Brand/ });
  }

  brandOptions() {
    return this.page.getByRole('listbox').getByRole('option');
  }

  brandApplyLink() {
    return this.form().getByTestId('release-brand-apply');
  }

  async fillBasics(brand: string, title: string) {
    await this.chooseBrand(brand);
    await this.form().getByTestId('release-title').fill(title);
  }

  async tickSpecValues(spec: string, values: string[]) {
    const group = this.form().getByRole('group', { name: spec });
    for (const value of values) await group.getByRole('button', { name: value }).click();
  }

  async chooseUnit(name: string) {
    await this.form().getByRole('combobox', { name: /Unit/ }).click();
    await this.page.getByRole('option', { name }).click();
  }

  skuRows() {
    return this.form().getByTestId('sku-row');
  }

  async bulkFill(price: string, stock: string) {
    await this.form().getByLabel('Bulk Price (yuan)').fill(price);
    await this.form().getByLabel('Bulk Stock').fill(stock);
    await this.form().getByTestId('sku-bulk-apply').click();
  }

  /** Goods images through the media picker (new files uploaded into the current folder, then ticked). */
  async pickNewImages(files: ChosenFile[]) {
    await pickNewImages(this.form().getByTestId('release-images').getByRole('button', { name: /click to upload/ }), files);
  }

  pickedImages() {
    return this.form().getByTestId('release-images').getByRole('button', { name: /^drag to reorder / });
  }

  async writeDetail(text: string) {
    await this.form().getByTestId('release-detail-text').fill(text);
  }

  /** Chooses a freight template from the store's list (issue 27 §1), the seeded default unless named. */
  async setFreightTemplate(name = 'Standard delivery') {
    await this.form().getByRole('combobox', { name: /Freight template/ }).click();
    await this.page.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) }).click();
  }

  /** The freight picker's preview of the chosen template's price for a sample cart. */
  freightPreview() {
    return this.form().getByTestId('release-freight-hint');
  }

  async saveDraft() {
    await this.form().getByTestId('release-save-draft').click();
  }

  titleField() {
    return this.form().getByTestId('release-title');
  }

  async submit() {
    await this.form().getByTestId('release-submit').click();
  }

  refusal() {
    return this.page.getByTestId('resource-form-problems');
  }

  submitSuccess() {
    return this.page.getByTestId('submit-success');
  }

  /** The id of the submitted good, from submitSuccess?id=. */
  submittedGoodsId(): number {
    return Number(new URL(this.page.url()).searchParams.get('id'));
  }

  async openPreview(goodsId: number) {
    await this.page.goto(`${this.consoleUrl}/goods/goodsPreview?id=${goodsId}`);
    await this.page.getByTestId('goods-preview').waitFor();
  }

  previewStatus() {
    return this.page.getByTestId('preview-status');
  }
}
