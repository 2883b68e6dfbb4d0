import type { Page } from '@playwright/test';
import { pickNewImages, type ChosenFile } from './media-files';
import { checkCodeSentBy } from './onboarding-check-codes';

/** A new merchant's store, as they would type it. */
export interface ShopInfo {
  storeName: string;
  city: string;
  address: string;
  contactName: string;
  contactMobile: string;
  legalPersonName: string;
  legalPersonIdNumber: string;
  licenseNumber: string;
  /** Uploaded through the media picker (issue 26 §1: never typed as an address). */
  licenseImage: ChosenFile;
  categories: string[];
}

/** The /registered screens in a merchant's terms. Selectors live here only. */
export class OnboardingPage {
  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
    private readonly storeUrl: string,
  ) {}

  private field(testId: string) {
    return this.page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
  }

  async openRegistration() {
    await this.page.goto(`${this.consoleUrl}/registered/userReg`);
  }

  async register(account: { userName: string; password: string; mobile: string }) {
    await this.field('reg-username').fill(account.userName);
    await this.field('reg-password').fill(account.password);
    await this.field('reg-confirm-password').fill(account.password);
    await this.field('reg-mobile').fill(account.mobile);
    const code = await checkCodeSentBy(this.storeUrl, account.mobile, () => this.page.getByTestId('reg-send-code').click());
    await this.field('reg-check-code').fill(code);
    await this.page.getByTestId('reg-submit').click();
  }

  async chooseStoreType(storeType: 1 | 2 | 3) {
    await this.page.getByTestId(`store-type-${storeType}`).click();
    if (storeType === 3) await this.page.getByTestId('service-provider-continue').click();
  }

  private async pick(testId: string, option: string) {
    await this.field(testId).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async fillShopInfo(info: ShopInfo) {
    await this.field('shop-storeName').fill(info.storeName);
    await this.pick('shop-city', info.city);
    for (const name of ['address', 'contactName', 'contactMobile', 'legalPersonName', 'legalPersonIdNumber', 'licenseNumber'] as const) {
      await this.field(`shop-${name}`).fill(info[name]);
    }
    await this.uploadLicenseImage(info.licenseImage);
    for (const category of info.categories) {
      await this.pick('shop-categories', category);
      await this.page.keyboard.press('Escape');
    }
  }

  /** The licence image: the picker's select-image dialog, its 'upload to the current directory' link, then the new file ticked (zh-CN or en-US). */
  async uploadLicenseImage(file: ChosenFile) {
    await pickNewImages(this.page.getByRole('group', { name: /营业执照图片|Business licence image/ }).getByRole('button', { name: /点击上传|click to upload/ }), [file]);
  }

  async continueFromShopInfo() {
    await this.page.getByTestId('shop-next').click();
  }

  storeNameField() {
    return this.field('shop-storeName');
  }

  draftRestoredNotice() {
    return this.page.getByTestId('shop-draft-restored');
  }

  async addBrand(brandName: string, validUntil: string) {
    await this.field('brand-name').fill(brandName);
    await this.field('brand-expire-date').fill(validUntil);
    await this.page.getByTestId('brand-next').click();
  }

  async acceptAgreementAndSubmit() {
    await this.page.getByTestId('agreement-accept').locator('input').check();
    await this.page.getByTestId('agreement-submit').click();
  }

  reviewStatus() {
    return this.page.getByTestId('review-status');
  }

  rejectionReason() {
    return this.page.getByTestId('review-reject-reason');
  }

  async storeId(): Promise<number> {
    return Number(await this.page.getByTestId('review-store-id').innerText());
  }

  async refreshReviewStatus() {
    await this.page.getByTestId('review-refresh').click();
  }

  async resubmit() {
    await this.page.getByTestId('review-resubmit').click();
  }

  async enterConsole() {
    await this.page.getByTestId('review-enter').click();
  }
}
