import { test, expect, type Page } from '@playwright/test';
import { ResourceListPage } from '../pages/resource-list-page';
import { approvedOwnStore } from '../support/own-store';
import { screenshot } from '../support/screenshot';
import { signIn, switchLanguage } from '../support/sign-in';
import { consoleUrl, storeUrl } from '../support/stack';

// The warranty deposit against the real servers (docs/ledger.md "Deposit top-ups and transfers"), on a store of the
// test's own (its balances start at zero, so every figure is exact): a top-up is paid through the sandbox payment
// provider (real HTTP, its signed callback to store-server) and the deposit grows by exactly that amount; then money
// moves from the deposit to the wallet and a part of it back from the wallet to the deposit, with the pay password.

const FLOW_TIMEOUT = 240_000;
const TOP_UP = '/trade/moneyMgmt/topUp';
const TRANSFER_RECORD = '/trade/moneyMgmt/transferRecord';
const PAY_PASSWORD = '135790';

/** The deposit screens in a merchant's terms; selectors live here only. */
class DepositScreens {
  readonly topUps: ResourceListPage;
  readonly transfers: ResourceListPage;
  constructor(private readonly page: Page) {
    this.topUps = new ResourceListPage(page, consoleUrl(), 'deposit.topUps', TOP_UP);
    this.transfers = new ResourceListPage(page, consoleUrl(), 'deposit.transfers', TRANSFER_RECORD);
  }

  /** The transfer record before it has rows (a new store's): the page is up once its Transfer button is. */
  async openTransferRecord() {
    await this.page.goto(`${consoleUrl()}${TRANSFER_RECORD}`);
    await expect(this.page.getByRole('button', { name: 'Transfer', exact: true })).toBeEnabled({ timeout: 30_000 });
  }

  deposit() {
    return this.page.getByTestId('deposit-balance');
  }

  available() {
    return this.page.getByTestId('available-balance');
  }

  /** Tops the deposit up by `yuan` and waits for the provider's outcome in the dialog; returns the dialog. */
  async topUp(yuan: string) {
    await this.page.getByRole('button', { name: 'Top up deposit' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Top up the warranty deposit' });
    await dialog.getByTestId('top-up-amount').fill(yuan);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await this.page.getByRole('dialog', { name: 'Confirm the top-up' }).getByRole('button', { name: 'confirm' }).click();
    return dialog;
  }

  async transfer(direction: 'wallet to deposit' | 'deposit to wallet', yuan: string, shot?: string) {
    await this.page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Transfer between wallet and deposit' });
    await dialog.getByRole('combobox', { name: /direction/ }).click();
    await this.page.getByRole('option', { name: direction }).click();
    await dialog.getByTestId('transfer-amount').fill(yuan);
    await dialog.getByTestId('transfer-pay-password').fill(PAY_PASSWORD);
    if (shot) await screenshot(this.page, shot, { fullPage: false });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await this.page.getByRole('dialog', { name: 'Confirm the transfer' }).getByRole('button', { name: 'confirm' }).click();
    await expect(dialog).toBeHidden();
  }
}

test('a deposit top-up through the sandbox provider ends paid and the deposit grows by exactly that amount; transfers move between wallet and deposit', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const own = await approvedOwnStore(storeUrl(), { prefix: 'deposit', mobilePrefix: '137', payPassword: PAY_PASSWORD });
  await page.setViewportSize({ width: 1440, height: 900 });
  const screens = new DepositScreens(page);

  await signIn(page, TOP_UP, { userName: own.userName });
  await expect(screens.deposit()).toHaveText('0.00');
  const dialog = await screens.topUp('500.00');
  await expect(dialog.getByTestId('top-up-progress')).toBeVisible();
  await expect(dialog.getByText('Top-up paid: ¥500.00 was added to your deposit.')).toBeVisible({ timeout: 60_000 });
  await screenshot(page, 'deposit-top-up-paid-en', { fullPage: false });
  await dialog.getByTestId('top-up-close').click();
  await expect(screens.deposit()).toHaveText('500.00');
  await screens.topUps.waitForRows();
  await expect(screens.topUps.rows()).toHaveCount(1);
  const [topUpId] = await screens.topUps.rowIds();
  await expect(screens.topUps.cell(topUpId!, 'state')).toHaveText('paid');
  await expect(screens.topUps.cell(topUpId!, 'amountCents')).toHaveText('500.00');
  await screenshot(page, 'deposit-top-up-list-1440-en');

  await screens.openTransferRecord();
  await expect(screens.deposit()).toHaveText('500.00');
  await screens.transfer('deposit to wallet', '200', 'deposit-transfer-dialog-1440-en');
  await expect(screens.deposit()).toHaveText('300.00');
  await expect(screens.available()).toHaveText('200.00');
  await screens.transfer('wallet to deposit', '50');
  await expect(screens.deposit()).toHaveText('350.00');
  await expect(screens.available()).toHaveText('150.00');
  await expect(screens.transfers.rows()).toHaveCount(2);
  const [latest, earlier] = await screens.transfers.rowIds();
  await expect(screens.transfers.cell(latest!, 'kind')).toHaveText('wallet to deposit');
  await expect(screens.transfers.cell(latest!, 'amountCents')).toHaveText('+50.00');
  await expect(screens.transfers.cell(earlier!, 'kind')).toHaveText('deposit to wallet');
  await expect(screens.transfers.cell(earlier!, 'amountCents')).toHaveText('-200.00');
  await screenshot(page, 'deposit-transfer-record-1440-en');
  await screens.transfers.rowAction(latest!, 'Detail');
  await expect(page).toHaveURL(new RegExp(`${TRANSFER_RECORD}/view\\?id=${latest}$`));
  await expect(page.getByTestId('detail-depositCents').locator('dd')).toHaveText('350.00');
  await screenshot(page, 'deposit-transfer-view-1440-en');

  // The same screens in Chinese, and on a phone.
  await screens.transfers.open();
  await switchLanguage(page, 'zh-CN');
  await expect(screens.transfers.cell(latest!, 'kind')).toHaveText('钱包转入保证金');
  await screenshot(page, 'deposit-transfer-record-1440-zh');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'deposit-transfer-record-390-zh');
  await screens.topUps.open();
  await expect(screens.topUps.cell(topUpId!, 'state')).toHaveText('已到账');
  await screenshot(page, 'deposit-top-up-list-390-zh');
  await page.getByRole('button', { name: '充值保证金' }).click();
  await page.getByRole('dialog', { name: '充值保证金' }).getByTestId('top-up-amount').fill('100.00');
  await screenshot(page, 'deposit-top-up-dialog-390-zh', { fullPage: false });
});
