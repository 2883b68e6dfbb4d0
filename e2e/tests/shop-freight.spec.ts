// Issue 27 §1, freight templates, in real Chromium against the real servers: the demo merchant creates a freight
// template (by count, with its own price for Guangdong), publishes a new goods item with it chosen in goods release
// (the picker previews its price for a sample cart), and the tester shows its freight to Nanshan and the rule.
import { test, expect } from '@playwright/test';
import { GoodsReleasePage } from '../pages/goods-release-page';
import { freshPng } from '../pages/media-files';
import { FreightPages, FREIGHT_LIST_PATH } from '../pages/shop-freight';
import { signIn } from '../support/sign-in';
import { consoleUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';

test.use({ viewport: { width: 1440, height: 900 } });

test('the merchant creates a freight template, uses it in a new goods item, and sees its freight in the tester', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const name = `E2E ${run} by count`;
  const freight = new FreightPages(page, consoleUrl());
  await signIn(page, FREIGHT_LIST_PATH);
  await freight.list.waitForRows();
  // The demo store's seeded templates (freight.seed.ts).
  await expect(freight.row('Standard delivery')).toContainText('first 1 pcs ¥10.00, each further 1 pcs ¥5.00');

  await freight.addByCount({ name, firstYuan: '8', furtherYuan: '3', group: { region: 'Guangdong', firstYuan: '15', furtherYuan: '4' } });
  await freight.list.waitForRows();
  await expect(freight.row(name)).toContainText('first 1 pcs ¥8.00, each further 1 pcs ¥3.00');
  await screenshot(page, 'freight-templates-en-US');

  const release = new GoodsReleasePage(page, consoleUrl());
  await release.open();
  await release.form().waitFor();
  await release.chooseCategory('Building materials / Tiles');
  await release.fillBasics('Marco Tiles', `E2E ${run} freight tile`);
  await release.tickSpecValues('Size', ['300x300']);
  await release.tickSpecValues('Finish', ['matte']);
  await release.chooseUnit('square metre');
  await release.bulkFill('12.50', '100');
  await release.pickNewImages([freshPng(`freight-tile-${run}.png`)]);
  await release.setFreightTemplate(name);
  // Sample cart (2 pieces) to the first district of the city list (Huangpu, Shanghai): the default block, ¥8 + ¥3.
  await expect(release.freightPreview()).toContainText('¥11.00');
  await screenshot(page, 'goods-release-freight-picker-en-US');
  await release.writeDetail('Laid indoors.');
  await release.submit();
  await expect(release.submitSuccess()).toBeVisible();

  await freight.list.open();
  await expect(freight.row(name)).toContainText(/\b1\b/);
  await freight.test(name, 'Guangdong / Shenzhen / Nanshan District', 3);
  await expect(freight.testerResult()).toContainText('Freight: ¥23.00');
  await expect(freight.testerResult()).toContainText('Region freight group 1 (Guangdong)');
  await screenshot(page, 'freight-tester-en-US');
});
