// Outbound applications can be opened (issue 35 §4), on the real servers and the seeded demo data: at 1440 px
// the list shows the warehouse and the address whole in both languages; a row's 'Detail' opens the
// application with its recipient and goods lines; 'Dispatch' asks with the goods, SKU specs and quantities
// listed, and closing the question moves nothing. Screenshots: test-results/inventory-outbound-*.png
// (SCREENSHOT_DIR elsewhere).
import { test, expect, type Locator, type Page } from '@playwright/test';
import { INVENTORY_SCREENS, detailField, inventoryScreen } from '../pages/inventory-pages';
import { signIn, type ConsoleLanguage } from '../support/sign-in';

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;
const OUTBOUND = INVENTORY_SCREENS[5];
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results';
/** The demo's outbound addresses: "1NN Nanjing Road, Huangpu, Shanghai" (db/goods.seed.ts), recipient Li Wei. */
const SEEDED_ADDRESS = 'Nanjing Road, Huangpu, Shanghai';

test.use({ viewport: { width: 1440, height: 900 } });

/** A cell shows its whole text: nothing cut to an ellipsis. */
async function expectWhole(cell: Locator) {
  const cut = await cell.evaluate((element) => {
    const texts = [element, ...element.querySelectorAll('*')] as HTMLElement[];
    return texts.some((node) => node.scrollWidth > node.clientWidth + 1);
  });
  expect(cut, `${await cell.innerText()} is cut`).toBe(false);
}

async function openOutbound(page: Page, language: ConsoleLanguage) {
  await signIn(page, OUTBOUND.path, { language });
  const list = inventoryScreen(page, consoleUrl(), OUTBOUND);
  await list.waitForRows();
  return list;
}

for (const language of ['en-US', 'zh-CN'] as const) {
  test(`the outbound list shows warehouse and address whole at 1440 px in ${language}, without a side scroll`, async ({ page }) => {
    const list = await openOutbound(page, language);
    // The seeded applications (other tests on this stack may add their own, with longer addresses).
    const seeded = list.rows().filter({ hasText: SEEDED_ADDRESS });
    await expect(seeded.first()).toBeVisible();
    const ids = await Promise.all((await seeded.all()).map(async (row) => (await row.getAttribute('data-id'))!));
    for (const id of ids) {
      await expectWhole(list.cell(id, 'warehouseName'));
      await expectWhole(list.cell(id, 'address'));
    }
    await expect(list.cell(ids[0]!, 'address')).toContainText('Nanjing Road');
    // Every row's actions are inside the table as drawn: nothing to scroll sideways for.
    const table = (await list.table().boundingBox())!;
    for (const id of ids) {
      const last = (await list.row(id).getByRole('button').last().boundingBox())!;
      expect(last.x + last.width).toBeLessThanOrEqual(table.x + table.width);
    }
    await page.screenshot({ path: `${SHOTS}/inventory-outbound-list-${language}.png` });
  });
}

test('an outbound application opens its detail: recipient, address and goods lines', async ({ page }) => {
  const list = await openOutbound(page, 'en-US');
  const orderId = await list.rows().filter({ hasText: SEEDED_ADDRESS }).first().getAttribute('data-id');
  const address = await list.cell(orderId!, 'address').innerText();
  await list.rowAction(orderId!, 'Detail');
  await expect(page).toHaveURL(new RegExp(`outboundApplication/detail\\?id=${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Outbound detail' })).toBeVisible();
  await expect(detailField(page, 'orderId')).toHaveText(new RegExp(`${orderId}$`));
  await expect(detailField(page, 'address')).toContainText(address);
  await expect(detailField(page, 'contactName')).toContainText('Li Wei');
  const lines = page.getByRole('table', { name: 'Lines' });
  await expect(lines.getByRole('row')).not.toHaveCount(1);
  const firstLine = lines.getByRole('row').nth(1).getByRole('cell');
  await expect(firstLine.nth(0)).not.toBeEmpty();
  await expect(firstLine.nth(2)).toHaveText(/^\d+$/);
  await page.screenshot({ path: `${SHOTS}/inventory-outbound-detail.png`, fullPage: true });

  // Back to the list by its button, keeping the list.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`${OUTBOUND.path}`));
});

test('dispatch asks with the goods, SKU specs and quantities listed; closing it moves nothing', async ({ page }) => {
  const list = await openOutbound(page, 'zh-CN');
  const awaiting = list.rows().filter({ hasText: '待出库' }).filter({ hasText: SEEDED_ADDRESS }).first();
  await expect(awaiting).toBeVisible();
  const orderId = (await awaiting.getAttribute('data-id'))!;
  await list.rowAction(orderId, '确认出库');
  const dialog = page.getByRole('dialog', { name: '确认出库' });
  await expect(dialog.getByTestId('dispatch-summary')).toContainText(`出库单 ${orderId}`);
  await expect(dialog.getByTestId('dispatch-summary')).toContainText('Nanjing Road');
  const lines = dialog.getByRole('table', { name: '商品明细' });
  expect(await lines.getByRole('row').count()).toBeGreaterThan(1);
  await expect(lines.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(/^\d+$/);
  await expect(dialog).toContainText(/共 \d+ 个商品，合计数量 \d+/);
  await page.screenshot({ path: `${SHOTS}/inventory-outbound-dispatch-zh-CN.png` });
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.cell(orderId, 'status')).toHaveText('待出库');
});
