// Issue 27 §2, cartage templates, in real Chromium against the real servers: the demo merchant creates a cartage
// template (floor prices with and without a lift, two distance bands, a minimum; the form prices a sample job as it
// is typed), publishes a new goods item with it chosen in goods release (the picker shows the sample job's price),
// and the list shows the template used by that one item. Screens in en-US and zh-CN at 1440 px.
import { test, expect } from '@playwright/test';
import { GoodsReleasePage } from '../pages/goods-release-page';
import { freshPng } from '../pages/media-files';
import { CartagePages, CARTAGE_LIST_PATH } from '../pages/shop-cartage';
import { ConsoleShell } from '../pages/console-shell';
import { signIn, switchLanguage } from '../support/sign-in';
import { consoleUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';

test.use({ viewport: { width: 1440, height: 900 } });

test('the merchant creates a cartage template, uses it in a new goods item, and sees it in the list with its goods count', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const name = `E2E ${run} villa`;
  const cartage = new CartagePages(page, consoleUrl());
  await signIn(page, CARTAGE_LIST_PATH);
  await cartage.list.waitForRows();
  // The demo store's seeded template (cartage.seed.ts), used by the sofas.
  await expect(cartage.row('Bulky carry-in')).toContainText('0–30 m ¥0.00; 30–100 m ¥20.00');
  await expect(cartage.goodsCount('Bulky carry-in')).not.toHaveText('0');

  await cartage.openAdd();
  await cartage.fill({ name, liftYuan: '2', stairsYuan: '8', bands: [{ from: '0', to: '50', yuan: '0' }, { from: '50', to: '150', yuan: '20' }], minimumYuan: '40' });
  // 2 pieces to floor 6 without a lift, 30 m: 2 × 5 floors × ¥8.00, in the free first band.
  await expect(cartage.preview()).toContainText('2 pieces to floor 6, no lift, 30 m carry: ¥80.00');
  await screenshot(page, 'cartage-form-en-US');
  await cartage.save();
  await cartage.list.waitForRows();
  await expect(cartage.row(name)).toContainText('0–50 m ¥0.00; 50–150 m ¥20.00');
  await expect(cartage.goodsCount(name)).toHaveText('0');

  const release = new GoodsReleasePage(page, consoleUrl());
  await release.open();
  await release.form().waitFor();
  await release.chooseCategory('Building materials / Tiles');
  await release.fillBasics('Marco Tiles', `E2E ${run} cartage tile`);
  await release.tickSpecValues('Size', ['300x300']);
  await release.tickSpecValues('Finish', ['matte']);
  await release.chooseUnit('square metre');
  await release.bulkFill('12.50', '100');
  await release.pickNewImages([freshPng(`cartage-tile-${run}.png`)]);
  await release.setFreightTemplate();
  await cartage.chooseInRelease(name);
  await expect(cartage.releaseHint()).toContainText('¥80.00');
  await screenshot(page, 'goods-release-cartage-picker-en-US');
  await release.writeDetail('Carried up to the flat.');
  await release.submit();
  await expect(release.submitSuccess()).toBeVisible();

  await cartage.list.open();
  await expect(cartage.goodsCount(name)).toHaveText('1');
  await screenshot(page, 'cartage-templates-en-US');

  await switchLanguage(page, 'zh-CN');
  await cartage.list.waitForRows();
  await expect(cartage.row(name)).toContainText('0–50 米 ¥0.00；50–150 米 ¥20.00');
  await expect(new ConsoleShell(page, consoleUrl()).mainMenu().getByText('搬运费模板', { exact: true })).toBeVisible();
  await screenshot(page, 'cartage-templates-zh-CN');
  await cartage.openEdit(name);
  await expect(cartage.preview()).toContainText('2 件送至 6 楼、无电梯、搬运 30 米：¥80.00');
  await screenshot(page, 'cartage-form-zh-CN');
});
