// Issue 28 §3, time-limited sales, in real Chromium against the real servers: the demo merchant creates a sale with
// a stock of N on the add screen, buyers buy through store-server's buyer route until it is sold out (exactly N
// succeed, the next is refused), and the console's list and details show stock 0 and N sold. The sale's name
// carries the run, so a rerun never meets an earlier one.
import { test, expect } from '@playwright/test';
import { FlashSalePages, buyInSale, orderableSku, saleSkuIds } from '../pages/marketing-flash-sales';
import { merchantClient } from '../support/merchant';
import { signIn } from '../support/sign-in';
import { OK, consoleUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';

test.use({ viewport: { width: 1440, height: 900 } });

const STOCK = 3;

test('a sale created with a stock of N sells exactly N units, refuses the next, and its details show stock 0 and N sold', async ({ page }) => {
  const run = Date.now().toString(36);
  const name = `E2E ${run} flash`;
  const sales = new FlashSalePages(page, consoleUrl());
  const merchant = await merchantClient('en-US');
  try {
    await signIn(page, '/marketing/TimeLimit');
    // The demo store's seeded sale runs now, in its all-day slot (flash-sales.seed.ts).
    await expect(sales.row('全天秒杀 · 瓷砖专场')).toContainText('running');

    const sku = await orderableSku(merchant, STOCK + 1);
    await sales.add({ name, skuTitle: sku.title, skuLabel: sku.label, priceYuan: '0.01', stock: STOCK, perBuyerLimit: 1 });
    await expect(sales.row(name)).toContainText('running');
    await expect(sales.row(name)).toContainText(`${STOCK} / 0`);
    await expect(sales.row(name).getByRole('timer')).toBeVisible();
    await screenshot(page, 'flash-sales-list-en-US');

    const saleId = await sales.saleIdOf(name);
    const [skuId] = await saleSkuIds(merchant, saleId);
    expect(skuId).toBe(sku.skuId);
    const answers = [];
    for (let i = 0; i < STOCK + 1; i++) answers.push(await buyInSale(saleId, skuId!, `c_e2e_flash_${run}_${i}`));
    expect(answers.slice(0, STOCK).map((answer) => answer.code)).toEqual(Array(STOCK).fill(OK));
    expect(answers[STOCK]).toMatchObject({ code: '10100005', msg: `SKU ${skuId} is sold out` });

    await sales.openList();
    await expect(sales.row(name)).toContainText(`0 / ${STOCK}`);
    await sales.openDetails(name);
    await expect(sales.detail()).toContainText(name);
    const cells = sales.skuRows().nth(1).getByRole('cell');
    await expect(cells.nth(3)).toHaveText(String(STOCK));
    await expect(cells.nth(4)).toHaveText('0');
    await expect(cells.nth(5)).toHaveText(String(STOCK));
    await screenshot(page, 'flash-sale-details-en-US');
  } finally {
    merchant.dispose();
  }
});
