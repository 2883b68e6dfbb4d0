import { test, expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { SHIPPING_SCREENS, ShippingScreens } from '../pages/shipping-screens';
import { buyerPlacesAndPaysMany, buyerWithdraws } from '../support/buyer';
import { merchantClient, orderState } from '../support/merchant';
import { signIn } from '../support/sign-in';
import { consoleUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';

// The console's shipping screens against the real servers (issue 11): a buyer of this run places and pays
// orders through the keyed buyer routes; the merchant ships one with the form (carrier from the list,
// tracking number), sees the result and prints its slip, and ships others from an .xlsx sheet written
// here with exceljs — a line the console refuses before sending is removed, and a line the server refuses
// (the buyer withdrew that order after the import) comes back with its code and text while the others ship.

// A flow crosses several screens: more than the default minute on a busy machine.
const FLOW_TIMEOUT = 240_000;

async function sheetBytes(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('shipping');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

test('the merchant ships one order with the form, sees the result, prints its slip and opens the shipment', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  const [order] = await buyerPlacesAndPaysMany(merchant, { tag: 'ship1' }, 1);
  await signIn(page, `${SHIPPING_SCREENS.shippingOrder}?orderId=${order!.orderId}`);
  const screens = new ShippingScreens(page, consoleUrl());

  await expect(page.getByTestId('ship-orderNo')).toContainText(order!.orderNo);
  await screens.shipForm().getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(screens.shipForm()).toContainText('carrier is required');
  await expect(screens.shipForm()).toContainText('tracking no. is required');
  await screenshot(page, 'shippingOrder-errors');
  expect((await orderState(merchant, order!.orderId)).status).toBe(1);

  const trackingNo = `SF${Date.now()}`;
  await screens.ship('SF Express', trackingNo);
  await expect(page).toHaveURL(new RegExp(`${SHIPPING_SCREENS.deliverySuccess}\\?orderId=${order!.orderId}&shipmentId=\\d+`));
  await expect(screens.successSummary()).toHaveText(`Order ${order!.orderNo} was handed to SF Express, tracking number ${trackingNo}.`);
  await screenshot(page, 'deliverySuccess');
  const state = await orderState(merchant, order!.orderId);
  expect(state.status).toBe(2);
  expect(state.shipments.map((shipment) => [shipment.carrier, shipment.trackingNo])).toEqual([['SF', trackingNo]]);

  await screens.nextStep('Print delivery slip').click();
  await expect(screens.slip(order!.orderId)).toContainText(order!.buyerName);
  await expect(screens.slip(order!.orderId).getByTestId('slip-tracking')).toHaveText(trackingNo);
  await screenshot(page, 'deliverySlip');
  // What the printer gets: the slips alone, the console's shell hidden.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await expect(screens.slip(order!.orderId)).toBeVisible();
  await screenshot(page, 'deliverySlip-print');
  await page.emulateMedia({ media: 'screen' });

  await page.goBack();
  await screens.nextStep('View shipment').click();
  await expect(screens.detailField('trackingNo')).toHaveText(trackingNo);
  await expect(screens.detailField('status')).toHaveText('awaiting pickup');
  await expect(page.getByTestId('shipment-timeline').getByRole('listitem')).toHaveCount(1);
  await screenshot(page, 'sendOutGoodsDetail');
});

test('the merchant ships orders from an .xlsx sheet: lines checked first, each line answered, a refused one shows why', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  const [byNumber, byId, badTracking, withdrawn] = await buyerPlacesAndPaysMany(merchant, { tag: 'bulk' }, 4);
  await signIn(page, SHIPPING_SCREENS.orderDelivery);
  const screens = new ShippingScreens(page, consoleUrl());
  await screens.worklist.waitForRows();
  await screens.worklist.search({ buyer: byNumber!.buyerName });
  await expect(screens.worklist.rows()).toHaveCount(4);
  await screenshot(page, 'orderDelivery');

  await screens.openImport();
  const template = new ExcelJS.Workbook();
  await template.xlsx.readFile(await screens.downloadTemplate());
  const templateRows = template.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
  expect(templateRows[0]!.slice(1)).toEqual(['order no. (orderNo)', 'order ID (orderId)', 'carrier (carrier)', 'tracking no. (trackingNo)']);
  // Prefilled with the store's orders to ship, these among them.
  expect(templateRows.slice(1).map((row) => row[1])).toEqual(expect.arrayContaining([byNumber!.orderNo, withdrawn!.orderNo]));
  await screenshot(page, 'import-dialog');

  const run = Date.now();
  await screens.importSheet(
    'shipping.xlsx',
    await sheetBytes([
      ['orderNo', 'orderId', 'carrier', 'trackingNo'],
      [byNumber!.orderNo, '', 'ZTO Express', `ZT${run}1`],
      ['', byId!.orderId, '中通快递', `ZT${run}2`],
      [badTracking!.orderNo, '', 'ZTO', 'not a tracking no'],
      [withdrawn!.orderNo, '', 'zto', `ZT${run}4`],
    ]),
  );
  await expect(screens.draftLine(4)).toContainText('The tracking number may hold only letters, digits and hyphens');
  await expect(page.getByTestId('bulk-invalid')).toHaveText(/1 line has errors/);
  await screenshot(page, 'import-lines');
  await screens.removeLine(4);
  await expect(page.getByTestId('bulk-invalid')).toHaveCount(0);

  // After the import, the buyer withdraws one of the orders: the server refuses that line alone.
  await buyerWithdraws(withdrawn!);
  await screens.send(3);
  await expect(screens.resultSummary()).toHaveText('Finished: 2 shipped, 1 failed');
  await expect(screens.resultLine(2)).toHaveAttribute('data-ok', 'true');
  await expect(screens.resultLine(3)).toHaveAttribute('data-ok', 'true');
  await expect(screens.resultLine(5)).toHaveAttribute('data-ok', 'false');
  await expect(screens.resultLine(5)).toContainText('10100005');
  await expect(screens.resultLine(5).getByTestId('result-message')).not.toBeEmpty();
  await screenshot(page, 'bulk-results');

  expect((await orderState(merchant, byNumber!.orderId)).shipments.map((s) => [s.carrier, s.trackingNo])).toEqual([['ZTO', `ZT${run}1`]]);
  expect((await orderState(merchant, byId!.orderId)).status).toBe(2);
  expect((await orderState(merchant, badTracking!.orderId)).status).toBe(1);
  expect((await orderState(merchant, withdrawn!.orderId)).status).toBe(5);

  await page.getByRole('button', { name: 'Retry failed lines (1)' }).click();
  await expect(page.getByTestId('draft-last-failure')).toContainText('10100005');
  // The lines are still unsent: closing asks first.
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The worklist refreshed: only the order that was not sent is still to ship.
  await expect(screens.worklist.rows()).toHaveCount(1);
  await expect(screens.worklist.row(badTracking!.orderId)).toBeVisible();
});

test('in Chinese, the lines of an imported sheet and their errors read in the language of the merchant', async ({ page }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const merchant = await merchantClient();
  const [order] = await buyerPlacesAndPaysMany(merchant, { tag: 'zh' }, 1);
  await signIn(page, SHIPPING_SCREENS.orderDelivery, { language: 'zh-CN' });
  const screens = new ShippingScreens(page, consoleUrl());
  await screens.worklist.waitForRows();
  await page.getByRole('button', { name: '导入发货表格', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导入发货表格' });
  await dialog.getByTestId('bulk-file-input').setInputFiles({
    name: '发货.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await sheetBytes([
      ['订单编号', '物流公司', '运单号'],
      [order!.orderNo, '顺丰速运', '顺丰 123'],
      ['NO-SUCH-ORDER', '信鸽快递', 'XG1'],
    ]),
  });
  await expect(screens.draftLine(2)).toContainText('运单号只能包含字母、数字和短横线');
  await expect(screens.draftLine(3)).toContainText('待发货订单中没有编号为 NO-SUCH-ORDER 的订单');
  await expect(screens.draftLine(3)).toContainText('未知的物流公司“信鸽快递”');
  await expect(dialog.getByTestId('bulk-invalid')).toContainText('2 行有错误');
  await screenshot(page, 'import-lines-zh');
  // Nothing was sent: the order is still to ship.
  expect((await orderState(merchant, order!.orderId)).status).toBe(1);
});
