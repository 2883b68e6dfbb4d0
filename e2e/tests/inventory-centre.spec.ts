import { test, expect, type Page } from '@playwright/test';
import { ConsoleShell } from '../pages/console-shell';
import { INVENTORY_SCREENS, detailField, inventoryScreen } from '../pages/inventory-pages';
import { signIn } from '../support/sign-in';

const consoleUrl = () => process.env.E2E_CONSOLE_URL!;

// One test per screen: each is short, and a slow screen names itself.
for (const screen of INVENTORY_SCREENS) {
  test(`the ${screen.title} screen lists the seeded records and pages through them`, async ({ page }) => {
    await signIn(page, screen.path);
    const list = inventoryScreen(page, consoleUrl(), screen);
    await list.open();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText(screen.title, { exact: true })).toBeVisible();
    const firstPage = await list.rowIds();
    expect(firstPage.length).toBeGreaterThan(0);
    if ((await list.total()) > firstPage.length) {
      await list.nextPage();
      await expect(page).toHaveURL(new RegExp(`${screen.key.replace('.', '\\.')}\\.page=2`));
      await expect(list.row(firstPage[0]!)).toHaveCount(0);
      expect((await list.rowIds()).length).toBeGreaterThan(0);
    }
  });
}

test('an inventory item opens its detail page with its stock movements', async ({ page }) => {
  const screen = INVENTORY_SCREENS[3];
  await signIn(page, screen.path);
  const list = inventoryScreen(page, consoleUrl(), screen);
  await list.waitForRows();
  const [itemId] = await list.rowIds();
  const name = await list.cell(itemId!, 'itemName').innerText();
  await list.rowAction(itemId!, 'Detail');
  await expect(page).toHaveURL(new RegExp(`inventoryList/detail\\?id=${itemId}$`));
  await expect(detailField(page, 'itemName')).toContainText(name);
  await expect(detailField(page, 'stockStatus')).not.toHaveText(/unmatched/);
  await expect(page.getByRole('heading', { name: 'Stock movements' })).toBeVisible();
  await page.screenshot({ path: 'test-results/inventory-detail.png', fullPage: true });
});

test('a service store (storeType 3, demo_service) does not see the inventory centre', async ({ page }) => {
  await signIn(page, '/dashboard', { userName: 'demo_service' });
  const shell = new ConsoleShell(page, consoleUrl());
  await expect(shell.mainMenu()).toBeVisible();
  await expect(shell.mainMenu().getByText('Goods', { exact: true })).toBeVisible();
  await expect(shell.mainMenu().getByText('Inventory centre')).toHaveCount(0);
  await shell.open(INVENTORY_SCREENS[3].path);
  await expect(page.getByTestId('inventory.item-table')).toHaveCount(0);
});

// ---------------------------------------------------------------------------------------------
// The flows (issue 9 §4): forms in dialogs and on the count's detail page, in a merchant's terms.

const BASE = '/inventoryCenter/serviceWarehouse';
const ITEMS = INVENTORY_SCREENS[3];
// A flow is several screens and dialogs: more than the default minute on a busy machine.
const FLOW_TIMEOUT = 180_000;

interface StockItem {
  itemId: string;
  name: string;
  sku: string;
  warehouse: string;
  quantity: number;
}

/** The inventory centre's forms; selectors live here only. */
class InventoryFlows {
  constructor(private readonly page: Page) {}

  dialog(name: string | RegExp) {
    return this.page.getByRole('dialog', { name });
  }

  /** An item on the inventory list with at least `min` in stock. */
  async itemWithStock(min: number): Promise<StockItem> {
    const list = inventoryScreen(this.page, consoleUrl(), ITEMS);
    await list.open();
    for (const itemId of await list.rowIds()) {
      const quantity = Number(await list.cell(itemId, 'quantity').innerText());
      if (quantity < min) continue;
      return { itemId, quantity, name: await list.cell(itemId, 'itemName').innerText(), sku: await list.cell(itemId, 'skuText').innerText(), warehouse: await list.cell(itemId, 'warehouseName').innerText() };
    }
    throw new Error(`no item with ${min} in stock on the first page`);
  }

  async pick(input: ReturnType<Page['getByTestId']>, typed: string, option: string) {
    await input.click();
    await input.fill(typed);
    // An option's name may go on with a caption (an item's stock): match its beginning.
    const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await this.page.getByRole('option', { name: new RegExp(`^${escaped}(\\s|$)`) }).first().click();
  }

  async quantityOf(itemId: string): Promise<number> {
    await this.page.goto(`${consoleUrl()}${BASE}/inventoryList/detail?id=${itemId}`);
    await expect(detailField(this.page, 'itemName')).not.toBeEmpty();
    return Number((await detailField(this.page, 'quantity').locator('dd').innerText()).trim());
  }

  /** `contact` also names the address, which the list shows (the contact column starts hidden, issue 35 §4). */
  async createOutbound(item: StockItem, quantity: number, contact: string) {
    await this.page.getByRole('button', { name: 'New outbound application' }).click();
    const dialog = this.dialog('New outbound application');
    await this.pick(dialog.getByTestId('warehouseName-input'), item.warehouse, item.warehouse);
    await this.pick(dialog.getByTestId('order-line-item-0'), item.name, `${item.name} ${item.sku}`.trim());
    await dialog.getByTestId('lines-line-0').getByRole('textbox', { name: 'quantity' }).fill(String(quantity));
    await dialog.getByRole('textbox', { name: 'contact', exact: true }).fill(contact);
    await dialog.getByRole('textbox', { name: 'mobile', exact: true }).fill('13800138000');
    await dialog.getByRole('textbox', { name: 'address', exact: true }).fill(`88 Century Avenue, Pudong, Shanghai (${contact})`);
    await dialog.getByTestId('resource-form-submit').click();
    await expect(dialog).toBeHidden();
  }
}

test('an outbound application for an item is created and dispatched: the item quantity drops by it', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  await signIn(page, ITEMS.path);
  const flows = new InventoryFlows(page);
  const item = await flows.itemWithStock(3);

  const outbound = inventoryScreen(page, consoleUrl(), INVENTORY_SCREENS[5]);
  await outbound.open();
  const contact = `E2E ${Date.now() % 100000}`;
  await flows.createOutbound(item, 2, contact);
  const row = outbound.rows().filter({ hasText: contact });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-field="status"]')).toHaveText('awaiting dispatch');
  const orderId = await row.getAttribute('data-id');
  await page.screenshot({ path: 'test-results/inventory-outbound-list.png', fullPage: true });

  await outbound.rowAction(orderId!, 'Dispatch');
  // The question lists what leaves (issue 35 §4): the line just applied for, with its quantity.
  const question = flows.dialog('Confirm dispatch');
  await expect(question).toContainText('nothing is dispatched');
  await expect(question.getByRole('table', { name: 'Lines' }).getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('2');
  await question.getByRole('button', { name: 'Dispatch', exact: true }).click();
  await expect(question).toBeHidden();
  await expect(outbound.notice('Dispatch confirmed: stock taken')).toBeVisible();
  await expect(outbound.cell(orderId!, 'status')).toHaveText('dispatched');

  expect(await flows.quantityOf(item.itemId)).toBe(item.quantity - 2);
  await expect(page.getByRole('cell', { name: `O${orderId}`, exact: true })).toBeVisible();

  // More than is left: the server refuses the whole application with its msg, and nothing moves.
  await outbound.open();
  const greedy = `${contact} more`;
  await flows.createOutbound({ ...item, quantity: item.quantity - 2 }, item.quantity, greedy);
  const refused = outbound.rows().filter({ hasText: greedy });
  await outbound.rowAction((await refused.getAttribute('data-id'))!, 'Dispatch');
  await flows.dialog('Confirm dispatch').getByRole('button', { name: 'Dispatch', exact: true }).click();
  await expect(outbound.notice(/not enough stock of/)).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await flows.quantityOf(item.itemId)).toBe(item.quantity - 2);
});

test('a count of an item is completed with a changed quantity: the difference shows and becomes the quantity', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  await signIn(page, ITEMS.path);
  const flows = new InventoryFlows(page);
  const item = await flows.itemWithStock(1);

  const counts = inventoryScreen(page, consoleUrl(), INVENTORY_SCREENS[0]);
  await counts.open();
  await page.getByRole('button', { name: 'New count' }).click();
  const dialog = flows.dialog('New count');
  await flows.pick(dialog.getByTestId('warehouseName-input'), item.warehouse, item.warehouse);
  await flows.pick(dialog.getByTestId('itemIds-input'), item.name, `${item.name} ${item.sku}`.trim());
  await dialog.getByTestId('resource-form-submit').click();
  await expect(page).toHaveURL(/inventoryCount\/detail\?id=\d+$/);

  const sheet = page.getByTestId('count-sheet');
  const line = sheet.getByTestId(`count-line-${item.itemId}`);
  await expect(line.getByTestId('count-book')).toHaveText(String(item.quantity));
  await line.getByTestId('count-counted').fill(String(item.quantity + 4));
  await expect(line.getByTestId('count-difference')).toHaveText('+4');
  await expect(sheet.getByTestId('count-summary')).toHaveText('1 of 1 items counted · total difference +4');
  await page.screenshot({ path: 'test-results/inventory-count-sheet.png', fullPage: true });
  await sheet.getByTestId('count-complete').click();
  await expect(flows.dialog('Complete the count')).toContainText('total difference +4');
  await flows.dialog('Complete the count').getByRole('button', { name: 'confirm' }).click();

  await expect(detailField(page, 'status')).toContainText('completed');
  await expect(detailField(page, 'difference')).toContainText('+4');
  await expect(sheet).toHaveCount(0);
  expect(await flows.quantityOf(item.itemId)).toBe(item.quantity + 4);
});

test('the new forms read in Chinese (screenshots for a look)', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  await signIn(page, ITEMS.path, { language: 'zh-CN' });
  const flows = new InventoryFlows(page);
  await inventoryScreen(page, consoleUrl(), ITEMS).waitForRows();
  await page.getByRole('button', { name: '登记商品' }).click();
  await flows.dialog('登记商品').getByTestId('resource-form-submit').click();
  await expect(flows.dialog('登记商品')).toContainText('请选择商品规格');
  await page.screenshot({ path: 'test-results/inventory-register-zh.png', fullPage: true });
  await flows.dialog('登记商品').getByRole('button', { name: '取消' }).click();

  await inventoryScreen(page, consoleUrl(), INVENTORY_SCREENS[5]).open();
  await page.getByRole('button', { name: '新建出库申请' }).click();
  const dialog = flows.dialog('新建出库申请');
  await flows.pick(dialog.getByTestId('warehouseName-input'), 'Shanghai', 'Shanghai Service Warehouse');
  await dialog.getByTestId('order-line-item-0').click();
  await page.getByRole('option').first().click();
  await dialog.getByTestId('lines-add-line').click();
  await dialog.getByRole('textbox', { name: '联系电话', exact: true }).fill('12345');
  await dialog.getByTestId('resource-form-submit').click();
  await expect(dialog).toContainText('手机号格式错误');
  await expect(dialog).toContainText('请填写地址');
  await page.screenshot({ path: 'test-results/inventory-outbound-zh.png', fullPage: true });
});
