import { expect, type Page } from '@playwright/test';
import { ResourceListPage } from './resource-list-page';

/** /goods lists (issue 9 §3). */
export class GoodsListPage extends ResourceListPage {
  constructor(page: Page, consoleUrl: string) {
    super(page, consoleUrl, 'goods.list', '/goods/goodList/goodAll');
  }
}

export class SalesInventoryPage extends ResourceListPage {
  constructor(page: Page, consoleUrl: string) {
    super(page, consoleUrl, 'goods.stock', '/goods/salesInventory/salesInventoryManagement');
  }

  async stockOf(skuId: string): Promise<number> {
    return Number(await this.cell(skuId, 'stock').textContent());
  }

  /** 'Adjust stock' on a SKU: change it by `delta`. */
  async adjustStock(skuId: string, delta: number) {
    await this.rowAction(skuId, 'Adjust stock');
    const dialog = this.page.getByRole('dialog', { name: 'Adjust stock' });
    await dialog.getByTestId('adjust-quantity').fill(String(delta));
    await dialog.getByTestId('resource-form-submit').click();
    await expect(dialog).toBeHidden();
  }

  /** Bulk edit of the selected SKUs: one price (yuan) and one stock for all of them. */
  async bulkEdit(skuIds: string[], price: string, stock: string) {
    for (const id of skuIds) await this.select(id);
    await this.bulkAction('Edit price and stock');
    const dialog = this.page.getByRole('dialog', { name: 'Edit price and stock' });
    await dialog.getByLabel('Price for all (yuan)').fill(price);
    await dialog.getByTestId('bulk-apply-price').click();
    await dialog.getByLabel('Stock for all').fill(stock);
    await dialog.getByTestId('bulk-apply-stock').click();
    await dialog.getByTestId('resource-form-submit').click();
    await expect(dialog).toBeHidden();
  }
}
