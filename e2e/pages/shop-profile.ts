import { expect, type Page } from '@playwright/test';

export const SHOP_PROFILE_PATH = '/shop/shopMsg/shopMssage';
const VIEW = SHOP_PROFILE_PATH;

/** The shop profile screens (issue 26 §1) in a merchant's terms. Selectors live here only. */
export class ShopProfilePage {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
  ) {}

  async open() {
    await this.page.goto(`${this.consoleUrl}${VIEW}`);
    await expect(this.page.getByTestId('shop-section-store')).toBeVisible();
  }

  current(testId: 'intro' | 'legalPersonName' | 'licenseNumber') {
    return this.page.getByTestId(`shop-profile-${testId}`);
  }

  /** The latest reviewed change shown beside the current data of a group. */
  change(kind: 'license' | 'legalPerson' | 'store' | 'categories') {
    return this.page.getByTestId(`shop-change-${kind}`);
  }

  changeStatus(kind: 'license' | 'legalPerson' | 'store' | 'categories') {
    return this.page.getByTestId(`shop-change-${kind}-status`);
  }

  /** The change's number, as the operator's CLI takes it. */
  async changeId(kind: 'license' | 'legalPerson' | 'store' | 'categories'): Promise<string> {
    const asked = await this.page.getByTestId(`shop-change-${kind}-asked`).innerText();
    return /(\d+)/.exec(asked)![1]!;
  }

  /** The at-once edit: the introduction. */
  async changeIntro(text: string) {
    await this.page.getByTestId('shop-profile-edit').click();
    const intro = this.page.getByTestId('shop-edit-intro');
    await intro.fill(text);
    await this.page.getByTestId('shop-edit-save').click();
    await expect(this.page).toHaveURL(new RegExp(`${VIEW}$`));
  }

  /** A reviewed edit: the legal person, sent for the platform's review. */
  async askLegalPersonChange(name: string, idNumber: string) {
    await this.page.getByTestId('shop-change-legalPerson-open').click();
    await this.page.getByTestId('shop-review-legalPersonName').fill(name);
    await this.page.getByTestId('shop-review-legalPersonIdNumber').fill(idNumber);
    await this.page.getByTestId('shop-review-submit').click();
    await expect(this.page).toHaveURL(new RegExp(`${VIEW}$`));
  }
}
