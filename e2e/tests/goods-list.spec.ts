import { test, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { LoginPage } from '../pages/login-page';
import { GoodsListPage, SalesInventoryPage } from '../pages/goods-pages';
import { DEMO_SIGN_IN } from '../../tools/stack.mjs';

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;

/** The merchant works in English, so the en-US texts are what the page shows. */
async function signIn(page: Page, redirect: string) {
  await page.addInitScript(() => window.localStorage.setItem('console.language', 'en-US'));
  const login = new LoginPage(page, consoleUrl());
  await login.open(`?redirect=${encodeURIComponent(redirect)}`);
  await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
  await expect(page).toHaveURL(new RegExp(redirect.split('?')[0]!));
}

test('adjust stock: a SKU changed by +5 shows the new stock after the table reloads', async ({ page }) => {
  await signIn(page, '/goods/salesInventory/salesInventoryManagement');
  const stock = new SalesInventoryPage(page, consoleUrl());
  await stock.waitForRows();
  const [skuId] = await stock.rowIds();
  const before = await stock.stockOf(skuId!);
  await stock.adjustStock(skuId!, 5);
  await expect(stock.cell(skuId!, 'stock')).toHaveText(String(before + 5));
  // console-spec §8: a dialog's save says 'modified successfully'.
  await expect(stock.notice('modified successfully')).toBeVisible();
  await page.screenshot({ path: 'test-results/sales-inventory.png', fullPage: true });
});

test('bulk edit: two selected SKUs get one price and one stock in a single all-or-nothing call', async ({ page }) => {
  await signIn(page, '/goods/salesInventory/salesInventoryManagement');
  const stock = new SalesInventoryPage(page, consoleUrl());
  await stock.waitForRows();
  const ids = (await stock.rowIds()).slice(1, 3);
  await stock.bulkEdit(ids, '12.34', '42');
  for (const id of ids) {
    await expect(stock.cell(id, 'price')).toHaveText('12.34');
    await expect(stock.cell(id, 'stock')).toHaveText('42');
  }
});

test('off shelf asks first, then the goods leaves the on-shelf tab', async ({ page }) => {
  await signIn(page, '/goods/goodList/goodAll');
  const goods = new GoodsListPage(page, consoleUrl());
  await goods.waitForRows();
  await goods.chooseStatusTab('on shelf');
  await expect(page).toHaveURL(/goods\.list\.q=/);
  const [goodsId] = await goods.rowIds();
  await goods.rowAction(goodsId!, 'Off shelf');
  await expect(page.getByRole('dialog', { name: 'Take off shelf' })).toBeVisible();
  await goods.confirm();
  await expect(goods.row(goodsId!)).toHaveCount(0);
  // The same goods under 'off shelf', opened by its address (the table's filters live in the URL).
  await goods.open(`?goods.list.q=${encodeURIComponent(JSON.stringify({ status: 3, goodsId: goodsId }))}`);
  await expect(goods.selectedTab()).toHaveText('off shelf');
  await expect(goods.row(goodsId!)).toBeVisible();
});

test('a saved view (tab filter + hidden column) is kept on the server and re-applied after a reload', async ({ page }) => {
  await signIn(page, '/goods/goodList/goodAll');
  const goods = new GoodsListPage(page, consoleUrl());
  await goods.waitForRows();
  await goods.chooseStatusTab('rejected');
  await goods.toggleColumn('brand');
  await expect(goods.columnHeader('brand')).toHaveCount(0);
  const name = `Rejected ${Date.now() % 100000}`;
  await goods.saveView(name);

  // A fresh start: no filter in the URL, the column picker's own choice forgotten.
  await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('ui-kit.columns.')).forEach((key) => localStorage.removeItem(key)));
  await goods.open();
  await expect(goods.selectedTab()).toHaveText('All');
  await expect(goods.columnHeader('brand')).toBeVisible();

  await goods.applyView(name);
  await expect(goods.selectedTab()).toHaveText('rejected');
  await expect(goods.columnHeader('brand')).toHaveCount(0);
  await expect(goods.cell((await goods.rowIds())[0]!, 'status')).toHaveText('rejected');
});

test('export: the filtered list (every page, not only the one shown) reads back from the xlsx', async ({ page }) => {
  await signIn(page, '/goods/goodList/goodAll');
  const goods = new GoodsListPage(page, consoleUrl());
  await goods.waitForRows();
  await goods.chooseStatusTab('under review');
  const total = await goods.total();
  expect(total).toBeGreaterThan(5); // more than one page of the default size
  const shownTitle = await goods.cell((await goods.rowIds())[0]!, 'title').innerText();

  const file = await goods.exportExcel();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toContain('status');
  const statusColumn = header.indexOf('status') + 1;
  const titleColumn = header.indexOf('goods') + 1;
  const rows = sheet.getSheetValues().slice(2).filter(Boolean) as unknown[][];
  expect(rows).toHaveLength(total);
  expect(new Set(rows.map((row) => row[statusColumn]))).toEqual(new Set(['under review']));
  expect(rows.map((row) => row[titleColumn])).toContain(shownTitle.split('\n')[0]);
});

test('at 1366 px, in Chinese, every row action of the goods and draft lists is shown whole (none clipped by its column)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.addInitScript(() => window.localStorage.setItem('console.language', 'zh-CN'));
  const login = new LoginPage(page, consoleUrl());
  for (const path of ['/goods/goodList/goodAll', '/goods/goodDraft']) {
    if (path === '/goods/goodList/goodAll') {
      await login.open(`?redirect=${encodeURIComponent(path)}`);
      await login.signIn(DEMO_SIGN_IN.userName, DEMO_SIGN_IN.password);
    } else {
      await page.goto(`${consoleUrl()}${path}`);
    }
    const actionCells = page.locator('[role="gridcell"][data-field="__actions"]');
    await expect(actionCells.first().getByRole('button').first()).toBeVisible();
    // Every button's box ends inside its cell, and nothing in the cell overflows it.
    const clipped = await actionCells.evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const box = cell.getBoundingClientRect();
        const buttons = [...cell.querySelectorAll('button')];
        return buttons.filter((button) => button.getBoundingClientRect().right > box.right + 0.5).map((button) => button.textContent ?? '').concat(cell.scrollWidth > cell.clientWidth + 1 ? ['(cell overflows)'] : []);
      }),
    );
    expect({ path, clipped }).toEqual({ path, clipped: [] });
  }
  await page.screenshot({ path: 'test-results/goods-draft-1366.png' });
});
