import { expect, test, type Page } from '@playwright/test';
import { ResourceListPage } from '../pages/resource-list-page';
import { StatementScreens } from '../pages/trade-statements';
import { buyerPlacesAndPays } from '../support/buyer';
import { merchantClient } from '../support/merchant';
import { codeWhenAllowed, sentUnlessTooFrequent } from '../support/own-store';
import { screenshot } from '../support/screenshot';
import { signIn } from '../support/sign-in';
import { DEMO_STORE_ID, consoleUrl, storeUrl } from '../support/stack';

// The wallet against the real servers (issue 29, docs/ledger.md "Wallet screens"): (a) a buyer pays an order, the
// store's settlement runs after the return period (the test server's settlement hook, i.e. the clock advanced for
// that store's T+N run), the merchant sees the money on myWallet and in the money flow, and withdraws part of it
// through turnWithdrawal with the pay password and a confirmation; the sandbox provider pays it out and the flow and
// balances agree, and so does the available balance's newest daily statement on billManagement/bills. (b) A store
// on the withdrawal blacklist sees the remark and is offered no withdrawal.

const FLOW_TIMEOUT = 240_000;
const MY_WALLET = '/trade/moneyMgmt/myWallet';
const MONEY_WATER = '/trade/moneyMgmt/moneyWater';
const TURN_WITHDRAWAL = '/trade/moneyMgmt/turnWithdrawal';
const PAY_PASSWORD = '135790';
const DEMO_MOBILE = '13800001001';
/** SETTLEMENT_DAYS_AFTER_PAYMENT (return period + 5) and a day more: every order paid today is due. */
const DAYS_LATER = 40;
/** PLATFORM_COMMISSION_BP: 5%, per order, rounded half up. */
const commissionOf = (cents: number) => Math.floor((cents * 500 + 5000) / 10000);
const yuan = (cents: number) => (cents / 100).toFixed(2);

interface Summary {
  availableCents: number;
  frozenCents: number;
  depositCents: number;
  pendingSettlementCents: number;
}

/** The wallet screens in a merchant's terms; selectors live here only. */
class WalletScreens {
  readonly flow: ResourceListPage;
  readonly withdrawals: ResourceListPage;
  constructor(private readonly page: Page) {
    this.flow = new ResourceListPage(page, consoleUrl(), 'wallet.moneyWater', MONEY_WATER);
    this.withdrawals = new ResourceListPage(page, consoleUrl(), 'wallet.withdrawals', TURN_WITHDRAWAL);
  }
  balance(name: 'available' | 'frozen' | 'deposit' | 'pendingSettlement') {
    return this.page.getByTestId(`wallet-${name}-amount`);
  }
  async withdraw(amount: string, payPassword: string) {
    await this.page.getByTestId('withdraw-amount').fill(amount);
    await this.page.getByTestId('withdraw-pay-password').fill(payPassword);
    await this.page.getByTestId('withdraw-submit').click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toContainText(`Withdraw ${amount} yuan to`);
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(this.page.getByTestId('withdraw-done')).toBeVisible();
  }
}

test('a paid order settles after the return period and is withdrawn: myWallet, the money flow, the daily statement and the withdrawal agree', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  await page.setViewportSize({ width: 1440, height: 900 });
  const merchant = await merchantClient();
  const summary = async () => (await merchant.request<Summary>('/v1/store/pay/ledger/queryWalletSummary', {})).data;

  // The demo merchant's first pay password (the stack is fresh per worker; the code comes through the test hook).
  const isSet = (await merchant.request<{ isSetPayPassword: boolean }>('/v1/store/pay/user/isSetPayPassword', {})).data.isSetPayPassword;
  if (!isSet) {
    const code = await codeWhenAllowed(storeUrl(), DEMO_MOBILE, sentUnlessTooFrequent(() => merchant.request('/v1/store/pay/user/sendInitPayPasswordCheckCode', {}, { silent: true })));
    await merchant.request('/v1/store/pay/user/initPayPassword', { payPassword: PAY_PASSWORD, checkCode: code });
  }

  const order = await buyerPlacesAndPays(merchant, { tag: 'wallet' });
  const paid = await summary();

  // T+N: the store's settlement as the sweep would run it DAYS_LATER days from now.
  const settled = (await (await fetch(`${storeUrl()}/__test__/ledger/settle?storeId=${DEMO_STORE_ID}&days=${DAYS_LATER}`, { method: 'POST' })).json()) as {
    settlements: { settlementId: number; orderCount: number; commissionCents: number; netCents: number }[];
  };
  expect(settled.settlements.length).toBeGreaterThan(0);
  const netCents = settled.settlements.reduce((sum, s) => sum + s.netCents, 0);
  const commissionCents = settled.settlements.reduce((sum, s) => sum + s.commissionCents, 0);
  const after = await summary();
  expect(after.availableCents - paid.availableCents).toBe(netCents);
  expect(paid.pendingSettlementCents - after.pendingSettlementCents).toBe(netCents + commissionCents);

  const screens = new WalletScreens(page);
  await signIn(page, MY_WALLET);
  await expect(screens.balance('available')).toHaveText(yuan(after.availableCents));
  await expect(screens.balance('pendingSettlement')).toHaveText(yuan(after.pendingSettlementCents));
  await expect(screens.balance('frozen')).toHaveText(yuan(after.frozenCents));
  await screenshot(page, 'wallet-my-wallet-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(screens.balance('available')).toBeVisible();
  await screenshot(page, 'wallet-my-wallet-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The order's own settlement line: its amount less the 5% commission, and the commission beside it.
  await screens.flow.open();
  await page.getByRole('search').getByRole('combobox', { name: 'kind' }).click();
  await page.getByRole('option', { name: 'settlement', exact: true }).click();
  await page.getByRole('search').getByRole('button', { name: 'search' }).click();
  const mine = commissionOf(order.amountCents);
  await expect(screens.flow.rows().filter({ hasText: `+${yuan(order.amountCents - mine)}` }).first()).toBeVisible();
  await screenshot(page, 'wallet-money-water-1440');

  // Withdraw 1.00 yuan (within every limit): frozen at once, then paid out by the sandbox provider.
  await page.goto(`${consoleUrl()}${TURN_WITHDRAWAL}`);
  await expect(page.getByTestId('withdraw-available')).toHaveText(`¥${yuan(after.availableCents)}`);
  await expect(page.getByTestId('withdraw-account')).toContainText('4482');
  await screenshot(page, 'wallet-turn-withdrawal-1440');
  await screens.withdraw('1.00', PAY_PASSWORD);
  await expect(page.getByTestId('withdraw-available')).toHaveText(`¥${yuan(after.availableCents - 100)}`);
  await expect
    .poll(async () => {
      await page.reload();
      await screens.withdrawals.waitForRows();
      return screens.withdrawals.rows().first().locator('[data-field="state"]').innerText();
    }, { timeout: 60_000, intervals: [1_000] })
    .toBe('paid');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'wallet-turn-withdrawal-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The balances: 1.00 less available, nothing left frozen; the flow shows the payout from frozen.
  const withdrawn = await summary();
  expect(withdrawn.availableCents).toBe(after.availableCents - 100);
  expect(withdrawn.frozenCents).toBe(after.frozenCents);
  await page.goto(`${consoleUrl()}${MY_WALLET}`);
  await expect(screens.balance('available')).toHaveText(yuan(withdrawn.availableCents));
  // The payout in the money flow: 1.00 out of frozen (the settlement hook's entries carry the advanced date, so the
  // flow is filtered by kind rather than read from its top).
  await screens.flow.open();
  await page.getByRole('search').getByRole('combobox', { name: 'kind' }).click();
  await page.getByRole('option', { name: 'withdrawal paid out', exact: true }).click();
  await page.getByRole('search').getByRole('button', { name: 'search' }).click();
  // The newest payout is this one (the demo history's are older).
  await expect(screens.flow.rows().first()).toContainText('-1.00');
  await expect(screens.flow.rows().first()).toContainText('frozen');

  // The statement agrees: the available balance's newest daily statement (the settlement's advanced day, which
  // chains after today's payout) closes at what myWallet shows.
  const statements = new StatementScreens(page);
  await statements.bills.open();
  await statements.bills.waitForRows();
  await statements.chooseAccount('available');
  await expect(statements.bills.rows().first().locator('[data-field="account"]')).toHaveText('available');
  await expect(statements.bills.rows().first().locator('[data-field="closingCents"]')).toHaveText(yuan(withdrawn.availableCents));
});

test('a store on the withdrawal blacklist sees the remark and is offered no withdrawal', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  await page.setViewportSize({ width: 1440, height: 900 });
  // demo_service is seeded on the blacklist (db/seed.ts).
  await signIn(page, TURN_WITHDRAWAL, { userName: 'demo_service' });
  await expect(page.getByTestId('withdraw-blacklisted')).toContainText('The store is on the withdrawal blacklist and cannot withdraw: Withdrawals paused while a customer dispute is reviewed.');
  await expect(page.getByTestId('withdraw-submit')).toHaveCount(0);
  await page.goto(`${consoleUrl()}${MY_WALLET}`);
  await expect(page.getByTestId('wallet-blacklisted')).toContainText('Withdrawals paused while a customer dispute is reviewed.');
  await screenshot(page, 'wallet-blacklisted-1440');
});
