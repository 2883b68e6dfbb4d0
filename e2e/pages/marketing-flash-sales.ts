import { expect, type Locator, type Page } from '@playwright/test';
import type { LabelledSkuSpec } from '@merchant/api-contracts';
import type { SecureClient } from '@merchant/secure-transport';
import { BUYER_KEY } from '../support/buyer';
import { skuPickerLabel } from '../support/merchant';
import { chooseOption } from '../support/select-option';
import { CONTRACT_PATHS, DEMO_STORE_ID, storeUrl } from '../support/stack';
import { ResourceListPage } from './resource-list-page';

export const FLASH_SALES_LIST_PATH = '/marketing/TimeLimit';
const DETAILS_PATH = '/v1/store/eshop/marketing/flash-sales/details';

export interface NewFlashSale {
  name: string;
  /** The SKU's goods title (what the picker searches) and its label there (title and spec values). */
  skuTitle: string;
  skuLabel: string;
  /** Yuan as typed, e.g. '0.01'. */
  priceYuan: string;
  stock: number;
  perBuyerLimit: number;
}

/** MM/DD/YYYY digits of a day in the browser's (and this process's) time zone, as the en-US date field takes them. */
const dateDigits = (date: Date) => `${String(date.getMonth() + 1).padStart(2, '0')}${String(date.getDate()).padStart(2, '0')}${date.getFullYear()}`;

/** The console's time-limited sale screens (issue 28 §3) in a merchant's terms; selectors live here only. */
export class FlashSalePages {
  readonly list: ResourceListPage;

  constructor(private readonly page: Page, consoleUrl: string) {
    this.list = new ResourceListPage(page, consoleUrl, 'marketing.flashSales', FLASH_SALES_LIST_PATH);
  }

  async openList() {
    await this.list.open();
  }

  row(name: string): Locator {
    return this.list.rows().filter({ hasText: name });
  }

  async saleIdOf(name: string): Promise<number> {
    return Number(await this.row(name).getAttribute('data-id'));
  }

  /**
   * Fills the add form: the first SKU the picker offers at the given price and stock, one all-day slot
   * (00:00–24:00, so the sale sells whenever the test runs), running from today for three days; saves it.
   */
  async add(sale: NewFlashSale) {
    await this.page.getByRole('button', { name: 'New time-limited sale' }).click();
    await this.page.getByTestId('flash-sale-name').fill(sale.name);
    await this.page.getByRole('combobox', { name: /^SKU/ }).first().fill(sale.skuTitle);
    await this.page.getByRole('listbox', { name: 'SKU' }).getByRole('option', { name: sale.skuLabel, exact: true }).first().click();
    await this.page.getByTestId('flash-sale-line-price-0').fill(sale.priceYuan);
    await this.page.getByTestId('flash-sale-line-stock-0').fill(String(sale.stock));
    await this.chooseSlot(0, '00:00', '24:00');
    await this.page.getByRole('button', { name: 'Remove slot 2' }).click();
    await this.page.getByTestId('flash-sale-per-buyer-limit').fill(String(sale.perBuyerLimit));
    const dates = this.page.getByRole('group', { name: 'Dates' });
    const today = new Date();
    await dates.getByRole('spinbutton').first().click();
    await this.page.keyboard.type(dateDigits(today));
    await dates.getByRole('spinbutton').nth(3).click();
    await this.page.keyboard.type(dateDigits(new Date(today.getTime() + 3 * 24 * 3600 * 1000)));
    await this.page.getByTestId('resource-form-submit').click();
    await expect(this.page).toHaveURL(new RegExp(`${FLASH_SALES_LIST_PATH}$`));
  }

  private async chooseSlot(line: number, from: string, to: string) {
    await chooseOption(this.page.getByRole('combobox', { name: /^From/ }).nth(line), from);
    await chooseOption(this.page.getByRole('combobox', { name: /^To/ }).nth(line), to);
  }

  async openDetails(name: string) {
    await this.openList();
    await this.row(name).getByRole('link', { name: 'Details' }).click();
  }

  detail(): Locator {
    return this.page.getByTestId('resource-detail-marketing.flashSales');
  }

  /** The cells of the details' SKU table, row by row. */
  skuRows(): Locator {
    return this.detail().getByRole('table', { name: 'Goods in the sale' }).getByRole('row');
  }
}

/** An on-shelf SKU of the demo store with goods stock to spare, and its label in the en-US SKU picker (`merchant` asks in en-US). */
export async function orderableSku(merchant: SecureClient, atLeast: number): Promise<{ skuId: number; title: string; label: string }> {
  const skus = await merchant.request<{ list: { skuId: number; stock: number; title: string; specValues: Record<string, string>; specLabels?: LabelledSkuSpec['specLabels'] }[] }>(CONTRACT_PATHS.skuStockList, { pageNum: 1, pageSize: 50, goodsStatus: 2, stockStatus: 1 });
  const sku = skus.data.list.find((candidate) => candidate.stock >= atLeast);
  if (!sku) throw new Error(`the demo store has no on-shelf SKU with ${atLeast} in stock`);
  return { skuId: sku.skuId, title: sku.title, label: skuPickerLabel(sku, 'en-US') };
}

/** The sale's SKU ids as the merchant's details call answers them. */
export async function saleSkuIds(merchant: SecureClient, saleId: number): Promise<number[]> {
  const details = await merchant.request<{ skus: { skuId: number }[] }>(DETAILS_PATH, { saleId });
  return details.data.skus.map((sku) => sku.skuId);
}

/** A buyer buys one unit in the sale through store-server's keyed route; the answer whatever its code. */
export async function buyInSale(saleId: number, skuId: number, buyerAccid: string): Promise<{ code: string; msg: string }> {
  const phone = '13912345678';
  const response = await fetch(`${storeUrl()}/buyer/flash-sales/buy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-buyer-key': BUYER_KEY },
    body: JSON.stringify({ storeId: DEMO_STORE_ID, saleId, buyerAccid, buyerName: 'E2E flash buyer', buyerPhone: phone, receiver: { name: 'E2E flash buyer', phone, address: '88 Test Road, Hangzhou' }, items: [{ skuId, quantity: 1 }] }),
  });
  return (await response.json()) as { code: string; msg: string };
}
