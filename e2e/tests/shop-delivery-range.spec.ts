// Issue 27 §5, delivery range, in real Chromium against the real servers. A store of the test's own, with no freight
// template yet, adds a range with a town: refused, the town named and "no freight template covers it" on the towns
// field. It then creates a freight template and adds the range again: accepted and listed. The demo store's seeded
// ranges (one in each state) are shown in en-US and zh-CN: the list, the form and the ineffective ranges.
import { test, expect } from '@playwright/test';
import { DeliveryRangePages, RANGE_INEFFECT_PATH, RANGE_LIST_PATH } from '../pages/shop-delivery-range';
import { FreightPages, FREIGHT_LIST_PATH } from '../pages/shop-freight';
import { approvedOwnStore } from '../support/own-store';
import { signIn, switchLanguage } from '../support/sign-in';
import { consoleUrl, storeUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';

test.use({ viewport: { width: 1440, height: 900 } });

test('a town no freight template covers is refused; once a template covers it, the range is accepted and listed', async ({ page }) => {
  test.setTimeout(240_000);
  const own = await approvedOwnStore(storeUrl(), { prefix: 'range', mobilePrefix: '135' });
  const ranges = new DeliveryRangePages(page, consoleUrl());
  await signIn(page, RANGE_LIST_PATH, { userName: own.userName });
  await expect(page.getByText('No delivery ranges yet')).toBeVisible();

  await ranges.openNew();
  await ranges.fill({ name: 'Shekou evenings', towns: ['Shekou'], markupYuan: '6.5' });
  await expect(ranges.uncoveredWarning()).toContainText('No freight template covers: Shekou.');
  await ranges.submit();
  await expect(ranges.townsError()).toHaveText('no freight template covers Shekou; it cannot be added to a delivery range');
  await screenshot(page, 'delivery-range-refused-en-US');

  // The merchant delivers to Guangdong in a freight template, then saves the same range.
  const freight = new FreightPages(page, consoleUrl());
  await page.goto(`${consoleUrl()}${FREIGHT_LIST_PATH}`);
  await freight.addByCount({ name: 'Range test delivery', firstYuan: '8', furtherYuan: '3', group: { region: 'Guangdong', firstYuan: '12', furtherYuan: '4' } });
  await page.goto(`${consoleUrl()}${RANGE_LIST_PATH}`);
  await ranges.openNew();
  await ranges.fill({ name: 'Shekou evenings', towns: ['Shekou'], markupYuan: '6.5' });
  await expect(ranges.uncoveredWarning()).toHaveCount(0);
  await ranges.submit();
  await ranges.backOnList();
  await expect(ranges.row('Shekou evenings')).toContainText('Shekou');
  await expect(ranges.row('Shekou evenings')).toContainText('6.50');
  await expect(ranges.row('Shekou evenings')).toContainText('effective');
});

test('the demo store sees its ranges in each state, in en-US and zh-CN', async ({ page }) => {
  test.setTimeout(180_000);
  const ranges = new DeliveryRangePages(page, consoleUrl());
  await signIn(page, RANGE_LIST_PATH);
  await ranges.list.waitForRows();
  // delivery-range.seed.ts: effective and pending here, the ineffective one under ineffect.
  await expect(ranges.row('Huangpu daytime')).toContainText('effective');
  await expect(ranges.row('Huangpu daytime')).toContainText('09:00–18:00');
  await expect(ranges.row('Nanshan evenings')).toContainText('pending');
  await expect(ranges.row('Xuhui spring trial')).toHaveCount(0);
  await screenshot(page, 'delivery-range-list-en-US');

  await ranges.list.rowAction(await ranges.row('Huangpu daytime').getAttribute('data-id') ?? '', 'Edit');
  await expect(page.getByRole('tree').getByRole('checkbox', { name: 'Bund Home Centre', exact: true })).toBeChecked();
  await screenshot(page, 'delivery-range-edit-en-US');

  await page.goto(`${consoleUrl()}${RANGE_INEFFECT_PATH}`);
  await ranges.ineffect.waitForRows();
  await expect(ranges.ineffectRow('Xuhui spring trial')).toContainText('ineffective');
  await screenshot(page, 'delivery-range-ineffect-en-US');

  await switchLanguage(page, 'zh-CN');
  await ranges.ineffect.waitForRows();
  await expect(ranges.ineffectRow('Xuhui spring trial')).toContainText('已失效');
  await screenshot(page, 'delivery-range-ineffect-zh-CN');
  await page.goto(`${consoleUrl()}${RANGE_LIST_PATH}`);
  await ranges.list.waitForRows();
  await expect(ranges.row('Huangpu daytime')).toContainText('生效中');
  await expect(ranges.row('Nanshan evenings')).toContainText('待生效');
  await screenshot(page, 'delivery-range-list-zh-CN');
  await ranges.list.rowAction(await ranges.row('Huangpu daytime').getAttribute('data-id') ?? '', '编辑');
  await expect(page.getByRole('tree').getByRole('checkbox', { name: 'Bund Home Centre', exact: true })).toBeChecked();
  await screenshot(page, 'delivery-range-edit-zh-CN');
});
