import { expect, type Locator, type Page } from '@playwright/test';
import type { LabelledSkuSpec } from '@merchant/api-contracts';
import type { SecureClient } from '@merchant/secure-transport';
import { buyer } from '../support/buyer';
import { skuPickerLabel } from '../support/merchant';
import { CONTRACT_PATHS, DEMO_STORE_ID } from '../support/stack';
import { ResourceListPage } from './resource-list-page';

export const GROUP_BUYS_LIST_PATH = '/marketing/SpellGroup';

export interface NewGroupBuy {
  name: string;
  /** Typed into the SKU picker to find it (the goods title). */
  skuSearch: string;
  /** The option to choose: the goods title and the SKU's spec values, as the picker shows it. */
  skuLabel: string;
  /** Yuan as typed, e.g. '12.50'. */
  groupPriceYuan: string;
}

/** The console's group-buy screens (issue 28 §2) in a merchant's terms; selectors live here only. */
export class GroupBuyPages {
  /** The activity list, a resource-kit list (its table, rows and their ids). */
  readonly list: ResourceListPage;

  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
  ) {
    this.list = new ResourceListPage(page, consoleUrl, 'marketing.groupBuys', GROUP_BUYS_LIST_PATH);
  }

  async openList() {
    await this.list.open();
  }

  row(name: string): Locator {
    return this.list.rows().filter({ hasText: name });
  }

  /** The activity id of the row named (the table's row id). */
  async groupBuyIdOf(name: string): Promise<number> {
    return Number(await this.row(name).getAttribute('data-id'));
  }

  /** Fills the add form (one SKU at its group price; teams of 2, limits and run window as the form starts) and saves it. */
  async add(groupBuy: NewGroupBuy) {
    await this.page.getByRole('button', { name: 'New group buy' }).click();
    await expect(this.page).toHaveURL(new RegExp(`${GROUP_BUYS_LIST_PATH}/add$`));
    // The form's own name field (the list kept alive behind it has a name search too).
    await this.page.getByTestId('group-buy-name').fill(groupBuy.name);
    const sku = this.page.getByRole('combobox', { name: /^SKU/ });
    await sku.click();
    await sku.fill(groupBuy.skuSearch);
    await this.page.getByRole('option', { name: groupBuy.skuLabel, exact: true }).click();
    await this.page.getByTestId('group-buy-line-price-0').fill(groupBuy.groupPriceYuan);
    await this.page.getByTestId('resource-form-submit').click();
    await expect(this.page).toHaveURL(new RegExp(`${GROUP_BUYS_LIST_PATH}$`));
  }

  async openTeams(groupBuyId: number) {
    await this.page.goto(`${this.consoleUrl}${GROUP_BUYS_LIST_PATH}/team?id=${groupBuyId}`);
  }

  async openOrders(groupBuyId: number) {
    await this.page.goto(`${this.consoleUrl}${GROUP_BUYS_LIST_PATH}/order?id=${groupBuyId}`);
  }

  /** A row of the teams or orders table by a text in it (a leader's or buyer's name). */
  tableRow(text: string): Locator {
    return this.page.locator('[role=row][data-id]', { hasText: text });
  }
}

export interface TeamSeat {
  teamId: number;
  state: number;
  members: number;
  orderId: number;
  orderNo: string;
}

const BUYER_PHONE = '13912345678';

const orderBody = (groupBuyId: number, skuId: number, buyerAccid: string, buyerName: string) => ({
  storeId: DEMO_STORE_ID,
  activityId: groupBuyId,
  buyerAccid,
  buyerName,
  buyerPhone: BUYER_PHONE,
  receiver: { name: buyerName, phone: BUYER_PHONE, address: '66 Team Road, Hangzhou' },
  items: [{ skuId, quantity: 1 }],
});

/** A buyer starts a team through store-server's keyed buyer route: the order is placed and paid, held for the team. */
export function startTeam(groupBuyId: number, skuId: number, buyerAccid: string, buyerName: string): Promise<TeamSeat> {
  return buyer<TeamSeat>('/buyer/group-buys/start', orderBody(groupBuyId, skuId, buyerAccid, buyerName));
}

/** A buyer joins a forming team (placing and paying the order); the seat that fills it forms the team. */
export function joinTeam(groupBuyId: number, teamId: number, skuId: number, buyerAccid: string, buyerName: string): Promise<TeamSeat> {
  return buyer<TeamSeat>('/buyer/group-buys/join', { ...orderBody(groupBuyId, skuId, buyerAccid, buyerName), teamId });
}

/** The demo store's first on-shelf SKU in stock with its goods title, its label in the en-US SKU picker (`merchant` asks in en-US) and its list price. */
export async function someSku(merchant: SecureClient): Promise<{ skuId: number; title: string; label: string; price: number }> {
  const skus = await merchant.request<{ list: { skuId: number; stock: number; title: string; price: number; specValues: Record<string, string>; specLabels?: LabelledSkuSpec['specLabels'] }[] }>(CONTRACT_PATHS.skuStockList, {
    pageNum: 1,
    pageSize: 50,
    goodsStatus: 2,
    stockStatus: 1,
  });
  const sku = skus.data.list.find((candidate) => candidate.stock >= 5 && candidate.price >= 200);
  if (!sku) throw new Error('the demo store has no on-shelf SKU in stock');
  return { ...sku, label: skuPickerLabel(sku, 'en-US') };
}
