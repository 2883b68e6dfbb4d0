import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { BILLS_PATH as BILLS, SETTLEMENTS_PATH as SETTLEMENTS, StatementScreens } from '../pages/trade-statements';
import { merchantClient } from '../support/merchant';
import { screenshot } from '../support/screenshot';
import { signIn } from '../support/sign-in';

// The statement screens against the real servers (issue 29, docs/trade.md "Statements"), over the demo store's seeded
// ledger history: billManagement/bills shows the available balance's newest daily statement with a closing balance
// equal to the wallet's available balance, "explain my balance" explains it, and "Download xlsx" builds the file in an
// export job that downloads and reads back with exceljs; platformTrad/settlementInquiry lists the settlements under the
// calendar and its view lists a settlement's orders, each opening its trade order view. Screens at 1440 and 390 px.

const FLOW_TIMEOUT = 180_000;
const yuan = (cents: number) => (cents / 100).toFixed(2);

test('bills: the newest daily statement closes at the wallet balance, explains it, and downloads as xlsx', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  await page.setViewportSize({ width: 1440, height: 900 });
  const merchant = await merchantClient();
  const wallet = (await merchant.request<{ availableCents: number }>('/v1/store/pay/ledger/queryWalletSummary', {})).data;
  const screens = new StatementScreens(page);

  await signIn(page, BILLS);
  await screens.bills.waitForRows();
  await screens.chooseAccount('available');
  await expect(screens.bills.rows().first().locator('[data-field="account"]')).toHaveText('available');
  await expect(screens.bills.rows().last().locator('[data-field="account"]')).toHaveText('available');
  // The newest day with a movement on the available balance closes at what the wallet shows now.
  const newest = screens.bills.rows().first();
  await expect(newest.locator('[data-field="closingCents"]')).toHaveText(yuan(wallet.availableCents));
  const day = await newest.locator('[data-field="periodStart"]').innerText();
  await screenshot(page, 'statements-bills-1440');

  await newest.getByRole('button', { name: `Explain available ${day}` }).click();
  await expect(screens.explainPanel().getByTestId('explain-closing')).toHaveText(yuan(wallet.availableCents));
  await expect(screens.explainPanel().getByRole('link', { name: 'View entries' }).first()).toHaveAttribute('href', /\/trade\/moneyMgmt\/moneyWater\?wallet\.moneyWater\.q=/);
  await screenshot(page, 'statements-explain-1440');

  const download = await screens.download();
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(8).value).toBe('Closing (yuan)');
  // Newest first, the account filter applied: the first data row is the newest statement of the available balance.
  expect(sheet.getRow(2).getCell(2).value).toBe(day);
  expect(sheet.getRow(2).getCell(4).value).toBe('available');
  expect(sheet.getRow(2).getCell(8).value).toBe(wallet.availableCents / 100);

  await screens.bills.chooseTab('Monthly');
  await expect(screens.bills.rows().first().locator('[data-field="periodStart"]')).toHaveText(/^\d{4}-\d{2}$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('bills')).toBeVisible();
  await screenshot(page, 'statements-bills-390');
});

test('settlementInquiry: settlements under the calendar; a settlement lists its orders, each opening its trade order', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  await page.setViewportSize({ width: 1440, height: 900 });
  const screens = new StatementScreens(page);
  await signIn(page, SETTLEMENTS);
  await screens.settlements.waitForRows();
  await expect(page.getByTestId('settlement-calendar')).toContainText('Settlement calendar');
  await expect(page.getByTestId('calendar-day').first()).toBeVisible();
  await screenshot(page, 'statements-settlements-1440');
  const [firstId] = await screens.settlements.rowIds();
  await screens.settlements.row(firstId!).getByRole('link', { name: 'Detail' }).click();
  await expect(page).toHaveURL(new RegExp(`${SETTLEMENTS}/view\\?id=${firstId}$`));
  const orders = page.getByTestId('settlement-orders');
  const firstOrder = orders.getByRole('link').first();
  await expect(firstOrder).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'statements-settlement-view-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'statements-settlement-view-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  const orderNo = await firstOrder.innerText();
  await firstOrder.click();
  await expect(page).toHaveURL(/\/trade\/TransactionManagement\/tradeOrder\/view\?id=\d+$/);
  await expect(page.getByTestId('detail-orderNo').locator('dd')).toHaveText(orderNo);
});
