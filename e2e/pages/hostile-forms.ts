// The console's forms the hostile-input sweep covers (issue 34 §4; support/console-form-sweep.ts), in a merchant's
// terms: where each opens, what else a save needs, and the list that shows what it saved. Selectors live here only.
// Their text fields are found through the form kit (`data-field-kind`), not listed.
import type { Page } from '@playwright/test';
import { SUBMIT_TEST_ID, type SweptForm } from '../support/console-form-sweep';
import { COUPONS_LIST_PATH } from './marketing-coupons';
import { CARTAGE_LIST_PATH } from './shop-cartage';
import { FREIGHT_LIST_PATH, FreightPages } from './shop-freight';
import { SHOP_PROFILE_PATH, ShopProfilePage } from './shop-profile';
import { PlatformOperator } from './onboarding-operator';
import { storeUrl } from '../support/stack';
import { RANGE_LIST_PATH } from './shop-delivery-range';
import { chooseOption } from '../support/select-option';
import { freshPng, pickNewImages } from './media-files';

const STAFF_PASSWORD = 'Demo12345';
/** A page form: the one with the kit's submit button (the list's search bar is a form too). */
const formOfPage = (page: Page, submitTestId = SUBMIT_TEST_ID) => page.locator('form').filter({ has: page.getByTestId(submitTestId) });

/** Forms of a store's own settings: a store the test registered takes them without any data of its own. */
export const HOSTILE_SWEPT_FORMS: readonly SweptForm[] = [
  {
    title: 'shop: new cartage template',
    listPath: CARTAGE_LIST_PATH,
    async open(page) {
      await page.getByRole('button', { name: 'New cartage template' }).or(page.getByRole('link', { name: 'New cartage template' })).first().click();
      await page.getByTestId('cartage-name').waitFor();
      return formOfPage(page);
    },
    savedWhen: 'back-on-list',
    listed: { container: (page) => page.getByTestId('shop.cartage-table'), fields: ['name'] },
  },
  {
    title: 'shop: new freight template',
    listPath: FREIGHT_LIST_PATH,
    async open(page) {
      await page.getByRole('button', { name: 'New freight template' }).or(page.getByRole('link', { name: 'New freight template' })).first().click();
      await page.getByTestId('freight-name').waitFor();
      return formOfPage(page);
    },
    async fillRest(_root, page) {
      await page.getByTestId('freight-default-block-first-cents').fill('8');
      await page.getByTestId('freight-default-block-additional-cents').fill('2');
    },
    savedWhen: 'back-on-list',
    listed: { container: (page) => page.getByTestId('shop.freight-table'), fields: ['name'] },
  },
  {
    title: 'staff: new role',
    listPath: '/shop/accountMgmt/roles',
    async open(page) {
      await page.getByTestId('role-add').click();
      return page.getByRole('dialog', { name: 'New role' });
    },
    async fillRest(root) {
      await root.getByTestId('role-code-goods:view').check();
    },
    savedWhen: 'dialog-closed',
    listed: { container: (page) => page.getByTestId('roles-page'), fields: ['name'] },
  },
  {
    title: 'staff: add staff account',
    listPath: '/shop/accountMgmt/staff',
    async open(page) {
      await page.getByTestId('staff-add').click();
      return page.getByRole('dialog', { name: 'Add staff account' });
    },
    async fillRest(root) {
      await root.getByLabel(/^First password/).fill(STAFF_PASSWORD);
      await root.getByLabel(/^Confirm password/).fill(STAFF_PASSWORD);
    },
    savedWhen: 'dialog-closed',
    listed: { container: (page) => page.getByTestId('staff-page'), fields: ['nickname'] },
  },
  {
    // A store-wide coupon needs no goods: the amount, limits and days are the rest of a save.
    title: 'marketing: new coupon',
    listPath: COUPONS_LIST_PATH,
    async open(page) {
      await page.getByRole('button', { name: 'New coupon' }).or(page.getByRole('link', { name: 'New coupon' })).first().click();
      await page.getByLabel(/^Coupon name/).waitFor();
      return formOfPage(page);
    },
    async fillRest(root) {
      await root.getByLabel(/^Amount off/).fill('5');
      await root.getByLabel(/^Issue limit/).fill('100');
      await root.getByLabel(/^Per-buyer limit/).fill('1');
      await root.getByLabel(/^Days valid after claiming/).fill('7');
    },
    savedWhen: 'back-on-list',
    listed: { container: (page) => page.getByTestId('marketing.coupons-table'), fields: ['name'] },
  },
  {
    // The at-once profile edit (introduction, address, contact name): the profile page shows the address row.
    title: 'shop: profile edit',
    listPath: SHOP_PROFILE_PATH,
    async open(page) {
      await page.getByTestId('shop-profile-edit').click();
      await page.getByTestId('shop-edit-intro').waitFor();
      return formOfPage(page, 'shop-edit-save');
    },
    submitTestId: 'shop-edit-save',
    savedWhen: 'back-on-list',
    listed: { container: (page) => page.getByTestId('shop-profile-address'), fields: ['address'] },
  },
  {
    // A range needs a town a freight template covers, and two ranges of one town must not share daily hours: each
    // round delivers to Shekou in its own hour (00:00–01:00, 02:00–03:00, …).
    title: 'shop: new delivery range',
    listPath: RANGE_LIST_PATH,
    async prepare(page) {
      await page.goto(new URL(FREIGHT_LIST_PATH, page.url()).href);
      await new FreightPages(page, new URL(page.url()).origin).addByCount({ name: 'Sweep: Guangdong', firstYuan: '8', furtherYuan: '3', group: { region: 'Guangdong', firstYuan: '12', furtherYuan: '4' } });
    },
    async open(page) {
      await page.getByRole('button', { name: 'New delivery range' }).or(page.getByRole('link', { name: 'New delivery range' })).first().click();
      await page.getByRole('tree').waitFor();
      return formOfPage(page);
    },
    async fillRest(root, _page, round) {
      await root.getByRole('tree').getByRole('checkbox', { name: 'Shekou', exact: true }).check();
      const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
      await chooseOption(root.getByRole('combobox', { name: /^Daily from/ }), hour(2 * round));
      await chooseOption(root.getByRole('combobox', { name: /^Daily until/ }), hour(2 * round + 1));
    },
    savedWhen: 'back-on-list',
    listed: { container: (page) => page.getByTestId('shop.deliveryRange-table'), fields: ['name'] },
  },
  {
    // Each round a new application from the list (the page then shows only its own notice), with a certificate
    // uploaded for it and a year of validity; the page's table of applications shows the brand name.
    title: 'shop: brand application',
    listPath: '/shop/brandQuery',
    async open(page) {
      await page.goto(new URL('/shop/brandQuery', page.url()).href);
      await page.getByTestId('brand-query-add').click();
      await page.getByTestId('brand-apply-submit').waitFor();
      return formOfPage(page, 'brand-apply-submit');
    },
    async fillRest(root, page, round) {
      await root.getByLabel(/Authorisation expires on/).fill(new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10));
      await pickNewImages(root.getByRole('group', { name: /Brand authorisation certificate/ }).getByRole('button', { name: /select image|click to upload/i }), [freshPng(`sweep-certificate-${round}-${Date.now()}.png`)]);
      await page.getByTestId('brand-apply-submit').waitFor();
    },
    submitTestId: 'brand-apply-submit',
    savedWhen: 'notice-shown',
    savedNotice: (page) => page.getByTestId('brand-apply-submitted'),
    // The query page, kept open in its tab, draws the same table: the one on screen.
    listed: { container: (page) => page.locator('[data-testid="brand-applications"]:visible'), fields: ['brandName'] },
  },
  {
    // A reviewed change: the asked name waits beside the current one until the platform decides, and no other can be
    // asked meanwhile, so the operator's CLI rejects each round's (the profile keeps its name).
    title: 'shop: store name change (reviewed)',
    listPath: SHOP_PROFILE_PATH,
    async open(page) {
      await page.getByTestId('shop-change-store-open').click();
      await page.getByTestId('shop-review-storeName').waitFor();
      return formOfPage(page, 'shop-review-submit');
    },
    submitTestId: 'shop-review-submit',
    savedWhen: 'back-on-list',
    listed: { container: (page) => page.getByTestId('shop-change-store'), fields: ['storeName'] },
    async afterRound(page) {
      const changeId = await new ShopProfilePage(page, new URL(page.url()).origin).changeId('store');
      const rejected = await new PlatformOperator(storeUrl()).run(['profile-reject', changeId, '--reason', 'checked by the hostile-input sweep']);
      if (rejected.exitCode !== 0) throw new Error(`profile-reject ${changeId}: ${rejected.stderr}`);
    },
  },
];
